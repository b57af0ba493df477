import { randomInt, randomUUID } from 'node:crypto';
import {
  deliveredUnitsOf,
  isCardKind,
  PARTLY_DELIVERED_FAILURE,
  WRONG_OPERATOR_FAILURE,
} from '@shop/contracts/orders';
import type { FastifyBaseLogger } from 'fastify';
import { decryptSecret, encryptSecret } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import { RetryJob, type JobRow } from '../../platform/job-worker.ts';
import { enqueuePush } from '../notifications/push-jobs.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { jobs as jobsTable } from '../../platform/jobs.tables.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { Mailer } from '../../platform/messaging.ts';
import { stockRecords } from '../catalogue/stock-reservation.ts';
import type { LoyaltyService } from '../loyalty/loyalty.service.ts';
import {
  orderRecords,
  type OrderItemRow,
  type OrderRow,
  type OrderWithItems,
} from '../orders/orders.service.ts';
import { FULFIL_ORDER_JOB, paymentRecords } from '../payments/payments.service.ts';
import {
  enqueueRefundNotice,
  providerRefundSent,
  recordOrderRefund,
  refundRecords,
  type OrderRefundRow,
} from '../refunds/refunds.service.ts';
import { orderCodesEmail } from './fulfilment.email.ts';
import {
  createFulfilmentRepo,
  type DeliveredCard,
  type OrderCardRow,
  type TopupRequestRow,
} from './fulfilment.repo.ts';

import type { BoughtCard, GiftCardResult, GiftCardSource } from './providers/reloadly-giftcards.ts';
import {
  TopupAwaitingFundsError,
  TopupUnavailableError,
  type TopupMapping,
  type TopupUnitCost,
  type TopupProvider,
  type TopupResult,
} from './topup-provider.ts';

/** A delivered card as stored, for gift links (the module's public type). */
export type { OrderCardRow } from './fulfilment.repo.ts';

/** A card line bought on demand (ADR 0063): its Reloadly product, null when no longer set. */
type OnDemandSource = { reloadlyProductId: number; unitPrice: string } | null;

export { FULFIL_ORDER_JOB };
export const SEND_ORDER_CODES_JOB = 'send_order_codes';
/** A failed top-up line sent to the aggregator again at staff's request (ADR 0036). */
export const RETRY_TOPUP_JOB = 'retry_topup';

/**
 * Why a line failed (order_items.failure_code). `unconfirmed`: the top-up was sent but the
 * aggregator never answered, so it may have arrived; its refund must be checked against the
 * aggregator's records first (the refund reason says so).
 */
export type FailureCode = 'out_of_stock' | 'declined' | 'error' | 'unconfirmed' | 'not_delivered';

/** `not_delivered`: an `unconfirmed` top-up that support checked with the aggregator: it never arrived. */
export const RETRYABLE_FAILURES: readonly string[] = ['declined', 'error', 'not_delivered'];

/** A line's failure code from the aggregator's answer (none when it succeeded). */
const failureCodeOf = (result: TopupResult): string | null =>
  result.status === 'success'
    ? null
    : result.numberOperator
      ? `${WRONG_OPERATOR_FAILURE}:${result.numberOperator}`
      : result.deliveredUnits
        ? `${PARTLY_DELIVERED_FAILURE}:${String(result.deliveredUnits)}`
        : ('declined' satisfies FailureCode);

/** How long a line waits before it tries again while the aggregator balance is empty. */
export const AWAITING_FUNDS_RETRY_MS = 3 * 60_000;

/** The aggregator's idempotency key of a line's attempt: the item id, then `<id>:<attempt>`. */
export const topupKeyOf = (itemId: string, attempt: number) =>
  attempt === 1 ? itemId : `${itemId}:${String(attempt)}`;

/** Why staff cannot resolve or retry a line (the back-office answers each, ADR 0036). */
export type LineActionProblem =
  | 'no_order'
  | 'no_item'
  | 'not_unconfirmed'
  | 'resolved_otherwise'
  | 'refund_paid'
  /** The refund was sent to the payment's provider (ADR 0060): the money may be on its way back. */
  | 'refund_at_provider'
  | 'no_refund'
  | 'not_retryable'
  | 'resolve_first'
  | 'points_order'
  | 'no_recipient'
  | 'delivered';

export class LineActionError extends Error {
  readonly problem: LineActionProblem;
  constructor(problem: LineActionProblem) {
    super(problem);
    this.name = 'LineActionError';
    this.problem = problem;
  }
}

/** Where an order stands after a line changed: still owing a refund, refunded, or completed. */
export type LineOutcome = 'pending' | 'refunded' | 'completed';

/** The state a staff line action is recorded with (the audit's before and after). */
export interface LineState {
  line: { status: string; failureCode: string | null; attempt: number | null };
  order: { status: string; paymentStatus: string };
  refund: Pick<
    OrderRefundRow,
    'status' | 'amountMmk' | 'points' | 'pointsReturned' | 'partial'
  > | null;
}
export type LineChangeHook = (
  tx: Db,
  change: { before: LineState; after: LineState; outcome: LineOutcome | 'retrying' },
) => Promise<void>;

/** A line's price less the units it delivered all the same (a partly delivered line, ADR 0062). */
const undeliveredTotalOf = (item: OrderItemRow) =>
  Math.round(
    (item.lineTotalMmk * (item.quantity - deliveredUnitsOf(item.failureCode))) / item.quantity,
  );

/**
 * What the customer paid for the undelivered part of some lines of an order (discounts shared out
 * in proportion): the whole line, or the units a partly delivered line did not deliver.
 */
function paidForOf(order: OrderRow, items: OrderItemRow[]) {
  const itemsTotal = items.reduce((n, i) => n + i.lineTotalMmk, 0);
  return (lines: OrderItemRow[]) => {
    const owed = lines.reduce((n, i) => n + undeliveredTotalOf(i), 0);
    return (lines.length === items.length && owed === itemsTotal) || itemsTotal === 0
      ? order.totalMmk
      : Math.round((owed * order.totalMmk) / itemsTotal);
  };
}

