import {
  checkoutMessages,
  type PaymentSession,
  type PaymentStatus,
  type OrderStatus,
} from '@shop/contracts/checkout';
import type { Language } from '@shop/contracts/i18n';
import { isOperatorCode } from '@shop/contracts/phone';
import type { WebhookEvent } from '@shop/contracts/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueuePush } from '../notifications/push-jobs.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import type { CardHoldLimits } from '../../config.ts';
import {
  checkCardHoldLimits,
  holdDeadline,
  holdOverError,
  holdUntil,
} from '../orders/card-holds.ts';
import { reserveOrderStock, stockRecords } from '../catalogue/stock-reservation.ts';
import {
  orderRecords,
  randomBase32,
  type OrderItemRow,
  type OrderRow,
  type OrderRecords,
} from '../orders/orders.service.ts';
import {
  AcquirerError,
  type Acquirer,
  type EndedPayment,
  type CallbackAck,
  type CallbackInput,
  type PayableMethod,
} from './acquirer.ts';
import { createPaymentsRepo, type PaymentRow, type PaymentsRepo } from './payments.repo.ts';
import type { ReceiptOutcome } from './payments.tables.ts';

export type { ReceiptOutcome } from './payments.tables.ts';
import { isUuid } from '@shop/contracts/ids';
import { isPaidStatus } from '@shop/contracts/order-status';

/**
 * What other modules may do to payments inside their own transaction (issue 30: they pass the
 * transaction, never reach into the repo): read what paid an order, flag its refund, read what is
 * flagged for refund and the reference a refund at the provider names.
 */
export type PaymentRecords = Pick<
  PaymentsRepo,
  | 'acceptedPayment'
  | 'flagOrderRefund'
  | 'reflagOrderRefund'
  | 'flaggedReceipts'
  | 'refundedPayment'
  | 'referenceOf'
>;
export const paymentRecords = (db: Db): PaymentRecords => createPaymentsRepo(db);

export const ABANDONED_ORDER_MS = 24 * 60 * 60 * 1000;
/** The reconciliation sweep asks about payments made over a minute ago… */
const RECONCILE_GRACE_MS = 60_000;
/** …until 10 minutes after their window ended (a late payment is recorded, for a refund). */
const RECONCILE_AFTER_EXPIRY_MS = 10 * 60_000;
/** At most this many payments a run, this many at once, within this time. */
const RECONCILE_BATCH = 100;
const RECONCILE_PARALLEL = 4;
const RECONCILE_BUDGET_MS = 20_000;
/** How long after its promised last callback a silent payment is still looked for (ADR 0059). */
const SILENT_LOOKBACK_MS = 24 * 60 * 60_000;
export const FULFIL_ORDER_JOB = 'fulfil_order';

/**
 * The event id of staff's finding about a payment whose outcome was unknown (ADR 0059): one per
 * payment whatever the finding, so of two staff at once (or one clicking twice) one finding counts.
 */
export const staffFindingEventId = (reference: string) => `staff-finding:${reference}`;

/** What staff found in the provider's merchant portal about a payment it never reported on. */
export type UnknownPaymentFinding = 'paid' | 'not_paid';

/** Why staff's finding about an unknown payment was not recorded (the back-office says which). */
export type UnknownFindingProblem =
  /** No payment has this id. */
  | 'no_payment'
  /** Its provider reported on it (or it was never silent): nothing is unknown. */
  | 'not_unknown'
  /** A callback reported on it since its outcome became unknown. */
  | 'reported'
  /** Staff already recorded the other finding. */
  | 'found_otherwise'
  /** "Not paid", but the customer has opened another payment of the order and may pay it. */
  | 'paying_again';

export class UnknownFindingError extends Error {
  constructor(readonly problem: UnknownFindingProblem) {
    super(`unknown payment finding not recorded: ${problem}`);
    this.name = 'UnknownFindingError';
  }
}

/** Staff's finding as recorded: whether it changed anything, and what the shop did. */
export interface UnknownFindingResult {
  changed: boolean;
  /** The receipt outcome of "paid" (applied, after_cancel, sold_out…) or what "not paid" did. */
  outcome: string;
}

/** Written in the finding's transaction (the audit record), with what it did. */
export type FindingRecorder = (
  tx: Db,
  change: { payment: PaymentRow; finding: UnknownPaymentFinding; outcome: string },
) => Promise<void>;

/** What a caller of applyEvent adds inside its transaction (staff's findings, ADR 0059). */
interface ApplyHooks {
  /** With the order and the payment locked, before anything moves; throws to change nothing. */
  checkLocked?: (tx: Db, locked: { order: OrderRow; payment: PaymentRow }) => Promise<void>;
  /** After the event was applied (never for a duplicate), before the commit. */
  applied?: (tx: Db, result: WebhookResult) => Promise<void>;
}

export interface PaymentsDeps {
  db: Db;
  /**
   * The acquirers PAYMENT_PROVIDER names, in its order (a method goes to the first that collects
   * it, ADR 0059); none when it names none that is built in.
   */
  acquirers: readonly Acquirer[];
  clock: Clock;
  log: FastifyBaseLogger;
  /** Bounds on the cards unpaid orders hold (ADR 0043): caps, share and the hold's deadline. */
  cardHolds: CardHoldLimits;
  /** Called after a payment is applied: the bought products leave the buyer's cart. */
  /** The order's lines, each product for its recipient, leave the buyer's cart. */
  onOrderPaid(order: {
    userId: string;
    bought: { productId: string; phoneNumber: string | null }[];
  }): Promise<void>;
  /** A fulfilment job was committed: the worker may look at once instead of at its next poll. */
  onJobQueued?: () => void;
  /** Reserved cards were released (expiry, cancel): the cached catalogue may show them again. */
  stockChanged?: () => Promise<void>;
  /**
   * Orders ended unpaid (cancelled, replaced by a changed cart, abandoned), in the transaction
   * that ended them: what they held is given back (their promo-code uses, ADR 0035).
   */
  ordersEnded?: (tx: Db, orderIds: string[]) => Promise<void>;
  /**
   * Money a receipt flagged for refund, in the webhook's transaction: it may go back through the
   * provider that collected it (ADR 0060).
   */
  receiptRefundOwed?: (tx: Db, owed: ReceiptRefundOwed) => Promise<void>;
}

