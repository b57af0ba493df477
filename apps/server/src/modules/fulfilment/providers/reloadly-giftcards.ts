import { z } from 'zod';
import { httpUrl, optionalMs } from '../../../platform/settings-fields.ts';
import { ConfigError } from '../../../config.ts';
import { providerSettings } from '../../payments/acquirer.ts';
import { TopupUnavailableError } from '../topup-provider.ts';
import { createReloadlyTokens, exchange, type Answer } from './reloadly.ts';
import { isRecord } from '../../../platform/json.ts';

/*
 * Reloadly Gift Cards (issue 28, "Gift cards on demand"; ADR 0063): the cards of a product whose
 * source is `reloadly` are bought when an order is fulfilled, written from Reloadly's published
 * API description (reloadly-api-documentation, openapi/paths/giftcards-*.yaml; going-live.md
 * §2.1, §6.1):
 * - token: as for top-ups (reloadly.ts), the audience being the gift-cards host;
 * - every call: Accept application/com.reloadly.giftcards-v1+json and the Bearer token;
 * - POST /orders {productId, quantity, unitPrice, customIdentifier, senderName} → {transactionId,
 *   status:"SUCCESSFUL", product{…}, …}; a refusal is a 4xx {message, errorCode, …};
 * - GET /orders/transactions/{transactionId}/cards → the codes: [{cardNumber, pinCode}] (the
 *   documented example is one object; both are read);
 * - GET /reports/transactions?startDate=&endDate= → the account's orders (an array in the
 *   documented example, a page {content:[…]} in other answers; no documented filter by
 *   customIdentifier, so the order is matched by it here).
 * Idempotency: the line's key is the order's customIdentifier, looked up in the report before
 * every order, so a retry after a lost answer finds the first order instead of buying twice.
 * recipientEmail is left out on purpose: Reloadly then mails its copy to the shop's own account
 * address, never to the customer (the shop delivers the code itself).
 */

export const RELOADLY_GIFTCARDS_ACCEPT = 'application/com.reloadly.giftcards-v1+json';

/** The variables that turn on gift cards on demand (RELOADLY_GIFTCARDS_URL set). */
export const reloadlyGiftCardsSettingsSchema = z.object({
  RELOADLY_CLIENT_ID: z.string().min(1),
  RELOADLY_CLIENT_SECRET: z.string().min(8),
  RELOADLY_AUTH_URL: httpUrl(),
  /** https://giftcards.reloadly.com (live) or https://giftcards-sandbox.reloadly.com; the audience. */
  RELOADLY_GIFTCARDS_URL: httpUrl(),
  /** The sender's name on the order (Reloadly's `senderName`); default "Shop". */
  RELOADLY_GIFTCARDS_SENDER: z.optional(z.string().min(1).max(100)),
  RELOADLY_TIMEOUT_MS: optionalMs(200, 60_000),
});

export interface ReloadlyGiftCardsSettings {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  giftcardsUrl: string;
  senderName: string;
  timeoutMs: number;
}

/**
 * The settings when gift cards on demand are configured (RELOADLY_GIFTCARDS_URL set), null when
 * they are not; a start with them set but incomplete stops (names only, never a value).
 */
export function reloadlyGiftCardsSettingsOrStop(
  env: Record<string, string | undefined>,
): ReloadlyGiftCardsSettings | null {
  if (!env.RELOADLY_GIFTCARDS_URL) return null;
  const found = providerSettings(reloadlyGiftCardsSettingsSchema, env);
  if ('problems' in found)
    throw new ConfigError(
      `Invalid configuration for Reloadly gift cards (RELOADLY_GIFTCARDS_URL):\n${found.problems
        .map((p) => `  ${p}`)
        .join('\n')}`,
    );
  const e = found.values;
  return {
    clientId: e.RELOADLY_CLIENT_ID,
    clientSecret: e.RELOADLY_CLIENT_SECRET,
    authUrl: e.RELOADLY_AUTH_URL,
    giftcardsUrl: e.RELOADLY_GIFTCARDS_URL.replace(/\/+$/, ''),
    senderName: e.RELOADLY_GIFTCARDS_SENDER ?? 'Shop',
    timeoutMs: e.RELOADLY_TIMEOUT_MS ?? 10_000,
  };
}