export interface OrderDeliveries {
  cardsByItem: Map<string, DeliveredCard[]>;
  topupByItem: Map<string, TopupRequestRow>;
}

const retryOf = (job: JobRow): [string, number] => {
  const { itemId, attempt } = job.payload;
  if (typeof itemId !== 'string' || typeof attempt !== 'number')
    throw new Error(`job ${job.id} has no itemId or attempt`);
  return [itemId, attempt];
};

/** Who asked for the codes e-mail again: staff in the back-office, or the buyer (ADR 0050). */
export type CodesResendBy = 'staff' | 'customer';

/** Why the codes e-mail cannot be sent again. */
export type CodesResendProblem = 'no_order' | 'no_codes' | 'no_email';

export class CodesResendError extends Error {
  constructor(readonly problem: CodesResendProblem) {
    super(`codes e-mail not sent again: ${problem}`);
  }
}

/** A codes e-mail queued again: where it goes, where the order's codes went before, the job. */
export interface CodesResent {
  email: string;
  previousEmail: string | null;
  cards: number;
  job: string;
}

/** The address a codes job was queued for (a resend names it), else the order's. */
const payloadEmail = (job: JobRow): string | null =>
  typeof job.payload.email === 'string' ? job.payload.email : null;

const payloadOrderId = (job: JobRow): string => {
  const id = job.payload.orderId;
  if (typeof id !== 'string') throw new Error(`job ${job.id} has no orderId`);
  return id;
};

/**
 * Fulfilment of paid orders (DESIGN §6.4), run by the job worker. Every step is idempotent and
 * commits on its own, so a crash at any point is followed by a rerun that picks up where the
 * committed state says: cards are claimed and recorded in one transaction (never a second set),
 * each E-load request is recorded before the provider is called and re-sent with the same key,
 * and the order's end state, its loyalty points and the codes email job commit together.
 */