/** Money received that the order could not use, with the payment it came through (ADR 0017). */
export interface ReceiptRefundOwed {
  receiptId: string;
  orderId: string;
  outcome: ReceiptOutcome;
  amount: number;
  currency: string;
  payment: { id: string; provider: string };
}

export interface WebhookResult {
  duplicate: boolean;
  outcome: string;
}

export function createPaymentsService(deps: PaymentsDeps) {
  const { clock } = deps;
  const orders: OrderRecords = orderRecords(deps.db);
  const transaction = <T>(fn: (tx: Db) => Promise<T>) => orders.inTransaction(fn);

  const notFound = (lang: Language) =>
    new AppError('NOT_FOUND', checkoutMessages.orderNotFound[lang]);

  async function ownedOrder(userId: string, orderId: string, lang: Language): Promise<OrderRow> {
    if (!isUuid(orderId)) throw notFound(lang);
    const found = await orders.findOrder(orderId);
    // Another customer's order is "not found": its existence is not revealed.
    if (!found || found.order.userId !== userId) throw notFound(lang);
    return found.order;
  }

  function session(order: OrderRow, payment: PaymentRow, items: OrderItemRow[]): PaymentSession {
    const now = clock().getTime();
    return {
      orderId: order.id,
      sessionId: order.id,
      orderNumber: order.orderNumber,
      amount: payment.amountMmk,
      currency: 'MMK',
      paymentMethod: payment.method,
      paymentStatus: payment.status,
      paymentReference: payment.reference,
      paymentQrCode: payment.method === 'mmqr' ? payment.payload : null,
      aplusPayment:
        payment.method === 'aplus' ? { orderId: order.id, paymentToken: payment.payload } : null,
      paymentUrl: payment.method === 'direct' ? payment.payload : null,
      expiresAt: payment.expiresAt.toISOString(),
      expiresInSeconds: Math.max(0, Math.ceil((payment.expiresAt.getTime() - now) / 1000)),
      recipients: items.flatMap((item) =>
        item.phoneNumber
          ? [
              {
                productId: item.productId,
                name: item.name,
                phoneNumber: item.phoneNumber,
                operator: isOperatorCode(item.operatorCode) ? item.operatorCode : null,
              },
            ]
          : [],
      ),
    };
  }

  /** After a commit that freed reserved cards: the catalogue shows them in stock again. */
  async function released(cards: number): Promise<void> {
    if (cards > 0 && deps.stockChanged)
      await deps.stockChanged().catch((err: unknown) => {
        deps.log.error({ err }, 'could not announce released card stock');
      });
  }

  /**
   * Holds the order's cards until `until` in this transaction (DESIGN §6.5): those it holds are
   * kept, released ones taken again if still free; else 409 "Sold out" / "Only N left". An
   * `unpaid` hold (a new payment) is first checked against ADR 0043's caps and share.
   */
  async function holdStock(
    tx: Db,
    order: OrderRow,
    until: Date,
    lang: Language,
    unpaid = false,
  ): Promise<OrderItemRow[]> {
    const items = (await orderRecords(tx).findOrder(order.id))?.items ?? [];
    const now = clock();
    if (unpaid)
      await checkCardHoldLimits(
        tx,
        { orderId: order.id, userId: order.userId, network: order.clientNetwork, lines: items },
        deps.cardHolds,
        now,
        lang,
      );
    await reserveOrderStock(tx, order.id, items, { until, now }, lang);
    return items;
  }

  /**
   * Ends an unpaid order whose hold reached its deadline (ADR 0043), in the caller's transaction
   * with the order locked: failed with its payment expired (as an abandoned order), its open
   * payment ended, its promo-code use given back and its cards freed. Answers the cards freed.
   */
  async function endOverdue(tx: Db, order: OrderRow): Promise<number> {
    await createPaymentsRepo(tx).endPending(order.id, 'expired');
    await orderRecords(tx).updateOrder(order.id, {
      status: 'failed',
      paymentStatus: 'expired',
    });
    if (deps.ordersEnded) await deps.ordersEnded(tx, [order.id]);
    return stockRecords(tx).release([order.id]);
  }

  /**
   * Payments whose 300 s passed become expired, here on read and by the sweep; their orders' card
   * reservations end with them. Their orders are locked first, then the payments (the one lock
   * order of ADR 0017: no deadlock with cancel/pay).
   */
  async function expireDue(orderId?: string): Promise<number> {
    const due = await createPaymentsRepo(deps.db).ordersWithDuePayments(clock(), orderId);
    if (due.length === 0) return 0;
    const { expired, freed } = await transaction(async (tx) => {
      const txOrders = orderRecords(tx);
      await txOrders.lockOrders(due);
      const expired = await createPaymentsRepo(tx).expireDue(clock(), due);
      await txOrders.markPaymentsExpired(expired);
      for (const orderId of expired) await enqueuePush(tx, orderId, 'payment_expired');
      return { expired, freed: await stockRecords(tx).release(expired) };
    });
    await released(freed);
    return expired.length;
  }

  /**
   * A provider with no status query promised a final callback within `withinMs` of a payment's
   * window (Wave, ADR 0059): a payment it gave no final word on by then is recorded once as
   * "outcome_unknown" (the order's timeline shows it to support) and logged, never silently lost:
   * the customer may have paid and the callback been lost. Looked at for a day after.
   */
  async function recordSilentPayments(provider: string, withinMs: number): Promise<number> {
    const now = clock();
    const expiredBefore = new Date(now.getTime() - withinMs - RECONCILE_GRACE_MS);
    const repo = createPaymentsRepo(deps.db);
    const silent = await repo.silentAfterWindow(provider, {
      expiredBefore,
      expiredAfter: new Date(expiredBefore.getTime() - SILENT_LOOKBACK_MS),
      limit: RECONCILE_BATCH,
    });
    let recorded = 0;
    const reason = `no callback from ${provider} within ${String(Math.round(withinMs / 1000))} s of the window`;
    for (const payment of silent) if (await recordUnknown(payment, reason)) recorded += 1;
    return recorded;
  }

  /**
   * One payment's outcome recorded as unknown, once (`<provider>:no-callback:<reference>` is
   * unique: several instances record it once), and logged for support. Answers whether this call
   * recorded it.
   */
  async function recordUnknown(payment: PaymentRow, reason: string): Promise<boolean> {
    const { provider } = payment;
    const id = await createPaymentsRepo(deps.db).recordEvent({
      provider,
      eventId: `${provider}:no-callback:${payment.reference}`,
      type: 'payment.unknown',
      paymentId: payment.id,
      outcome: 'outcome_unknown',
      body: {
        reference: payment.reference,
        amountMmk: payment.amountMmk,
        expiresAt: payment.expiresAt.toISOString(),
        reason,
      },
      receivedAt: clock(),
    });
    if (!id) return false;
    deps.log.warn(
      { orderId: payment.orderId, reference: payment.reference, provider },
      'payment outcome unknown: the provider never reported on it; check its merchant portal',
    );
    return true;
  }

  /** One acquirer's part of the reconciliation sweep (see `reconcile`). */
  async function reconcileAt(
    acquirer: Acquirer,
  ): Promise<{ asked: number; applied: number; unknown: number }> {
    if (!acquirer.queryPayment) {
      const unknown = acquirer.finalCallbackWithinMs
        ? await recordSilentPayments(acquirer.name, acquirer.finalCallbackWithinMs)
        : 0;
      return { asked: 0, applied: 0, unknown };
    }
    const now = clock();
    const due = await createPaymentsRepo(deps.db).dueForReconciliation(acquirer.name, {
      createdBefore: new Date(now.getTime() - RECONCILE_GRACE_MS),
      expiredAfter: new Date(now.getTime() - RECONCILE_AFTER_EXPIRY_MS),
      limit: RECONCILE_BATCH,
    });
    const startedAt = performance.now();
    let asked = 0;
    let applied = 0;
    for (let i = 0; i < due.length; i += RECONCILE_PARALLEL) {
      if (performance.now() - startedAt > RECONCILE_BUDGET_MS) break;
      const batch = due.slice(i, i + RECONCILE_PARALLEL);
      asked += batch.length;
      const events = await Promise.all(batch.map((p) => queryEvent(acquirer, p)));
      for (const event of events) {
        if (!event) continue;
        const result = await applyEvent(acquirer, event);
        if (!result.duplicate) applied += 1;
      }
    }
    return { asked, applied, unknown: 0 };
  }

  /** The acquirer that collects `method`: the first PAYMENT_PROVIDER names (ADR 0059). */
  function acquirerFor(method: PayableMethod, lang: Language): Acquirer {
    const acquirer = deps.acquirers.find((a) => a.methods.includes(method));
    if (!acquirer)
      throw new AppError('SERVICE_UNAVAILABLE', checkoutMessages.providerUnavailable[lang]);
    return acquirer;
  }

  /**
   * The acquirer's payment for an order, created before the order is locked: the call may take
   * seconds and no transaction or lock waits on it. A failure or a timeout is a clean 503.
   */
  async function createAtAcquirer(
    acquirer: Acquirer,
    orderId: string,
    method: PayableMethod,
    lang: Language,
  ) {
    const order = await orders.findOrder(orderId);
    if (!order) throw notFound(lang);
    if (order.order.status !== 'pending' || order.order.paymentStatus === 'cancelled')
      throw new AppError('CONFLICT', checkoutMessages.notAwaitingPayment[lang]);
    const now = clock();
    const expiresAt = holdUntil(order.order.holdStartedAt, now, deps.cardHolds);
    const reference = `P${randomBase32(19)}`;
    try {
      const instruction = await acquirer.createPayment({
        method,
        reference,
        orderNumber: order.order.orderNumber,
        amountMmk: order.order.totalMmk,
        now,
        expiresAt,
      });
      return { reference, expiresAt, amountMmk: order.order.totalMmk, instruction };
    } catch (err) {
      if (!(err instanceof AcquirerError)) throw err;
      deps.log.warn(
        { provider: acquirer.name, orderId, err: err.message, ...err.details },
        'acquirer could not create the payment',
      );
      throw new AppError('SERVICE_UNAVAILABLE', checkoutMessages.providerUnavailable[lang]);
    }
  }

  /**
   * Closes payments at the acquirer after the shop ended them, in the background: the customer's
   * answer does not wait on the provider, and a failure is only logged.
   */
  function closeAtAcquirer(ended: readonly EndedPayment[]): void {
    for (const { provider, reference } of ended) {
      const acquirer = deps.acquirers.find((a) => a.name === provider);
      if (!acquirer?.cancelPayment) continue;
      void acquirer.cancelPayment(reference).catch((err: unknown) => {
        deps.log.warn(
          { provider, reference, err: err instanceof Error ? err.message : err },
          'acquirer could not close a payment (paid anyway, it is flagged for refund)',
        );
      });
    }
  }

  /**
   * A new payment for the order (the old open one, if any, is replaced). ADR 0043: its window
   * ends at the hold's deadline at the latest; past the deadline the order ends, its cards are
   * freed and the answer is 409 (check out again).
   */
  async function startPayment(
    orderId: string,
    method: PayableMethod,
    lang: Language,
  ): Promise<PaymentSession> {
    const acquirer = acquirerFor(method, lang);
    const created = await createAtAcquirer(acquirer, orderId, method, lang);
    const createdHere = { provider: acquirer.name, reference: created.reference };
    const answer = await transaction(async (tx) => {
      const txOrders = orderRecords(tx);
      const txPayments = createPaymentsRepo(tx);
      // The account's checkout lock before the order's (checkout's lock order): the caps count
      // the account's holds under it.
      const owner = await txOrders.ownerOf(orderId);
      if (!owner) throw notFound(lang);
      await txOrders.lockUserCheckout(owner);
      const order = await txOrders.lockOrder(orderId);
      if (!order) throw notFound(lang);
      if (order.status !== 'pending' || order.paymentStatus === 'cancelled')
        throw new AppError('CONFLICT', checkoutMessages.notAwaitingPayment[lang]);
      const now = clock();
      if (now.getTime() >= holdDeadline(order.holdStartedAt, deps.cardHolds).getTime())
        return { overdue: true as const, freed: await endOverdue(tx, order) };
      if (order.totalMmk !== created.amountMmk)
        throw new AppError('CONFLICT', checkoutMessages.notAwaitingPayment[lang]);
      // The window the acquirer was given (computed a moment ago, so never past the deadline).
      const { expiresAt } = created;
      // No QR for cards that are gone: the reservation is extended to this payment's end.
      const items = await holdStock(tx, order, expiresAt, lang, true);
      const replaced = await txPayments.endPending(order.id, 'cancelled');
      const payment = await txPayments.insertPayment({
        orderId: order.id,
        provider: acquirer.name,
        method,
        reference: created.reference,
        amountMmk: created.amountMmk,
        payload: created.instruction.payload,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      });
      const updated = await txOrders.updateOrder(order.id, {
        paymentStatus: 'pending',
        paymentMethod: method,
      });
      return { overdue: false as const, session: session(updated, payment, items), replaced };
    }).catch((err: unknown) => {
      // The order moved meanwhile (paid, cancelled, sold out): the new payment is not used.
      closeAtAcquirer([createdHere]);
      throw err;
    });
    if (!answer.overdue) {
      closeAtAcquirer(answer.replaced);
      return answer.session;
    }
    closeAtAcquirer([createdHere]);
    await released(answer.freed);
    throw holdOverError(deps.cardHolds, lang);
  }

  /**
   * Cancels orders the caller has locked: their open payments end (a payment that still arrives
   * is flagged for refund, ADR 0017) and their cards are released. Answers the cards freed and the
   * payments ended (closeAtAcquirer after the commit).
   */
  async function cancelLocked(
    tx: Db,
    orderIds: string[],
  ): Promise<{ freed: number; ended: EndedPayment[] }> {
    const txOrders = orderRecords(tx);
    const ended: EndedPayment[] = [];
    for (const orderId of orderIds) {
      ended.push(...(await createPaymentsRepo(tx).endPending(orderId, 'cancelled')));
      await txOrders.updateOrder(orderId, {
        status: 'cancelled',
        paymentStatus: 'cancelled',
        cancelledAt: clock(),
      });
    }
    if (deps.ordersEnded) await deps.ordersEnded(tx, orderIds);
    return { freed: await stockRecords(tx).release(orderIds), ended };
  }

  /**
   * The provider confirms, for the amount staff applied, a payment staff marked paid after checking
   * its merchant portal (ADR 0059): the same money, not a second payment to refund.
   */
  async function confirmsStaffFinding(
    tx: Db,
    payment: PaymentRow,
    event: WebhookEvent,
  ): Promise<boolean> {
    const findingId = staffFindingEventId(payment.reference);
    if (event.id === findingId || event.data.amount !== payment.amountMmk) return false;
    const finding = await createPaymentsRepo(tx).findEvent(payment.provider, findingId);
    return finding?.type === 'payment.succeeded' && finding.outcome === 'applied';
  }

  /**
   * Every delivery with a payment gets a receipt: what arrived and what is due back. Money due
   * back is flagged for refund (ADR 0017) and logged.
   */
  async function writeReceipt(
    tx: Db,
    delivery: { eventRowId: string; event: WebhookEvent; receivedAt: Date },
    locked: { order: OrderRow; payment: PaymentRow },
    name: ReceiptOutcome,
    refundAmount: number,
  ): Promise<void> {
    const { event } = delivery;
    const { order, payment } = locked;
    const row = await createPaymentsRepo(tx).insertReceipt({
      eventId: delivery.eventRowId,
      paymentId: payment.id,
      orderId: order.id,
      amount: event.type === 'payment.failed' ? 0 : event.data.amount,
      currency: event.data.currency,
      outcome: name,
      refundRequired: refundAmount > 0,
      refundAmount,
      receivedAt: delivery.receivedAt,
    });
    if (refundAmount === 0) return;
    await deps.receiptRefundOwed?.(tx, {
      receiptId: row.id,
      orderId: order.id,
      outcome: name,
      amount: refundAmount,
      currency: event.data.currency,
      payment: { id: payment.id, provider: payment.provider },
    });
    deps.log.warn(
      {
        orderId: order.id,
        reference: payment.reference,
        outcome: name,
        refundAmount,
        currency: event.data.currency,
      },
      'payment received that the order cannot take: flagged for refund',
    );
  }

  /**
   * Why money received cannot be applied to the order (all of it is then due back), or null
   * when it can: another currency, a second payment, after cancel, after the window, too little.
   * 'confirmed': the delivery confirms what staff recorded as paid (nothing due back).
   */
  async function refusalOf(
    tx: Db,
    acquirer: Pick<Acquirer, 'enforcesWindow'>,
    event: WebhookEvent,
    locked: { order: OrderRow; payment: PaymentRow },
    paidAt: Date,
  ): Promise<ReceiptOutcome | null> {
    const { order, payment } = locked;
    if (event.data.currency !== 'MMK') return 'wrong_amount';
    if (payment.status === 'paid' && (await confirmsStaffFinding(tx, payment, event)))
      return 'confirmed';
    if (payment.status === 'paid') return 'duplicate';
    if (order.status === 'cancelled' || payment.status === 'cancelled') return 'after_cancel';
    if (
      isPaidStatus(order.paymentStatus) ||
      (await createPaymentsRepo(tx).hasPaid(order.id, payment.id))
    )
      return 'duplicate';
    // The attempt is open, expired or refused here (paid and cancelled are handled above):
    // money paid within its window counts, even if the expiry was recorded first.
    // A provider that itself refuses payment past the window it was given (ADR 0058) paid it in
    // time whatever the clock of its notice says.
    const inTime = acquirer.enforcesWindow || paidAt.getTime() <= payment.expiresAt.getTime();
    if (!inTime || order.status !== 'pending') return 'after_expiry';
    // Too little: recorded and refunded, and the QR stays open for the right amount.
    if (event.data.amount < payment.amountMmk) return 'wrong_amount';
    return null;
  }

  /**
   * DESIGN §6.5: paid in time, but the cards must still be held (a late delivery may come after
   * the hold ended and others took them); held now until fulfilment sells them. False when they
   * are gone: the order's holds are released (counted in `freed`).
   */
  async function holdPaidCards(tx: Db, order: OrderRow): Promise<{ held: boolean; freed: number }> {
    const until = new Date(clock().getTime() + ABANDONED_ORDER_MS);
    const held = await holdStock(tx, order, until, order.language).then(
      () => true,
      (err: unknown) => {
        if (err instanceof AppError) return false;
        throw err;
      },
    );
    return held ? { held, freed: 0 } : { held, freed: await stockRecords(tx).release([order.id]) };
  }

  /** The payment and its order are paid, and the fulfilment job is written in the same transaction. */
  async function markPaid(tx: Db, order: OrderRow, payment: PaymentRow, paidAt: Date) {
    const txPayments = createPaymentsRepo(tx);
    await txPayments.updatePayment(payment.id, { status: 'paid', paidAt });
    await txPayments.endPending(order.id, 'cancelled', payment.id);
    await orderRecords(tx).updateOrder(order.id, {
      status: 'processing',
      paymentStatus: 'paid',
      // The method chosen since (say points) is not what paid: the accepted payment's is.
      paymentMethod: payment.method,
      paidAt,
    });
    // Same transaction: the job exists exactly when the order is paid (transactional outbox).
    await enqueueJob(tx, {
      type: FULFIL_ORDER_JOB,
      dedupeKey: `${FULFIL_ORDER_JOB}:${order.id}`,
      payload: { orderId: order.id },
    });
  }

  /** After the commit of a payment: the worker is woken and the bought lines leave the cart. */
  async function afterPaid(paid: { userId: string; orderId: string }): Promise<void> {
    deps.onJobQueued?.();
    const found = await orders.findOrder(paid.orderId);
    await deps
      .onOrderPaid({
        userId: paid.userId,
        bought:
          found?.items.map((i) => ({ productId: i.productId, phoneNumber: i.phoneNumber })) ?? [],
      })
      .catch((err: unknown) => {
        deps.log.error({ err }, 'could not empty the cart after payment');
      });
  }

  /**
   * One payment event, from a callback or a status query (DESIGN §5, §6.3), in one transaction:
   * the event id is recorded (a replay or the same news from the sweep stops here), the order and
   * then the payment are locked, a receipt records the amount received and its outcome (ADR
   * 0017), the payment and the order move, and the fulfilment job is written. Money the order
   * cannot take (a second payment, a wrong amount, the part above the price, after cancel or
   * expiry) is recorded on its receipt and flagged for refund; a wrong amount leaves the QR payable.
   */
  async function applyEvent(
    acquirer: Pick<Acquirer, 'name' | 'enforcesWindow'>,
    event: WebhookEvent,
    hooks: ApplyHooks = {},
  ): Promise<WebhookResult> {
    const provider = acquirer.name;
    let paid: { userId: string; orderId: string } | null = null;
    let freed = 0;
    const apply = async (tx: Db): Promise<WebhookResult> => {
      const txPayments = createPaymentsRepo(tx);
      const txOrders = orderRecords(tx);
      const receivedAt = clock();
      const eventRowId = await txPayments.recordEvent({
        provider,
        eventId: event.id,
        type: event.type,
        outcome: 'received',
        body: event,
        receivedAt,
      });
      if (!eventRowId) return { duplicate: true, outcome: 'duplicate_event' };
      const outcome = async (name: string, paymentId: string | null): Promise<WebhookResult> => {
        await txPayments.setEventOutcome(provider, event.id, name, paymentId);
        return { duplicate: false, outcome: name };
      };

      // Lock order: the order first, then its payment (ADR 0017), as cancel and Pay Again do.
      const found = await txPayments.findByReference(provider, event.data.reference);
      if (!found) return outcome('unknown_payment', null);
      const order = await txOrders.lockOrder(found.orderId);
      const payment = order ? await txPayments.lockPayment(found.id) : null;
      if (!order || !payment) return outcome('unknown_payment', found.id);
      await hooks.checkLocked?.(tx, { order, payment });
      const locked = { order, payment };
      const receipt = async (name: ReceiptOutcome, refundAmount: number) => {
        await writeReceipt(tx, { eventRowId, event, receivedAt }, locked, name, refundAmount);
        return outcome(name, payment.id);
      };

      if (event.type === 'payment.failed') {
        // A refusal ends this attempt only, never the order: Pay Again (or paying this QR again
        // within its window) still works, so a refusal sent by someone else harms nobody.
        if (payment.status === 'pending' && order.status === 'pending') {
          await txPayments.updatePayment(payment.id, { status: 'failed' });
          await txOrders.updateOrder(order.id, { paymentStatus: 'failed' });
        }
        return receipt('declined', 0);
      }

      // Money that is not applied is kept for a refund, all of it, with the amount received.
      const received = event.data.amount;
      const occurredAt = new Date(event.data.occurredAt);
      const paidAt = Number.isNaN(occurredAt.getTime()) ? clock() : occurredAt;
      const refusal = await refusalOf(tx, acquirer, event, locked, paidAt);
      if (refusal === 'confirmed') return receipt('confirmed', 0);
      if (refusal) return receipt(refusal, Math.max(0, received));
      const hold = await holdPaidCards(tx, order);
      freed = hold.freed;
      if (!hold.held) return receipt('sold_out', Math.max(0, received));

      await markPaid(tx, order, payment, paidAt);
      paid = { userId: order.userId, orderId: order.id };
      // Too much: the order is paid and the part above its price is due back.
      const excess = received - payment.amountMmk;
      return excess > 0 ? receipt('overpaid', excess) : receipt('applied', 0);
    };
    const result = await transaction(async (tx) => {
      const applied = await apply(tx);
      if (!applied.duplicate) await hooks.applied?.(tx, applied);
      return applied;
    });

    await released(freed);
    const applied = paid as { userId: string; orderId: string } | null;
    if (applied) await afterPaid(applied);
    return result;
  }

  /** The provider's event for a payment, or null (no news, or the provider did not answer). */
  async function queryEvent(
    acquirer: Acquirer,
    payment: Pick<PaymentRow, 'reference' | 'amountMmk' | 'createdAt'>,
  ): Promise<WebhookEvent | null> {
    if (!acquirer.queryPayment) return null;
    try {
      return (await acquirer.queryPayment(payment)).event;
    } catch (err) {
      deps.log.warn(
        {
          provider: acquirer.name,
          reference: payment.reference,
          err: err instanceof Error ? err.message : err,
        },
        'acquirer status query failed (asked again at the next sweep)',
      );
      return null;
    }
  }

  /** A callback that proves nothing (A+): only the provider's own status may pay. */
  async function confirmByQuery(
    acquirer: Acquirer,
    reference: string,
  ): Promise<WebhookEvent | null> {
    const payment = await createPaymentsRepo(deps.db).findByReference(acquirer.name, reference);
    return payment ? queryEvent(acquirer, payment) : null;
  }

  /** The payment staff may give a finding about: one whose outcome was recorded unknown. */
  async function unknownPayment(paymentId: string): Promise<PaymentRow> {
    const repo = createPaymentsRepo(deps.db);
    const payment = isUuid(paymentId) ? await repo.findById(paymentId) : null;
    if (!payment) throw new UnknownFindingError('no_payment');
    if (!(await repo.unknownEventOf(payment.id))) throw new UnknownFindingError('not_unknown');
    return payment;
  }

  /** Within a finding's transaction, payment locked: a callback that came since wins. */
  async function refuseIfReported(tx: Db, payment: PaymentRow): Promise<void> {
    if (await createPaymentsRepo(tx).reportedOn(payment.id))
      throw new UnknownFindingError('reported');
  }

  /**
   * A finding already recorded for the payment (the second of two clicks, or of two staff): the
   * same finding changes nothing; the other one is refused.
   */
  async function earlierFinding(
    payment: PaymentRow,
    finding: UnknownPaymentFinding,
  ): Promise<UnknownFindingResult> {
    const recorded = await createPaymentsRepo(deps.db).findEvent(
      payment.provider,
      staffFindingEventId(payment.reference),
    );
    const earlier = recorded?.type === 'payment.succeeded' ? 'paid' : 'not_paid';
    if (earlier !== finding) throw new UnknownFindingError('found_otherwise');
    return { changed: false, outcome: recorded?.outcome ?? 'recorded' };
  }

  /**
   * Staff found the payment paid in the provider's merchant portal: applied exactly as the
   * provider's own "paid" callback would be (applyEvent: the order paid and its fulfilment written
   * once, or the money flagged for refund when the order cannot take it). The provider refuses
   * payment past the window it was given, so the money arrived within it: its end is the event's
   * time. `record` writes the audit record in the same transaction.
   */
  async function findPaid(payment: PaymentRow, record: FindingRecorder) {
    const event: WebhookEvent = {
      id: staffFindingEventId(payment.reference),
      type: 'payment.succeeded',
      data: {
        reference: payment.reference,
        amount: payment.amountMmk,
        currency: 'MMK',
        occurredAt: payment.expiresAt.toISOString(),
        ...(payment.method === 'points' ? {} : { method: payment.method }),
      },
    };
    const result = await applyEvent({ name: payment.provider, enforcesWindow: false }, event, {
      checkLocked: (tx, locked) => refuseIfReported(tx, locked.payment),
      applied: (tx, applied) => record(tx, { payment, finding: 'paid', outcome: applied.outcome }),
    });
    if (result.duplicate) return earlierFinding(payment, 'paid');
    return { changed: true, outcome: result.outcome };
  }

  /**
   * Staff found the payment not paid: it ends expired, and its order, still waiting for payment,
   * is cancelled as an unpaid order is (its cards and promo-code use given back). An order paid
   * since, or ended, is left as it is. Refused while the customer has another payment of the
   * order open (a Pay Again): they may be paying it.
   */
  async function findNotPaid(payment: PaymentRow, record: FindingRecorder) {
    const eventId = staffFindingEventId(payment.reference);
    const done = await transaction(async (tx) => {
      const txPayments = createPaymentsRepo(tx);
      const now = clock();
      const recorded = await txPayments.recordEvent({
        provider: payment.provider,
        eventId,
        type: 'payment.failed',
        outcome: 'received',
        body: { reference: payment.reference, finding: 'not_paid', by: 'staff' },
        receivedAt: now,
      });
      if (!recorded) return null;
      // Lock order: the order, then its payment (ADR 0017).
      const order = await orderRecords(tx).lockOrder(payment.orderId);
      const locked = await txPayments.lockPayment(payment.id);
      if (!order || !locked) throw new UnknownFindingError('no_payment');
      await refuseIfReported(tx, locked);
      if (locked.status === 'pending' || locked.status === 'failed')
        await txPayments.updatePayment(locked.id, { status: 'expired' });
      let ended = { freed: 0, ended: [] as EndedPayment[] };
      let outcome = 'order_unchanged';
      if (order.status === 'pending') {
        if (await txPayments.openElsewhere(order.id, locked.id, now))
          throw new UnknownFindingError('paying_again');
        ended = await cancelLocked(tx, [order.id]);
        outcome = 'order_cancelled';
      }
      await txPayments.setEventOutcome(payment.provider, eventId, outcome, locked.id);
      await record(tx, { payment: locked, finding: 'not_paid', outcome });
      return { outcome, ...ended };
    });
    if (!done) return earlierFinding(payment, 'not_paid');
    closeAtAcquirer(done.ended);
    await released(done.freed);
    return { changed: true, outcome: done.outcome };
  }

  return {
    startPayment,
    expireDue,
    cancelLocked,
    closeAtAcquirer,
    /** After a commit that freed `cards` reserved cards: the catalogue shows them again. */
    released,

    /** The open payment of this method if one is still payable (a repeated complete reuses it). */
    async openSession(orderId: string, method: PayableMethod): Promise<PaymentSession | null> {
      await expireDue(orderId);
      const payments = createPaymentsRepo(deps.db);
      const latest = await payments.latestForOrder(orderId);
      const found = await orders.findOrder(orderId);
      if (!latest || !found || latest.status !== 'pending' || latest.method !== method) return null;
      if (found.order.status !== 'pending') return null;
      return session(found.order, latest, found.items);
    },

    async paymentStatus(userId: string, orderId: string, lang: Language) {
      await ownedOrder(userId, orderId, lang);
      await expireDue(orderId);
      const order = await ownedOrder(userId, orderId, lang);
      const latest = await createPaymentsRepo(deps.db).latestForOrder(orderId);
      return {
        orderId: order.id,
        orderNumber: order.orderNumber,
        paymentStatus: order.paymentStatus,
        status: order.status,
        paymentMethod: order.paymentMethod,
        amount: order.totalMmk,
        expiresAt: latest?.status === 'pending' ? latest.expiresAt.toISOString() : null,
      };
    },

    /** Pay Again: a new QR (or A+/transfer request) for a pending order. */
    async regenerate(userId: string, orderId: string, lang: Language): Promise<PaymentSession> {
      const order = await ownedOrder(userId, orderId, lang);
      const method = order.paymentMethod ?? 'mmqr';
      if (method === 'points')
        throw new AppError('VALIDATION_ERROR', checkoutMessages.paymentMethodUnavailable[lang]);
      return startPayment(order.id, method, lang);
    },

    async cancel(
      userId: string,
      orderId: string,
      lang: Language,
    ): Promise<{ orderId: string; status: OrderStatus; paymentStatus: PaymentStatus }> {
      await ownedOrder(userId, orderId, lang);
      let freed = 0;
      let ended: EndedPayment[] = [];
      const answer = await transaction(async (tx) => {
        const txOrders = orderRecords(tx);
        const order = await txOrders.lockOrder(orderId);
        if (!order) throw notFound(lang);
        if (order.status === 'cancelled')
          return { orderId, status: order.status, paymentStatus: order.paymentStatus };
        if (
          isPaidStatus(order.paymentStatus) ||
          order.status === 'processing' ||
          order.status === 'completed'
        )
          throw new AppError('CONFLICT', checkoutMessages.alreadyPaid[lang]);
        if (order.status !== 'pending')
          throw new AppError('CONFLICT', checkoutMessages.notAwaitingPayment[lang]);
        const cancelled = await cancelLocked(tx, [order.id]);
        freed = cancelled.freed;
        ended = cancelled.ended;
        const updated = await txOrders.findOrder(order.id);
        if (!updated) throw notFound(lang);
        return {
          orderId,
          status: updated.order.status,
          paymentStatus: updated.order.paymentStatus,
        };
      });
      closeAtAcquirer(ended);
      await released(freed);
      return answer;
    },

    /**
     * One callback from the acquirer, as it arrived (ADR 0058): the provider checks it (a bad or
     * unsigned one changes nothing), a callback that proves nothing is confirmed by the provider's
     * status query, and the event is applied. Answers the reply the provider expects.
     */
    async handleCallback(
      provider: string,
      input: CallbackInput,
    ): Promise<{ result: WebhookResult; ack: CallbackAck }> {
      const acquirer = deps.acquirers.find((a) => a.name === provider);
      if (!acquirer) throw new AppError('NOT_FOUND', `Unknown payment provider ${provider}`);
      const parsed = acquirer.parseCallback(input, clock());
      if (!parsed.verified) {
        deps.log.warn({ provider, check: parsed.reason }, 'payment webhook refused');
        if (parsed.reason === 'malformed')
          throw new AppError('VALIDATION_ERROR', 'Malformed webhook event');
        throw new AppError(
          'UNAUTHORIZED',
          parsed.reason === 'stale'
            ? 'Webhook timestamp outside the tolerance'
            : 'Invalid webhook signature',
        );
      }
      let event = parsed.event;
      if (event && parsed.trust === 'confirm_by_query')
        event = await confirmByQuery(acquirer, event.data.reference);
      const result = event
        ? await applyEvent(acquirer, event)
        : { duplicate: false, outcome: 'nothing_to_apply' };
      return { result, ack: acquirer.acknowledge(result) };
    },

    /**
     * The reconciliation sweep (ADR 0058): payments not paid, from a minute after they were made
     * until RECONCILE_AFTER_EXPIRY_MS after their window, are asked for at the provider; what it
     * says is applied as its callback would be (once: the same event id). A lost callback still
     * pays the order; money paid to an expired QR is recorded and flagged for refund. Several
     * instances may run it at once (the event id decides). Bounded: RECONCILE_BATCH payments, a
     * few at a time, within RECONCILE_BUDGET_MS.
     */
    async reconcile(): Promise<{ asked: number; applied: number; unknown: number }> {
      const total = { asked: 0, applied: 0, unknown: 0 };
      for (const acquirer of deps.acquirers) {
        const run = await reconcileAt(acquirer);
        total.asked += run.asked;
        total.applied += run.applied;
        total.unknown += run.unknown;
      }
      return total;
    },

    /**
     * Payment by points: `redeem` debits the ledger in this transaction (or throws, changing
     * nothing); the order is then paid and its fulfilment job written, as the webhook does.
     */
    async payWithPoints(
      orderId: string,
      lang: Language,
      redeem: (tx: Db, order: OrderRow) => Promise<void>,
    ): Promise<PaymentSession> {
      const session_ = await transaction(async (tx) => {
        const txOrders = orderRecords(tx);
        const txPayments = createPaymentsRepo(tx);
        const order = await txOrders.lockOrder(orderId);
        if (!order) throw notFound(lang);
        if (order.status !== 'pending' || order.paymentStatus === 'cancelled')
          throw new AppError('CONFLICT', checkoutMessages.notAwaitingPayment[lang]);
        const now = clock();
        const items = await holdStock(
          tx,
          order,
          new Date(now.getTime() + ABANDONED_ORDER_MS),
          lang,
        );
        await redeem(tx, order);
        await txPayments.endPending(order.id, 'cancelled');
        const payment = await txPayments.insertPayment({
          orderId: order.id,
          provider: 'points',
          method: 'points',
          reference: `PTS${randomBase32(17)}`,
          amountMmk: order.totalMmk,
          status: 'paid',
          payload: '',
          expiresAt: now,
          paidAt: now,
          createdAt: now,
          updatedAt: now,
        });
        const updated = await txOrders.updateOrder(order.id, {
          status: 'processing',
          paymentStatus: 'paid',
          paymentMethod: 'points',
          paidAt: now,
        });
        await enqueueJob(tx, {
          type: FULFIL_ORDER_JOB,
          dedupeKey: `${FULFIL_ORDER_JOB}:${order.id}`,
          payload: { orderId: order.id },
        });
        return { session: session(updated, payment, items), userId: order.userId };
      });
      await afterPaid({ userId: session_.userId, orderId });
      return session_.session;
    },

    /**
     * Staff's finding about a payment whose outcome was unknown (ADR 0059), after checking the
     * provider's merchant portal: "paid" (applied as the provider's callback would be) or "not
     * paid" (ended, its waiting order cancelled). Once per payment: the same finding again changes
     * nothing, the other one and a finding after the provider's own callback are refused
     * (UnknownFindingError).
     */
    async recordUnknownFinding(
      paymentId: string,
      finding: UnknownPaymentFinding,
      record: FindingRecorder,
    ): Promise<UnknownFindingResult> {
      const payment = await unknownPayment(paymentId);
      return finding === 'paid' ? findPaid(payment, record) : findNotPaid(payment, record);
    },

    /**
     * The sandbox bank's silence (a demo's and the browser tests' stand-in for Wave's, ADR 0059):
     * an open payment's window ends now, it expires as any does, and its outcome is recorded
     * unknown at once, as the sweep records a silent provider's after its promise. Answers false
     * when it is not an open payment of this provider.
     */
    async silence(provider: string, reference: string): Promise<boolean> {
      const repo = createPaymentsRepo(deps.db);
      const found = await repo.findByReference(provider, reference);
      if (!found || found.status !== 'pending') return false;
      await repo.endWindow(found.id, clock());
      await expireDue(found.orderId);
      const payment = await repo.findById(found.id);
      if (payment?.status !== 'expired') return false;
      return recordUnknown(payment, `${provider} was told to stay silent (sandbox bank)`);
    },

    /** The periodic sweep: expire payments, fail orders abandoned for a day. */
    async sweep(): Promise<{ expired: number; abandoned: number }> {
      const expired = await expireDue();
      // Reservations whose time ran out without an expiry (checkout never asked for a payment).
      await released(await stockRecords(deps.db).releaseLapsed(clock()));
      const abandoned = await transaction(async (tx) => {
        const ended = await orderRecords(tx).failAbandoned(
          new Date(clock().getTime() - ABANDONED_ORDER_MS),
        );
        if (deps.ordersEnded && ended.length > 0) await deps.ordersEnded(tx, ended);
        return ended.length;
      });
      return { expired, abandoned };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