/** One order line's cards to buy. */
export interface GiftCardOrder {
  /** The line's key: Reloadly's customIdentifier. */
  idempotencyKey: string;
  reloadlyProductId: number;
  /** The unit price in the Reloadly product's currency, as a decimal ("10.00"). */
  unitPrice: string;
  quantity: number;
  /** When the line's request was first recorded: the report is searched from a day before. */
  since: Date;
}

/** A bought card: a serial the shop shows, the secret code it encrypts. */
export interface BoughtCard {
  serial: string;
  code: string;
}

export type GiftCardResult =
  | { status: 'success'; reference: string; message: string; cards: BoughtCard[] }
  | { status: 'failed'; reference: string; message: string };

/**
 * Buys the cards of a line. Throws TopupUnavailableError when the outcome is unknown (a timeout,
 * network error, 5xx, an order still being processed, codes not ready): the job retries with the
 * same key and the report is looked up first. `failed` only when nothing was bought.
 */
export interface GiftCardSource {
  name: string;
  buy(order: GiftCardOrder): Promise<GiftCardResult>;
  /**
   * What the aggregator's report says of a line's order, never placing one (support's check of an
   * unconfirmed line): its codes, its failure, or null when the report has no order by this key.
   * Throws TopupUnavailableError when that cannot be told now (unreachable, still processing).
   */
  find(
    order: Pick<GiftCardOrder, 'idempotencyKey' | 'quantity' | 'since'>,
  ): Promise<GiftCardResult | null>;
}

const textOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

const unavailable = (what: string) =>
  new TopupUnavailableError(`Reloadly gift cards: ${what}; the outcome is unknown`);

/** The rows of an answer that is a list, or a page of one under `content`. */
function rowsOf(answer: Answer): Record<string, unknown>[] {
  const list: unknown = Array.isArray(answer.body.content) ? answer.body.content : [answer.body];
  return (Array.isArray(list) ? list : []).filter(isRecord);
}

/** Reloadly's report time: "YYYY-MM-DD HH:mm:ss" (UTC). */
const reportTime = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 19);

const DAY_MS = 24 * 60 * 60 * 1000;
/** Report pages of 200 read at most for one lookup. */
const REPORT_PAGES_MAX = 50;

/** The codes of a card row: the card number, and its PIN when the card has one. */
function codeOf(row: Record<string, unknown>): string | null {
  const cardNumber = textOf(row.cardNumber);
  const pin = textOf(row.pinCode);
  if (!cardNumber && !pin) return null;
  return [cardNumber, pin ? `PIN ${pin}` : null].filter(Boolean).join(' / ');
}