export function createFulfilmentService(deps: {
  db: Db;
  topup: TopupProvider;
  /** Where cards of products on demand are bought (ADR 0063); null: not configured. */
  giftCards?: GiftCardSource | null;
  pinKey: Buffer;
  mailer: Mailer;
  loyalty: LoyaltyService;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** A product's last card was sold: the cached catalogue must show it out of stock now. */
  soldOut?: () => Promise<void>;
  /**
   * An order's bank refund is pending, in the transaction that left it so (the order locked): it
   * may go back through the provider that took the payment (ADR 0060).
   */
  bankRefundOwed?: (tx: Db, orderId: string) => Promise<void>;
  /**
   * The aggregator operator and amount a top-up or data product is mapped to (topup-account's
   * mappings, ADR 0064); absent or null: none (a data line is then refused by the aggregator).
   */
  topupMappingOf?: (productId: string) => Promise<TopupMapping | null>;
  /**
   * Whether the aggregator balance (read at most every 30 s, so once for a batch of lines)
   * covers `quantity` units at `unitCost` (null: an unmapped product, whose cost is unknown;
   * topup-account, issue 28); absent: always.
   */
  topupFunds?: (unitCost: TopupUnitCost | null, quantity: number) => Promise<boolean>;
}) {
  const { db, log } = deps;
  const orders = orderRecords(db);
  const transaction = <T>(fn: (tx: Db) => Promise<T>) => orders.inTransaction(fn);
  const isPending = (item: OrderItemRow) => item.status === 'pending';

  /**
   * What a failed order owes for the lines not delivered (failed, or pending while staff retry
   * one), which of them wait for a check with the aggregator, and the payment flag's reason.
   */
  function refundOf(order: OrderRow, items: OrderItemRow[], byPoints: boolean) {
    const paidFor = paidForOf(order, items);
    const owed = items.filter((i) => i.status !== 'delivered');
    // A top-up that may have arrived is given back only after a look at the aggregator's
    // books: its share is flagged for support (points too), never returned here.
    const unconfirmed = owed.filter(
      (i) => i.status === 'failed' && i.failureCode === 'unconfirmed',
    );
    const settled = owed.filter((i) => !unconfirmed.includes(i));
    const check = unconfirmed.length
      ? `check unconfirmed top-ups with the aggregator before refunding (${
          byPoints
            ? `${deps.loyalty.pointsNeededFor(paidFor(unconfirmed))} points`
            : `${paidFor(unconfirmed)} MMK`
        }); `
      : '';
    const lines = owed
      .map(
        (i) =>
          `${i.sku ?? i.productId} x${i.quantity} ${i.status === 'pending' ? 'retrying' : (i.failureCode ?? 'error')}`,
      )
      .join(', ');
    return { paidFor, owed, unconfirmed, settled, reason: `${check}fulfilment_failed: ${lines}` };
  }

  /**
   * Points for the part of a failed order that was paid in money and delivered (ADR 0051): what
   * was paid less what is owed back for the rest (lines failed, unconfirmed or being retried).
   * A later delivery adds only its own share (creditOrder counts the order's earlier entries).
   */
  async function creditDelivered(tx: Db, order: OrderRow, byPoints: boolean, owedMmk: number) {
    if (byPoints || owedMmk >= order.totalMmk) return;
    await deps.loyalty.creditOrder(tx, {
      userId: order.userId,
      orderId: order.id,
      paidMmk: order.totalMmk - owedMmk,
    });
  }

  /** Step 1: every pending card line gets its cards, or fails when stock is short. */
  async function claimCards(orderId: string): Promise<OrderWithItems | null> {
    const soldFrom = new Set<string>();
    const claimed = await transaction(async (tx) => {
      const txOrders = orderRecords(tx);
      const order = await txOrders.lockOrder(orderId);
      if (!order || order.status !== 'processing') return null;
      const found = await txOrders.findOrder(orderId);
      if (!found) return null;
      const stock = stockRecords(tx);
      const delivered = createFulfilmentRepo(tx);
      const onDemand = await onDemandLines(tx, found.items);
      for (const item of found.items) {
        if (!isCardKind(item.kind) || !isPending(item) || onDemand.has(item.id)) continue;
        // The cards checkout reserved for this order first (DESIGN §6.5); only a reservation that
        // was lost (a late payment accepted after it ended) is made up from free stock.
        const locked = await stock.lockReserved(orderId, item.productId, item.quantity);
        const missing = item.quantity - locked.length;
        if (missing > 0) locked.push(...(await stock.lockAvailable(item.productId, missing)));
        if (locked.length < item.quantity) {
          // Cards other transactions hold right now may still come back (their order may fail):
          // only a shortage in committed stock is final.
          if ((await stock.countAvailable(item.productId)) >= missing)
            throw new RetryJob('card stock is being claimed by another order', 20 + randomInt(180));
          await txOrders.setItemStatus(item.id, 'failed', 'out_of_stock');
          // The line is refunded: the cards it still held go back on sale.
          if ((await stock.release([orderId], item.productId)) > 0) soldFrom.add(item.productId);
          log.warn({ orderId, productId: item.productId }, 'out of stock after payment');
          continue;
        }
        const ids = locked.map((c) => c.id);
        if ((await stock.markSold(ids)) !== ids.length) throw new Error('card sold under a lock');
        await delivered.insertOrderCards(
          ids.map((cardId, position) => ({
            orderId,
            orderItemId: item.id,
            cardId,
            position,
          })),
        );
        await txOrders.setItemStatus(item.id, 'delivered');
        soldFrom.add(item.productId);
      }
      return txOrders.findOrder(orderId);
    });
    // Counted after the commit: of two orders taking the last cards at once, the later count sees
    // both sales (inside the transaction neither sees the other's).
    if (deps.soldOut && soldFrom.size > 0) {
      const stock = stockRecords(db);
      // A count that fails cannot be retried (a rerun finds these lines delivered): announce then.
      const left = await Promise.all([...soldFrom].map((id) => stock.countAvailable(id))).catch(
        () => [0],
      );
      if (left.includes(0)) await deps.soldOut();
    }
    return claimed;
  }

  /**
   * The pending card lines whose cards are bought on demand (ADR 0063): their product's source is
   * Reloadly, or a purchase was recorded for them already (a product switched back to imported
   * stock meanwhile never gets a line delivered twice, from stock and from Reloadly).
   */
  async function onDemandLines(tx: Db, items: OrderItemRow[]) {
    const cardLines = items.filter((i) => isCardKind(i.kind) && isPending(i));
    if (cardLines.length === 0) return new Map<string, OnDemandSource>();
    const sources = await stockRecords(tx).onDemandOf(cardLines.map((i) => i.productId));
    const started = new Set(
      (await createFulfilmentRepo(tx).topupRequestsOf(cardLines.map((i) => i.id))).map(
        (r) => r.orderItemId,
      ),
    );
    return new Map<string, OnDemandSource>(
      cardLines
        .filter((i) => sources.has(i.productId) || started.has(i.id))
        .map((i) => [i.id, sources.get(i.productId) ?? null]),
    );
  }

  /**
   * The bought cards of an on-demand line, in one transaction with the line: stored sold with
   * their codes encrypted like imported stock, given to the line (order_cards), the line
   * delivered; a refused order fails the line (`declined`, refunded by finish). A rerun after a
   * commit finds the line no longer pending and changes nothing.
   */
  async function recordBoughtCards(
    tx: Db,
    orderId: string,
    item: OrderItemRow,
    result: GiftCardResult,
  ) {
    const txOrders = orderRecords(tx);
    const order = await txOrders.lockOrder(orderId);
    const line = (await txOrders.findOrder(orderId))?.items.find((i) => i.id === item.id);
    if (order?.status !== 'processing' || !line || !isPending(line)) return;
    await createFulfilmentRepo(tx).finishTopupRequest(item.id, result);
    if (result.status === 'failed') {
      await txOrders.setItemStatus(item.id, 'failed', 'declined' satisfies FailureCode);
      return;
    }
    await giveBoughtCards(tx, orderId, item, result.cards);
    await txOrders.setItemStatus(item.id, 'delivered');
  }

  /** Bought cards stored sold (codes encrypted like imported stock) and given to the line. */
  async function giveBoughtCards(
    tx: Db,
    orderId: string,
    item: OrderItemRow,
    bought: BoughtCard[],
  ) {
    const cards = bought.map((card) => ({
      id: randomUUID(),
      productId: item.productId,
      serial: card.serial,
      pinEncrypted: encryptSecret(card.code, deps.pinKey),
      status: 'sold' as const,
      soldAt: new Date(),
    }));
    await stockRecords(tx).insertCards(cards);
    await createFulfilmentRepo(tx).insertOrderCards(
      cards.map((card, position) => ({ orderId, orderItemId: item.id, cardId: card.id, position })),
    );
  }

  /**
   * Step 1b: an on-demand card line's cards are bought from Reloadly with the line's key, the
   * request recorded (and committed) first, like an E-load line's: a rerun looks the key up
   * before ordering again, and a line whose buy never answered ends `unconfirmed`.
   */
  async function buyOnDemand(orderId: string, item: OrderItemRow, source: OnDemandSource) {
    const giftCards = deps.giftCards;
    if (!giftCards || !source)
      throw new TopupUnavailableError(
        `no Reloadly gift-card source for product ${item.productId} (RELOADLY_GIFTCARDS_URL, the product's Reloadly id)`,
      );
    const key = topupKeyOf(item.id, 1);
    const request = await createFulfilmentRepo(db).startTopupRequest({
      orderItemId: item.id,
      idempotencyKey: key,
      provider: giftCards.name,
    });
    const result = await giftCards.buy({
      idempotencyKey: key,
      reloadlyProductId: source.reloadlyProductId,
      unitPrice: source.unitPrice,
      quantity: item.quantity,
      since: request.createdAt,
    });
    await transaction((tx) => recordBoughtCards(tx, orderId, item, result));
    log.info(
      { orderId, itemId: item.id, status: result.status, reference: result.reference },
      'gift cards bought on demand',
    );
  }

  /**
   * Before an attempt is first sent, the balance must cover it: else nothing is recorded or sent
   * and the line waits for funds (TopupAwaitingFundsError, no try used up). Once an attempt may
   * have been sent, it is always looked up at the aggregator: a top-up that already took the
   * money must be found, whatever the balance says now.
   */
  async function awaitFundsBeforeFirstSend(
    item: OrderItemRow,
    attempt: number,
    mapping: TopupMapping | null,
  ): Promise<void> {
    if (!deps.topupFunds || (await deps.topupFunds(mapping?.unitCost ?? null, item.quantity)))
      return;
    const requests = await createFulfilmentRepo(db).topupRequestsOf([item.id]);
    if (requests.some((r) => r.attempt === attempt)) return;
    throw new TopupAwaitingFundsError(
      `the ${deps.topup.name} balance does not cover this line: it waits for the account to be funded`,
    );
  }

  /**
   * One attempt of an E-load line: recorded (and committed) first, then sent with the attempt's
   * key; a rerun of the job sends the same key, which the aggregator answers from its record.
   * Throws when the aggregator gives no answer (the job retries).
   */
  async function callAggregator(item: OrderItemRow & { phoneNumber: string }, attempt: number) {
    const key = topupKeyOf(item.id, attempt);
    const mapping = (await deps.topupMappingOf?.(item.productId)) ?? null;
    await awaitFundsBeforeFirstSend(item, attempt, mapping);
    await createFulfilmentRepo(db).startTopupRequest({
      orderItemId: item.id,
      idempotencyKey: key,
      provider: deps.topup.name,
      attempt,
    });
    const kind = item.kind === 'data' ? 'data' : 'topup';
    return deps.topup.send({
      idempotencyKey: key,
      kind,
      mapping,
      msisdn: item.phoneNumber,
      operator: item.operatorCode,
      productCode: item.sku ?? item.productId,
      quantity: item.quantity,
      amountMmk: item.topupAmountMmk,
      dataMb: item.dataMb,
    });
  }

  /** The aggregator's answer on the attempt and the line, in the caller's transaction. */
  async function recordAnswer(tx: Db, itemId: string, attempt: number, result: TopupResult) {
    await createFulfilmentRepo(tx).finishTopupRequest(itemId, result, attempt);
    await orderRecords(tx).setItemStatus(
      itemId,
      result.status === 'success' ? 'delivered' : 'failed',
      failureCodeOf(result),
    );
  }

  /** Step 2: each pending E-load line is sent once (recorded first, the same key on retry). */
  async function sendTopup(order: OrderRow, item: OrderItemRow): Promise<void> {
    const { phoneNumber } = item;
    if (!phoneNumber) {
      await orders.setItemStatus(item.id, 'failed', 'error');
      return;
    }
    const result = await callAggregator({ ...item, phoneNumber }, 1);
    await transaction((tx) => recordAnswer(tx, item.id, 1, result));
    log.info(
      { orderId: order.id, itemId: item.id, status: result.status, reference: result.reference },
      'top-up answered',
    );
  }

  /**
   * Step 3: the order ends completed (points credited) or failed (the undelivered part flagged
   * for refund, or points given back; the delivered part earns its points); with cards delivered, the codes email is queued. One
   * transaction, done once: a rerun finds the order no longer processing.
   */
  async function finish(orderId: string): Promise<void> {
    await transaction(async (tx) => {
      const txOrders = orderRecords(tx);
      const order = await txOrders.lockOrder(orderId);
      if (!order || order.status !== 'processing') return;
      const found = await txOrders.findOrder(orderId);
      if (!found) return;
      const { items } = found;
      if (items.some(isPending)) throw new Error('order still has undelivered lines');
      const failed = items.filter((i) => i.status === 'failed');
      const txPayments = paymentRecords(tx);
      // What paid decides, not the order's chosen method (it can change after a QR is opened).
      const accepted = await txPayments.acceptedPayment(orderId);
      const byPoints = accepted?.method === 'points';
      if (failed.length === 0) {
        await txOrders.updateOrder(orderId, { status: 'completed', completedAt: new Date() });
        await enqueuePush(tx, orderId, 'order_completed');
        await deps.loyalty.creditOrder(tx, {
          userId: order.userId,
          orderId,
          paidMmk: byPoints ? 0 : order.totalMmk,
        });
      } else {
        await txOrders.updateOrder(orderId, { status: 'failed', completedAt: new Date() });
        await enqueuePush(tx, orderId, 'order_failed');
        const {
          paidFor,
          owed: failedLines,
          unconfirmed,
          settled,
          reason: why,
        } = refundOf(order, items, byPoints);
        const refund = paidFor(failedLines);
        await creditDelivered(tx, order, byPoints, refund);
        let reason = why;
        let pointsReturned = 0;
        if (byPoints && settled.length > 0) {
          pointsReturned = await deps.loyalty.refundPoints(tx, {
            userId: order.userId,
            orderId,
            points: deps.loyalty.pointsNeededFor(paidFor(settled)),
          });
          reason = `points_returned: ${reason}`;
        }
        // Points orders have a payment row too: it records what was given back and why; a cash
        // refund (or a support check) is flagged only when something is still owed.
        await txPayments.flagOrderRefund(orderId, refund, reason, {
          cash: !byPoints || unconfirmed.length > 0,
        });
        // What the customer sees and is told: refunded at once to points, else pending support.
        await recordOrderRefund(tx, {
          order,
          items,
          amountMmk: refund,
          destination: byPoints ? 'points' : 'bank',
          points: byPoints ? deps.loyalty.pointsNeededFor(refund) : null,
          pointsReturned,
          pending: !byPoints || unconfirmed.length > 0,
        });
        if (!byPoints) await deps.bankRefundOwed?.(tx, orderId);
        log.warn({ orderId, refund, reason, byPoints }, 'order failed: refund recorded');
      }
      if (items.some((i) => isCardKind(i.kind) && i.status === 'delivered'))
        await enqueueJob(tx, {
          type: SEND_ORDER_CODES_JOB,
          dedupeKey: `${SEND_ORDER_CODES_JOB}:${orderId}`,
          payload: { orderId },
        });
    });
  }

  async function deliveries(orderIds: string[], reveal: 'scratched' | 'all') {
    const fulfilment = createFulfilmentRepo(db);
    const orderCards = await fulfilment.cardsOfOrders(orderIds);
    const cards = new Map(
      (await stockRecords(db).cardsByIds(orderCards.map((c) => c.cardId))).map((c) => [c.id, c]),
    );
    const cardsByItem = new Map<string, DeliveredCard[]>();
    for (const orderCard of orderCards) {
      const card = cards.get(orderCard.cardId);
      if (!card) continue;
      const show = reveal === 'all' || orderCard.scratchedAt !== null;
      const list = cardsByItem.get(orderCard.orderItemId) ?? [];
      list.push({
        orderCard,
        card,
        pin: show ? decryptSecret(card.pinEncrypted, deps.pinKey) : null,
      });
      cardsByItem.set(orderCard.orderItemId, list);
    }
    return { orderCards, cardsByItem };
  }

  async function readPins(
    cardIds: string[],
  ): Promise<Map<string, { pin: string; serial: string }>> {
    const cards = await stockRecords(db).cardsByIds(cardIds);
    return new Map(
      cards.map((c) => [
        c.id,
        { pin: decryptSecret(c.pinEncrypted, deps.pinKey), serial: c.serial },
      ]),
    );
  }

  /**
   * The aggregator refused for lack of the shop's own funds: nothing was sent, so the job waits
   * (rescheduled, its tries untouched) rather than end `unconfirmed` or refunded; the low-balance
   * alert (ADR 0064) tells the owner. Once funded, the next run sends with the same keys.
   */
  async function awaitingFunds(job: JobRow, run: Promise<void>): Promise<void> {
    try {
      await run;
    } catch (err) {
      if (!(err instanceof TopupAwaitingFundsError)) throw err;
      log.warn(
        { jobId: job.id, type: job.type, err: err.message },
        'top-up waits for the aggregator balance to be funded',
      );
      throw new RetryJob(err.message, AWAITING_FUNDS_RETRY_MS);
    }
  }

  async function fulfilOrder(orderId: string): Promise<void> {
    const claimed = await claimCards(orderId);
    if (!claimed) return;
    const onDemand = await onDemandLines(db, claimed.items);
    for (const item of claimed.items) {
      if (onDemand.has(item.id)) await buyOnDemand(orderId, item, onDemand.get(item.id) ?? null);
    }
    for (const item of claimed.items) {
      if (isCardKind(item.kind) || !isPending(item)) continue;
      await sendTopup(claimed.order, item);
    }
    await finish(orderId);
  }

  /**
   * The last attempt failed (the provider stayed unreachable…): what is still pending fails, and
   * the order ends failed and flagged for refund rather than stay processing for ever.
   */
  async function abandonOrder(orderId: string): Promise<void> {
    const found = await orders.findOrder(orderId);
    if (!found || found.order.status !== 'processing') return;
    const pending = found.items.filter(isPending);
    const sent = new Set(
      (await createFulfilmentRepo(db).topupRequestsOf(pending.map((i) => i.id)))
        .filter((request) => request.status === 'sending')
        .map((request) => request.orderItemId),
    );
    for (const item of pending) {
      const code: FailureCode = sent.has(item.id) ? 'unconfirmed' : 'error';
      await orders.setItemStatus(item.id, 'failed', code);
    }
    await finish(orderId);
  }

  /**
   * A failed order after one of its lines changed (ADR 0036: an unconfirmed top-up resolved, a
   * retry answered or given up), with the order and its pending refund locked by the caller. The
   * refund becomes what the lines still not delivered cost (fulfilment's share rule), the
   * payment's flag says the same; a points order whose last unconfirmed line is settled gets its
   * points back now (as refund:done does) and is refunded; with every line delivered the order is
   * completed as fulfilment would have ended it (points earned once, the `order_completed` push),
   * its payment is no longer flagged and its refund row goes: it owes nothing. `delivered` names
   * the line that arrived, so the customer is told of it (a notice e-mail or SMS).
   */
  async function settleLines(
    tx: Db,
    order: OrderRow,
    refund: OrderRefundRow,
    delivered: string | null,
  ): Promise<LineOutcome> {
    const txOrders = orderRecords(tx);
    const items = (await txOrders.findOrder(order.id))?.items ?? [];
    const byPoints = refund.destination === 'points';
    const { paidFor, owed, unconfirmed, reason } = refundOf(order, items, byPoints);
    const payments = paymentRecords(tx);
    const refunds = refundRecords(tx);
    if (owed.length === 0) {
      await txOrders.updateOrder(order.id, {
        status: 'completed',
        paymentStatus: 'paid',
        completedAt: new Date(),
      });
      await enqueuePush(tx, order.id, 'order_completed');
      await deps.loyalty.creditOrder(tx, {
        userId: order.userId,
        orderId: order.id,
        paidMmk: byPoints ? 0 : order.totalMmk,
      });
      await payments.reflagOrderRefund(order.id, null);
      await refunds.removePending(order.id);
      if (delivered) await enqueueRefundNotice(tx, order.id, 'delivered', delivered);
      return 'completed';
    }
    const amountMmk = paidFor(owed);
    await creditDelivered(tx, order, byPoints, amountMmk);
    let points = refund.points;
    let pointsReturned = refund.pointsReturned;
    let refunded = false;
    if (byPoints) {
      points = deps.loyalty.pointsNeededFor(amountMmk);
      if (unconfirmed.length === 0 && !items.some(isPending)) {
        pointsReturned += await deps.loyalty.refundCheckedPoints(tx, {
          userId: order.userId,
          orderId: order.id,
          points: points - pointsReturned,
        });
        refunded = true;
      }
    }
    await refunds.recompute(order.id, {
      amountMmk,
      points,
      pointsReturned,
      partial: owed.length < items.length,
      refunded,
    });
    await payments.reflagOrderRefund(order.id, {
      amountMmk,
      reason: byPoints && pointsReturned > 0 ? `points_returned: ${reason}` : reason,
      cash: !byPoints || unconfirmed.length > 0,
    });
    if (refunded) await txOrders.updateOrder(order.id, { paymentStatus: 'refunded' });
    else if (!byPoints) await deps.bankRefundOwed?.(tx, order.id);
    if (delivered) await enqueueRefundNotice(tx, order.id, 'delivered', delivered);
    else if (refunded) {
      await enqueueRefundNotice(tx, order.id, 'refunded');
      await enqueuePush(tx, order.id, 'order_refunded');
    }
    return refunded ? 'refunded' : 'pending';
  }

  /** The order, its refund and one line, locked in that order (the order first, ADR 0017). */
  async function lockLine(tx: Db, orderId: string, itemId: string) {
    const txOrders = orderRecords(tx);
    const order = await txOrders.lockOrder(orderId);
    if (!order) throw new LineActionError('no_order');
    const refund = await refundRecords(tx).lock(orderId);
    const item = (await txOrders.findOrder(orderId))?.items.find((i) => i.id === itemId);
    if (!item) throw new LineActionError('no_item');
    const attempts = await createFulfilmentRepo(tx).topupRequestsOf([itemId]);
    return { order, refund, item, attempts };
  }

  async function lineState(tx: Db, orderId: string, itemId: string): Promise<LineState> {
    const found = await orderRecords(tx).findOrder(orderId);
    const item = found?.items.find((i) => i.id === itemId);
    const [refund] = await refundRecords(tx).ofOrders([orderId]);
    const last = (await createFulfilmentRepo(tx).topupRequestsOf([itemId])).at(-1);
    return {
      line: {
        status: item?.status ?? 'missing',
        failureCode: item?.failureCode ?? null,
        attempt: last?.attempt ?? null,
      },
      order: {
        status: found?.order.status ?? 'missing',
        paymentStatus: found?.order.paymentStatus ?? 'missing',
      },
      refund: refund
        ? {
            status: refund.status,
            amountMmk: refund.amountMmk,
            points: refund.points,
            pointsReturned: refund.pointsReturned,
            partial: refund.partial,
          }
        : null,
    };
  }

  const outcomeOf = (order: OrderRow, refund: OrderRefundRow | null): LineOutcome =>
    order.status === 'completed'
      ? 'completed'
      : refund?.status === 'refunded'
        ? 'refunded'
        : 'pending';

  /**
   * An `unconfirmed` line found delivered or not (staff's finding, or the aggregator's report for
   * a card): restated under the order lock the caller holds, and the order settled accordingly.
   */
  async function settleUnconfirmed(
    tx: Db,
    order: OrderRow,
    refund: OrderRefundRow,
    itemId: string,
    delivered: boolean,
  ): Promise<LineOutcome> {
    const restated = await orderRecords(tx).restateItem(
      itemId,
      { status: 'failed', failureCode: 'unconfirmed' },
      delivered
        ? { status: 'delivered', failureCode: null }
        : { status: 'failed', failureCode: 'not_delivered' satisfies FailureCode },
    );
    if (!restated) throw new Error('line changed under the order lock');
    return settleLines(tx, order, refund, delivered ? itemId : null);
  }

  /**
   * Staff checked an `unconfirmed` top-up with the aggregator (ADR 0036): it arrived (the line is
   * delivered) or it did not (the line fails as `not_delivered`). Once: the finding is kept on the
   * request, so the same call again changes nothing and the other finding is refused. Never
   * after the refund was paid out. `onChange` (the audit record) runs in the same transaction.
   */
  async function resolveUnconfirmed(
    orderId: string,
    itemId: string,
    delivered: boolean,
    onChange?: LineChangeHook,
  ): Promise<{ changed: boolean; outcome: LineOutcome }> {
    return transaction(async (tx) => {
      const { order, refund, item, attempts } = await lockLine(tx, orderId, itemId);
      const last = attempts.at(-1);
      const finding = delivered ? 'delivered' : 'not_delivered';
      if (last?.resolution) {
        if (last.resolution !== finding) throw new LineActionError('resolved_otherwise');
        return { changed: false, outcome: outcomeOf(order, refund) };
      }
      if (isCardKind(item.kind) || item.status !== 'failed' || item.failureCode !== 'unconfirmed')
        throw new LineActionError('not_unconfirmed');
      if (!refund) throw new LineActionError('no_refund');
      if (refund.status === 'refunded') throw new LineActionError('refund_paid');
      const before = await lineState(tx, orderId, itemId);
      if (last) await createFulfilmentRepo(tx).resolveTopupRequest(last.id, finding);
      const outcome = await settleUnconfirmed(tx, order, refund, itemId, delivered);
      await onChange?.(tx, { before, after: await lineState(tx, orderId, itemId), outcome });
      log.info({ orderId, itemId, delivered, outcome }, 'unconfirmed top-up resolved by staff');
      return { changed: true, outcome };
    });
  }

  /**
   * Support's check of an `unconfirmed` gift card bought on demand (issue 28): the aggregator's
   * report is read by the line's key, never ordering anything. Bought: its codes are given to the
   * line, which is delivered (the refund shrinks, the codes e-mail is queued); refused or absent:
   * the line fails as `not_delivered` (its refund stands). Once, audited in the transaction;
   * never after the refund was paid out. Throws TopupUnavailableError when the report cannot
   * tell now (unreachable, the order still processing): nothing changes.
   */
  async function checkUnconfirmedCards(
    orderId: string,
    itemId: string,
    onChange?: LineChangeHook,
  ): Promise<{ changed: boolean; outcome: LineOutcome; delivered: boolean }> {
    const line = (await orders.findOrder(orderId))?.items.find((i) => i.id === itemId);
    if (!line) throw new LineActionError('no_item');
    const request = (await createFulfilmentRepo(db).topupRequestsOf([itemId])).at(-1);
    const giftCards = deps.giftCards;
    if (!isCardKind(line.kind) || !giftCards || request?.provider !== giftCards.name)
      throw new LineActionError('not_unconfirmed');
    // Asked only while there is something to find out (a second call finds it resolved).
    const asked =
      request.resolution === null && line.status === 'failed' && line.failureCode === 'unconfirmed';
    const found = asked
      ? await giftCards.find({
          idempotencyKey: request.idempotencyKey,
          quantity: line.quantity,
          since: request.createdAt,
        })
      : null;
    return transaction(async (tx) => {
      const { order, refund, item, attempts } = await lockLine(tx, orderId, itemId);
      const last = attempts.at(-1);
      if (last?.resolution)
        return {
          changed: false,
          outcome: outcomeOf(order, refund),
          delivered: last.resolution === 'delivered',
        };
      if (!asked || item.status !== 'failed' || item.failureCode !== 'unconfirmed' || !last)
        throw new LineActionError('not_unconfirmed');
      if (!refund) throw new LineActionError('no_refund');
      if (refund.status === 'refunded') throw new LineActionError('refund_paid');
      const before = await lineState(tx, orderId, itemId);
      const delivered = found?.status === 'success';
      const fulfilment = createFulfilmentRepo(tx);
      if (found) await fulfilment.finishTopupRequest(itemId, found, last.attempt);
      if (found?.status === 'success') await giveBoughtCards(tx, orderId, item, found.cards);
      await fulfilment.resolveTopupRequest(last.id, delivered ? 'delivered' : 'not_delivered');
      const outcome = await settleUnconfirmed(tx, order, refund, itemId, delivered);
      if (delivered)
        await enqueueJob(tx, {
          type: SEND_ORDER_CODES_JOB,
          dedupeKey: `${SEND_ORDER_CODES_JOB}:${orderId}:checked:${itemId}`,
          payload: { orderId },
        });
      await onChange?.(tx, { before, after: await lineState(tx, orderId, itemId), outcome });
      log.info({ orderId, itemId, delivered, outcome }, 'unconfirmed gift card checked by staff');
      return { changed: true, outcome, delivered };
    });
  }

  /**
   * Staff send a top-up line that failed (declined, never sent, or checked not delivered) to the
   * aggregator again (ADR 0036): the line is pending and a `retry_topup` job with a dedupe key of
   * its own attempt is written in this transaction (with the audit record, `onChange`), so a
   * crash can neither lose the retry nor send it twice; the job uses a new idempotency key
   * (`<item>:<attempt>`). Only while the order's bank refund is pending: a points order's
   * settled lines got their points back at once. While the attempt runs, a second call changes
   * nothing.
   */
  async function startRetry(
    orderId: string,
    itemId: string,
    onChange?: LineChangeHook,
  ): Promise<{ changed: boolean; attempt: number }> {
    return transaction(async (tx) => {
      const { order, refund, item, attempts } = await lockLine(tx, orderId, itemId);
      const tried = attempts.at(-1)?.attempt ?? 0;
      if (isCardKind(item.kind)) throw new LineActionError('not_retryable');
      if (item.status === 'pending' && order.status === 'failed')
        return { changed: false, attempt: tried };
      if (item.status === 'delivered') throw new LineActionError('delivered');
      if (item.status !== 'failed') throw new LineActionError('not_retryable');
      if (item.failureCode === 'unconfirmed') throw new LineActionError('resolve_first');
      if (!RETRYABLE_FAILURES.includes(item.failureCode ?? 'error'))
        throw new LineActionError('not_retryable');
      if (!refund) throw new LineActionError('no_refund');
      if (refund.status === 'refunded') throw new LineActionError('refund_paid');
      if (refund.destination === 'points') throw new LineActionError('points_order');
      if (await providerRefundSent(tx, refund.id)) throw new LineActionError('refund_at_provider');
      if (!item.phoneNumber) throw new LineActionError('no_recipient');
      // A retry job that died before recording its request still used up its attempt number.
      const jobs = await tx
        .select({ payload: jobsTable.payload })
        .from(jobsTable)
        .where(
          and(
            eq(jobsTable.type, RETRY_TOPUP_JOB),
            sql`${jobsTable.payload} ->> 'orderId' = ${orderId}`,
          ),
        );
      const queued = jobs
        .filter((j) => j.payload.itemId === itemId)
        .map((j) => Number(j.payload.attempt) || 0);
      const attempt = Math.max(tried, 1, ...queued) + 1;
      const before = await lineState(tx, orderId, itemId);
      const restated = await orderRecords(tx).restateItem(
        itemId,
        { status: 'failed', failureCode: item.failureCode },
        { status: 'pending', failureCode: null },
      );
      if (!restated) throw new Error('line changed under the order lock');
      await enqueueJob(tx, {
        type: RETRY_TOPUP_JOB,
        dedupeKey: `${RETRY_TOPUP_JOB}:${itemId}:${String(attempt)}`,
        payload: { orderId, itemId, attempt },
      });
      await settleLines(tx, order, refund, null);
      const after = await lineState(tx, orderId, itemId);
      await onChange?.(tx, {
        before,
        after: { ...after, line: { ...after.line, attempt } },
        outcome: 'retrying',
      });
      return { changed: true, attempt };
    });
  }

  /** The retry job: one attempt, sent with its own key; the answer settles the order. */
  async function retryTopup(orderId: string, itemId: string, attempt: number): Promise<void> {
    const item = (await orders.findOrder(orderId))?.items.find((i) => i.id === itemId);
    const phoneNumber = item?.phoneNumber;
    if (!item || item.status !== 'pending' || !phoneNumber) return;
    const result = await callAggregator({ ...item, phoneNumber }, attempt);
    await transaction(async (tx) => {
      const { order, refund, item: line } = await lockLine(tx, orderId, itemId);
      if (line.status !== 'pending' || refund?.status !== 'refund_pending') return;
      await recordAnswer(tx, itemId, attempt, result);
      await settleLines(tx, order, refund, result.status === 'success' ? itemId : null);
    });
    log.info(
      { orderId, itemId, attempt, status: result.status, reference: result.reference },
      'top-up retry answered',
    );
  }

  /** The retry's last attempt failed: sent and never answered is `unconfirmed`, else `error`. */
  async function abandonRetry(orderId: string, itemId: string, attempt: number): Promise<void> {
    await transaction(async (tx) => {
      const { order, refund, item, attempts } = await lockLine(tx, orderId, itemId);
      if (item.status !== 'pending' || refund?.status !== 'refund_pending') return;
      const sent = attempts.some((a) => a.attempt === attempt && a.status === 'sending');
      await orderRecords(tx).setItemStatus(itemId, 'failed', sent ? 'unconfirmed' : 'error');
      await settleLines(tx, order, refund, null);
    });
  }

  /**
   * The codes email (at least once: a crash after sending and before recording resends), to `to`
   * when the job names an address (a resend, ADR 0050), else to the order's address.
   */
  async function sendOrderCodes(orderId: string, to: string | null = null): Promise<void> {
    const found = await orders.findOrder(orderId);
    const email = to ?? found?.order.email;
    if (!found || !email) return;
    const { cardsByItem } = await deliveries([orderId], 'all');
    const instructions = await stockRecords(db).instructionsOf(found.items.map((i) => i.productId));
    await deps.mailer.send({
      to: email,
      ...orderCodesEmail({
        order: found.order,
        items: found.items,
        cardsByItem,
        instructions,
        orderUrl: `${deps.publicUrl}/orders/${orderId}`,
      }),
    });
  }

  /**
   * Queues the codes e-mail of an order again (a new job: the first one's key is spent), to
   * `email` when given — which becomes the order's address, so its page shows where the codes
   * went — else to the order's address. Only for an order with cards delivered. `record` runs in
   * the same transaction (staff's audit record), so a crash loses neither.
   */
  async function queueCodesAgain(
    orderId: string,
    request: {
      email?: string | null;
      by: CodesResendBy;
      record?: (tx: Db, sent: CodesResent) => Promise<void>;
    },
  ): Promise<CodesResent> {
    const sent = await transaction(async (tx) => {
      const txOrders = orderRecords(tx);
      const order = await txOrders.lockOrder(orderId);
      if (!order) throw new CodesResendError('no_order');
      const cards = (await createFulfilmentRepo(tx).cardsOfOrders([orderId])).length;
      if (cards === 0) throw new CodesResendError('no_codes');
      const email = request.email ?? order.email;
      if (!email) throw new CodesResendError('no_email');
      if (email !== order.email) await txOrders.setEmail(orderId, email);
      const job = `${SEND_ORDER_CODES_JOB}:${orderId}:resend:${randomUUID()}`;
      await enqueueJob(tx, {
        type: SEND_ORDER_CODES_JOB,
        dedupeKey: job,
        payload: { orderId, resend: true, by: request.by, email },
      });
      const done: CodesResent = { email, previousEmail: order.email, cards, job };
      await request.record?.(tx, done);
      return done;
    });
    log.info(
      { orderId, by: request.by, changed: sent.email !== sent.previousEmail, job: sent.job },
      'codes e-mail queued again',
    );
    return sent;
  }

  return {
    fulfilOrder,
    abandonOrder,
    sendOrderCodes,
    queueCodesAgain,
    resolveUnconfirmed,
    checkUnconfirmedCards,
    startRetry,

    /** Cards and E-load results of orders, PINs only of revealed cards (or all, for downloads). */
    async deliveriesOf(
      orderIds: string[],
      itemIds: string[],
      reveal: 'scratched' | 'all',
    ): Promise<OrderDeliveries> {
      const { cardsByItem } = await deliveries(orderIds, reveal);
      const topups = await createFulfilmentRepo(db).topupRequestsOf(itemIds);
      return { cardsByItem, topupByItem: new Map(topups.map((t) => [t.orderItemId, t])) };
    },

    /** Redemption instructions and gift-card face values of products (catalogue stock data). */
    async productDetails(productIds: string[]) {
      const stock = stockRecords(db);
      const [instructions, faceValues] = await Promise.all([
        stock.instructionsOf(productIds),
        stock.faceValuesOf(productIds),
      ]);
      return { instructions, faceValues };
    },

    /** The delivered card with this id and the order it belongs to, or null. */
    async findDeliveredCard(cardId: string): Promise<OrderCardRow | null> {
      return createFulfilmentRepo(db).findOrderCard(cardId);
    },

    /** Reveals cards to their buyer (scratch or download): marks them scratched, answers PINs. */
    async revealCards(cardIds: string[]): Promise<Map<string, { pin: string; serial: string }>> {
      await createFulfilmentRepo(db).markScratched(cardIds);
      return readPins(cardIds);
    },

    /** The PINs of cards, not marking them scratched (a share link's holder reveals them). */
    readPins,

    /** The job types this module runs (platform/job-worker.ts). */
    jobTypes: {
      [FULFIL_ORDER_JOB]: {
        handle: (job: JobRow) => awaitingFunds(job, fulfilOrder(payloadOrderId(job))),
        giveUp: (job: JobRow) => abandonOrder(payloadOrderId(job)),
      },
      [SEND_ORDER_CODES_JOB]: {
        handle: (job: JobRow) => sendOrderCodes(payloadOrderId(job), payloadEmail(job)),
      },
      [RETRY_TOPUP_JOB]: {
        handle: (job: JobRow) =>
          awaitingFunds(job, retryTopup(payloadOrderId(job), ...retryOf(job))),
        giveUp: (job: JobRow) => abandonRetry(payloadOrderId(job), ...retryOf(job)),
      },
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
