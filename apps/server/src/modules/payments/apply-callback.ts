import type { WebhookEvent } from '@shop/contracts/payments';
import { isPaidStatus } from '@shop/contracts/order-status';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { stockRecords } from '../catalogue/stock-reservation.ts';
import { orderRecords, type OrderRow } from '../orders/orders.service.ts';
import type { Acquirer, CallbackAck, CallbackInput } from './acquirer.ts';
import { confirmByQuery } from './acquirer-calls.ts';
import { createPaymentsRepo, type PaymentRow } from './payments.repo.ts';
import type { ReceiptOutcome } from './payments.tables.ts';
import {
  ABANDONED_ORDER_MS,
  FULFIL_ORDER_JOB,
  type PaymentsContext,
  type WebhookResult,
} from './payments-context.ts';
import { holdStock, released } from './stock-holds.ts';

/**
 * The event id of staff's finding about a payment whose outcome was unknown (ADR 0059): one per
 * payment whatever the finding, so of two staff at once (or one clicking twice) one finding counts.
 */
export const staffFindingEventId = (reference: string) => `staff-finding:${reference}`;

/** What a caller of applyEvent adds inside its transaction (staff's findings, ADR 0059). */
export interface ApplyHooks {
  /** With the order and the payment locked, before anything moves; throws to change nothing. */
  checkLocked?: (tx: Db, locked: { order: OrderRow; payment: PaymentRow }) => Promise<void>;
  /** After the event was applied (never for a duplicate), before the commit. */
  applied?: (tx: Db, result: WebhookResult) => Promise<void>;
}

/** What applyEvent does once its transaction committed: cards freed, an order paid. */
interface AfterCommit {
  paid: { userId: string; orderId: string } | null;
  freed: number;
}

/**
 * One callback from the acquirer, as it arrived (ADR 0058): the provider checks it (a bad or
 * unsigned one changes nothing), a callback that proves nothing is confirmed by the provider's
 * status query, and the event is applied. Answers the reply the provider expects.
 */
export async function handleCallback(
  ctx: PaymentsContext,
  provider: string,
  input: CallbackInput,
): Promise<{ result: WebhookResult; ack: CallbackAck }> {
  const { deps } = ctx;
  const acquirer = deps.acquirers.find((a) => a.name === provider);
  if (!acquirer) throw new AppError('NOT_FOUND', `Unknown payment provider ${provider}`);
  const parsed = acquirer.parseCallback(input, ctx.clock());
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
    event = await confirmByQuery(ctx, acquirer, event.data.reference);
  const result = event
    ? await applyEvent(ctx, acquirer, event)
    : { duplicate: false, outcome: 'nothing_to_apply' };
  return { result, ack: acquirer.acknowledge(result) };
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
  ctx: PaymentsContext,
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
  await ctx.deps.receiptRefundOwed?.(tx, {
    receiptId: row.id,
    orderId: order.id,
    outcome: name,
    amount: refundAmount,
    currency: event.data.currency,
    payment: { id: payment.id, provider: payment.provider },
  });
  ctx.deps.log.warn(
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
async function holdPaidCards(
  ctx: PaymentsContext,
  tx: Db,
  order: OrderRow,
): Promise<{ held: boolean; freed: number }> {
  const until = new Date(ctx.clock().getTime() + ABANDONED_ORDER_MS);
  const held = await holdStock(ctx, tx, order, until, order.language).then(
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
export async function afterPaid(
  ctx: PaymentsContext,
  paid: { userId: string; orderId: string },
): Promise<void> {
  const { deps } = ctx;
  deps.onJobQueued?.();
  const found = await ctx.orders.findOrder(paid.orderId);
  await deps
    .onOrderPaid({
      userId: paid.userId,
      bought:
        found?.items.map((i) => ({
          productId: i.productId,
          phoneNumber: i.phoneNumber,
          topupRequestId: i.topupRequestId,
        })) ?? [],
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
export async function applyEvent(
  ctx: PaymentsContext,
  acquirer: Pick<Acquirer, 'name' | 'enforcesWindow'>,
  event: WebhookEvent,
  hooks: ApplyHooks = {},
): Promise<WebhookResult> {
  const after: AfterCommit = { paid: null, freed: 0 };
  const result = await ctx.transaction(async (tx) => {
    const applied = await applyInTransaction(ctx, tx, acquirer, event, hooks, after);
    if (!applied.duplicate) await hooks.applied?.(tx, applied);
    return applied;
  });

  await released(ctx, after.freed);
  if (after.paid) await afterPaid(ctx, after.paid);
  return result;
}

/** applyEvent's transaction: what moves, and what is left for `after` the commit. */
async function applyInTransaction(
  ctx: PaymentsContext,
  tx: Db,
  acquirer: Pick<Acquirer, 'name' | 'enforcesWindow'>,
  event: WebhookEvent,
  hooks: ApplyHooks,
  after: AfterCommit,
): Promise<WebhookResult> {
  const { clock } = ctx;
  const provider = acquirer.name;
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
    await writeReceipt(ctx, tx, { eventRowId, event, receivedAt }, locked, name, refundAmount);
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
  const hold = await holdPaidCards(ctx, tx, order);
  after.freed = hold.freed;
  if (!hold.held) return receipt('sold_out', Math.max(0, received));

  await markPaid(tx, order, payment, paidAt);
  after.paid = { userId: order.userId, orderId: order.id };
  // Too much: the order is paid and the part above its price is due back.
  const excess = received - payment.amountMmk;
  return excess > 0 ? receipt('overpaid', excess) : receipt('applied', 0);
}