export function createReloadlyGiftCardSource(
  settings: ReloadlyGiftCardsSettings,
  options: { now?: () => number } = {},
): GiftCardSource {
  const now = options.now ?? (() => Date.now());
  // The top-ups' token cache, asked for the gift-cards audience (the only field it reads of it).
  const tokens = createReloadlyTokens(
    {
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      authUrl: settings.authUrl,
      topupsUrl: settings.giftcardsUrl,
      webhookSecret: '',
      timeoutMs: settings.timeoutMs,
      pollBudgetMs: 0,
    },
    now,
  );

  /** A call to the gift-cards API; a refused token is replaced once and the call made again. */
  async function api(method: string, path: string, what: string, body?: unknown) {
    for (let tries = 1; ; tries += 1) {
      const token = await tokens.get();
      const answer = await exchange(
        `${settings.giftcardsUrl}${path}`,
        {
          method,
          headers: { accept: RELOADLY_GIFTCARDS_ACCEPT, authorization: `Bearer ${token}` },
          body,
        },
        settings.timeoutMs,
        what,
      );
      if (answer.status !== 401) return answer;
      tokens.drop(token);
      if (tries >= 2) throw unavailable(`${what} refused our new token`);
    }
  }

  /**
   * The order already made under this customIdentifier, if any (the report, matched here), page
   * by page while the answer is a page with more (`totalPages`, as the top-ups report pages).
   */
  async function lookUp(order: Pick<GiftCardOrder, 'idempotencyKey' | 'since'>) {
    const query = new URLSearchParams({
      startDate: reportTime(new Date(order.since.getTime() - DAY_MS)),
      endDate: reportTime(new Date(now() + DAY_MS)),
      size: '200',
    });
    for (let page = 1; page <= REPORT_PAGES_MAX; page += 1) {
      query.set('page', String(page));
      const answer = await api('GET', `/reports/transactions?${query.toString()}`, 'report lookup');
      if (answer.status !== 200)
        throw unavailable(`report lookup answered ${String(answer.status)}`);
      const row = rowsOf(answer).find((r) => r.customIdentifier === order.idempotencyKey);
      const transactionId = row ? textOf(row.transactionId) : null;
      if (row && transactionId) return { transactionId, status: textOf(row.status) };
      if (!(page < Number(answer.body.totalPages))) return null;
    }
    // More orders in two days than the pages read: unknown, never "not made".
    throw unavailable('report lookup has more pages than read');
  }

  /** The codes of a successful order, one per card; fewer than bought means not ready yet. */
  async function cardsOf(transactionId: string, quantity: number): Promise<BoughtCard[]> {
    const answer = await api('GET', `/orders/transactions/${transactionId}/cards`, 'card codes');
    if (answer.status !== 200) throw unavailable(`card codes answered ${String(answer.status)}`);
    const codes = rowsOf(answer)
      .map(codeOf)
      .filter((code): code is string => code !== null);
    if (codes.length < quantity)
      throw unavailable(`${String(codes.length)} of ${String(quantity)} codes ready`);
    return codes
      .slice(0, quantity)
      .map((code, i) => ({ serial: `RLD-${transactionId}-${String(i + 1)}`, code }));
  }

  /** What an order's status means: its codes, a refusal, or a wait (throws). */
  async function settle(
    transactionId: string,
    status: string | null,
    order: Pick<GiftCardOrder, 'quantity'>,
  ): Promise<GiftCardResult> {
    const reference = `RLD-${transactionId}`;
    if (status === 'SUCCESSFUL') {
      const cards = await cardsOf(transactionId, order.quantity);
      return { status: 'success', reference, message: `${String(cards.length)} card(s)`, cards };
    }
    // Only these words are final; any other (PENDING, PROCESSING…) is waited for, then left
    // unconfirmed by the job's last try: a card misread as refused would refund a bought card.
    if (status === 'FAILED' || status === 'REFUNDED')
      return { status: 'failed', reference, message: `${status}: gift card not bought` };
    throw unavailable(`order ${transactionId} is ${status ?? 'without a status'}`);
  }

  /** A new order; a refusal bought nothing unless the identifier was used (the report has it). */
  async function place(order: GiftCardOrder): Promise<GiftCardResult> {
    const answer = await api('POST', '/orders', 'order', {
      productId: order.reloadlyProductId,
      quantity: order.quantity,
      unitPrice: Number(order.unitPrice),
      customIdentifier: order.idempotencyKey,
      senderName: settings.senderName,
    });
    const transactionId = textOf(answer.body.transactionId);
    if (answer.status < 300 && transactionId)
      return settle(transactionId, textOf(answer.body.status), order);
    const again = await lookUp(order);
    if (again) return settle(again.transactionId, again.status, order);
    const code = textOf(answer.body.errorCode) ?? String(answer.status);
    if (code === 'INSUFFICIENT_BALANCE' || answer.status === 429)
      throw unavailable(`order refused for now (${code})`);
    return {
      status: 'failed',
      reference: '',
      message: `${code}: ${textOf(answer.body.message) ?? 'gift card order refused'}`,
    };
  }

  return {
    name: 'reloadly-giftcards',
    async buy(order) {
      const found = await lookUp(order);
      if (found) return settle(found.transactionId, found.status, order);
      return place(order);
    },
    async find(order) {
      const found = await lookUp(order);
      return found ? settle(found.transactionId, found.status, order) : null;
    },
  };
}
