import { PAYMENT_WINDOW_SECONDS } from '@shop/contracts/checkout';
import { formatNumber, type Language, type LocalizedText } from '@shop/contracts/i18n';
import { isCardKind } from '@shop/contracts/orders';
import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { CardHoldLimits } from '../../config.ts';
import { lockForTransaction, type Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { stockRecords, type ReservableLine } from '../catalogue/stock-reservation.ts';
import { orderIsOpen } from './orders.repo.ts';
import { orders } from './orders.tables.ts';

/**
 * Bounds on the cards unpaid orders hold (issue 25, ADR 0043): per account and per client network
 * across their open orders, per order a share of each product's free stock, and in time two
 * payment windows from the checkout. Paid orders are not bounded here: their cards are bought.
 */

const texts = {
  perAccount: {
    en: 'You can hold at most {limit} cards in unpaid orders; this checkout would make {total}. Lower the quantities, or pay or cancel an open order first.',
    my: 'ငွေမပေးရသေးသော အော်ဒါများတွင် ကတ် အများဆုံး {limit} ကတ်သာ ထားနိုင်ပါသည်၊ ဤငွေရှင်းမှုဖြင့် {total} ကတ် ဖြစ်သွားပါမည်။ အရေအတွက်ကို လျှော့ပါ၊ သို့မဟုတ် ဖွင့်ထားသော အော်ဒါကို ဦးစွာ ငွေပေးချေပါ သို့မဟုတ် ပယ်ဖျက်ပါ။',
  },
  perAddress: {
    en: 'At most {limit} cards can be held in unpaid orders from one network at a time; {left} more can be held there now. Lower the quantities, or try again in a few minutes.',
    my: 'ကွန်ရက်တစ်ခုမှ ငွေမပေးရသေးသော အော်ဒါများတွင် ကတ် အများဆုံး {limit} ကတ်သာ တစ်ပြိုင်နက် ထားနိုင်ပါသည်၊ ယခု {left} ကတ်သာ ထပ်ထားနိုင်ပါသည်။ အရေအတွက်ကို လျှော့ပါ၊ သို့မဟုတ် မိနစ်အနည်းငယ်အကြာတွင် ထပ်ကြိုးစားပါ။',
  },
  productShare: {
    en: 'One order can hold at most {limit} of {product} now, so that other customers can buy it too. Please lower the quantity.',
    my: 'အခြားဝယ်သူများလည်း ဝယ်နိုင်စေရန် အော်ဒါတစ်ခုတွင် {product} ကို ယခု အများဆုံး {limit} ခုသာ ထားနိုင်ပါသည်။ အရေအတွက်ကို လျှော့ပါ။',
  },
  holdOver: {
    en: 'The {minutes} minutes to pay this order are over and its cards went back on sale. Please check out again.',
    my: 'ဤအော်ဒါအတွက် ငွေပေးချေရန် {minutes} မိနစ် ကုန်သွားပြီး ၎င်း၏ ကတ်များကို ပြန်လည် ရောင်းချနေပါပြီ။ ကျေးဇူးပြု၍ ထပ်မံ ငွေရှင်းပါ။',
  },
} as const satisfies Record<string, LocalizedText>;

function fill(
  template: LocalizedText,
  lang: Language,
  values: Record<string, number | string>,
): string {
  let text: string = template[lang];
  for (const [name, value] of Object.entries(values))
    text = text.replace(`{${name}}`, typeof value === 'number' ? formatNumber(value, lang) : value);
  return text;
}

/** The latest moment an order checked out at `holdStartedAt` may hold its cards. */
export function holdDeadline(holdStartedAt: Date, limits: CardHoldLimits): Date {
  return new Date(holdStartedAt.getTime() + limits.maxWindows * PAYMENT_WINDOW_SECONDS * 1000);
}

/** The end of a payment window opened at `now`: 300 s, or less when the hold's deadline is nearer. */
export function holdUntil(holdStartedAt: Date, now: Date, limits: CardHoldLimits): Date {
  const window = now.getTime() + PAYMENT_WINDOW_SECONDS * 1000;
  return new Date(Math.min(window, holdDeadline(holdStartedAt, limits).getTime()));
}

/** 409 for Pay Again past the hold's deadline (the order was ended and its cards freed). */
export function holdOverError(limits: CardHoldLimits, lang: Language): AppError {
  const minutes = (limits.maxWindows * PAYMENT_WINDOW_SECONDS) / 60;
  return new AppError('CONFLICT', fill(texts.holdOver, lang, { minutes }));
}

/** Cards live-held now by open (unpaid) orders matching `owner`, other than `orderId`. */
async function cardsHeldByOthers(tx: Db, orderId: string, owner: SQL, now: Date): Promise<number> {
  const open = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(owner, ne(orders.id, orderId), orderIsOpen()));
  return stockRecords(tx).countLiveHeldBy(
    open.map((o) => o.id),
    now,
  );
}

