import type { productKinds } from './catalogue.ts';
import type { PaymentStatus } from './checkout.ts';
import { formatNumber } from './languages.ts';
import type { LocalizedText } from './i18n.ts';
import { isOperatorCode, operatorNames } from './phone.ts';

/**
 * The order's statuses and how an order and its lines are shown: plain rules without schemas, so
 * the order pages and the shared-order page start without the schema library (issue 29); the
 * schemas (orders.ts, checkout.ts) re-export them.
 */

export const orderStatuses = ['pending', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * The one definition of "paid": the money was taken — paid, or paid and a failed part is being (or
 * was) refunded (ADR 0020). The server's payment rules and the order pages both ask it.
 */
export const paidPaymentStatuses = [
  'paid',
  'refund_pending',
  'refunded',
] as const satisfies readonly PaymentStatus[];
export const isPaidStatus = (status: PaymentStatus): boolean =>
  (paidPaymentStatuses as readonly PaymentStatus[]).includes(status);

/**
 * How an order is shown (ADR 0051): its stored status, except that an order stored `failed` is
 * `partly_delivered` when some of its lines were delivered, and `checking` when nothing was
 * delivered but a top-up is still being checked with the operator. Not a stored status: the
 * refund, retry and filter rules keep working on `failed`.
 */
export const orderDisplayStatuses = [...orderStatuses, 'partly_delivered', 'checking'] as const;
export type OrderDisplayStatus = (typeof orderDisplayStatuses)[number];

/**
 * A top-up line refused before anything was sent because the number is on another operator than
 * the product's (issue 28): its failure code is `wrong_operator:<the number's operator>` (a shop
 * operator code, else the aggregator's name for it).
 */
export const WRONG_OPERATOR_FAILURE = 'wrong_operator';

/** What the customer is told of a wrong-operator line, naming the number's operator; else null. */
export function wrongOperatorMessage(failureCode: string | null): LocalizedText | null {
  const prefix = `${WRONG_OPERATOR_FAILURE}:`;
  if (!failureCode?.startsWith(prefix)) return null;
  const operator = failureCode.slice(prefix.length);
  const name = isOperatorCode(operator) ? operatorNames[operator] : operator;
  return {
    en: `This number is on ${name}, not on this product's network: nothing was sent, and this item will be refunded`,
    my: `ဤနံပါတ်သည် ${name} ကွန်ရက်ဖြစ်ပြီး ဤပစ္စည်း၏ ကွန်ရက် မဟုတ်ပါ၊ ငွေဖြည့်ခြင်း မပြုလုပ်ခဲ့ပါ၊ ဤပစ္စည်းအတွက် ငွေပြန်အမ်းပေးပါမည်`,
  };
}

/**
 * A top-up line of several units of which only some arrived (ADR 0062): its failure code is
 * `partly_delivered:<units delivered>`; the rest of the line is refunded.
 */
export const PARTLY_DELIVERED_FAILURE = 'partly_delivered';

/** The units a failed line delivered all the same (a `partly_delivered:<n>` code), else 0. */
export function deliveredUnitsOf(failureCode: string | null): number {
  const prefix = `${PARTLY_DELIVERED_FAILURE}:`;
  if (!failureCode?.startsWith(prefix)) return 0;
  const units = Number(failureCode.slice(prefix.length));
  return Number.isInteger(units) && units > 0 ? units : 0;
}

/** What the customer is told of a partly delivered line; null for any other failure. */
export function partlyDeliveredMessage(
  failureCode: string | null,
  quantity: number,
): LocalizedText | null {
  const delivered = deliveredUnitsOf(failureCode);
  if (delivered === 0) return null;
  const rest = quantity - delivered;
  return {
    en: `${formatNumber(delivered, 'en')} of ${formatNumber(quantity, 'en')} top-ups arrived; the other ${formatNumber(rest, 'en')} could not be sent and will be refunded`,
    my: `ငွေဖြည့်ခြင်း ${formatNumber(quantity, 'my')} ခုအနက် ${formatNumber(delivered, 'my')} ခု ရောက်ရှိပါပြီ၊ ကျန် ${formatNumber(rest, 'my')} ခုကို မပို့နိုင်ပါ၊ ငွေပြန်အမ်းပေးပါမည်`,
  };
}

/** A line that failed as `unconfirmed`: the operator never answered, support checks it. */
export const isToCheck = (line: { status: string; failureCode: string | null }) =>
  line.status === 'failed' && line.failureCode === 'unconfirmed';

/** A line as the display status reads it: delivered, or a top-up waiting for the operator's check. */
export interface DisplayLine {
  status: string;
  toCheck: boolean;
  /** A failed line that delivered some of its units (ADR 0062). */
  deliveredUnits?: number | null;
}

export function orderDisplayStatus(
  status: (typeof orderStatuses)[number],
  lines: readonly DisplayLine[],
): OrderDisplayStatus {
  if (status !== 'failed') return status;
  if (lines.some((line) => line.status === 'delivered' || (line.deliveredUnits ?? 0) > 0))
    return 'partly_delivered';
  if (lines.some((line) => line.toCheck)) return 'checking';
  return 'failed';
}

/** Product kinds delivered from card stock (the rest are E-load). */
export const cardProductKinds = [
  'epin',
  'giftcard',
] as const satisfies readonly (typeof productKinds)[number][];
/**
 * A card's expiry is a calendar date (issue 26): "2027-12-31" stays 31 Dec 2027 on the order page,
 * in the e-mail, the PDF, the CSV and the back-office, never shifted by a time zone. It is kept as
 * the last second of that day in UTC (the card is sold until then), and read back as that date.
 */
export const cardExpiryInstant = (day: string): Date => new Date(`${day}T23:59:59Z`);

/** The calendar date ("2027-12-31") of a card's expiry as kept by cardExpiryInstant. */
export const cardExpiryDate = (expiresAt: string | Date): string =>
  new Date(expiresAt).toISOString().slice(0, 10);

export const isCardKind = (kind: string): boolean =>
  (cardProductKinds as readonly string[]).includes(kind);