/** Serialises holds counted against one client network until the transaction ends. */
const lockNetwork = (tx: Db, network: string) => lockForTransaction(tx, `card-holds:${network}`);

/** Most cards of a product one order may hold when `stock` could be held by it. */
export function productAllowance(stock: number, limits: CardHoldLimits): number {
  return Math.max(Math.floor(stock * limits.productShare), Math.min(limits.productMinimum, stock));
}

export interface HoldRequest {
  orderId: string;
  userId: string;
  /** The client network the order was checked out from (null: not known, not counted). */
  network: string | null;
  lines: readonly ReservableLine[];
}

/**
 * Refuses with 409 (in the request's language, naming the limit) a hold of an unpaid order that
 * would take its account or its client network past their caps of held cards, or the order past
 * its share of a product's free stock; changes nothing. Runs in the hold's transaction before the
 * cards are taken. The caller holds the account's checkout lock (lockUserCheckout); the network's
 * advisory lock is taken here and held to the transaction's end, so two concurrent holds cannot
 * both pass a cap. Lock order: account, order rows, network, cards.
 */
export async function checkCardHoldLimits(
  tx: Db,
  request: HoldRequest,
  limits: CardHoldLimits,
  now: Date,
  lang: Language,
): Promise<void> {
  // Cards bought on demand at fulfilment (ADR 0063) hold no stock: no cap to count them against.
  const onDemand = await stockRecords(tx).onDemandOf(request.lines.map((l) => l.productId));
  const cardLines = request.lines.filter((l) => isCardKind(l.kind) && !onDemand.has(l.productId));
  const wanted = cardLines.reduce((n, l) => n + l.quantity, 0);
  if (wanted === 0) return;
  const heldByOthers = (whose: SQL) => cardsHeldByOthers(tx, request.orderId, whose, now);
  const account = await heldByOthers(eq(orders.userId, request.userId));
  if (account + wanted > limits.perAccount)
    throw new AppError(
      'CONFLICT',
      fill(texts.perAccount, lang, { limit: limits.perAccount, total: account + wanted }),
    );
  if (request.network !== null) {
    await lockNetwork(tx, request.network);
    const network = await heldByOthers(eq(orders.clientNetwork, request.network));
    if (network + wanted > limits.perAddress)
      throw new AppError(
        'CONFLICT',
        fill(texts.perAddress, lang, {
          limit: limits.perAddress,
          left: Math.max(0, limits.perAddress - network),
        }),
      );
  }
  const stock = await stockRecords(tx).countFreeOrHeldBy(
    request.orderId,
    cardLines.map((l) => l.productId),
    now,
  );
  for (const line of cardLines) {
    const available = stock.get(line.productId) ?? 0;
    // More than there is: the reservation answers "Sold out" / "Only N left".
    if (line.quantity > available) continue;
    const allowance = productAllowance(available, limits);
    if (line.quantity > allowance)
      throw new AppError(
        'CONFLICT',
        fill(texts.productShare, lang, { limit: allowance, product: line.name[lang] }),
      );
  }
}
