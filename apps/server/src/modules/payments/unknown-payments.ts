import { isUuid } from '@shop/contracts/ids';
import type { WebhookEvent } from '@shop/contracts/payments';
import type { Db } from '../../platform/db.ts';
import { orderRecords } from '../orders/orders.service.ts';
import type { EndedPayment } from './acquirer.ts';
import { closeAtAcquirer } from './acquirer-calls.ts';
import { applyEvent, staffFindingEventId } from './apply-callback.ts';
import { createPaymentsRepo, type PaymentRow } from './payments.repo.ts';
import type { PaymentsContext } from './payments-context.ts';
import { cancelLocked, expireDue, released } from './stock-holds.ts';

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

/**
 * One payment's outcome recorded as unknown, once (`<provider>:no-callback:<reference>` is
 * unique: several instances record it once), and logged for support. Answers whether this call
 * recorded it.
 */
export async function recordUnknown(
  ctx: PaymentsContext,
  payment: PaymentRow,
  reason: string,
): Promise<boolean> {
  const { provider } = payment;
  const id = await createPaymentsRepo(ctx.deps.db).recordEvent({
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
    receivedAt: ctx.clock(),
  });
  if (!id) return false;
  ctx.deps.log.warn(
    { orderId: payment.orderId, reference: payment.reference, provider },
    'payment outcome unknown: the provider never reported on it; check its merchant portal',
  );
  return true;
}

/**
 * The sandbox bank's silence (a demo's and the browser tests' stand-in for Wave's, ADR 0059):
 * an open payment's window ends now, it expires as any does, and its outcome is recorded
 * unknown at once, as the sweep records a silent provider's after its promise. Answers false
 * when it is not an open payment of this provider.
 */
export async function silence(
  ctx: PaymentsContext,
  provider: string,
  reference: string,
): Promise<boolean> {
  const repo = createPaymentsRepo(ctx.deps.db);
  const found = await repo.findByReference(provider, reference);
  if (!found || found.status !== 'pending') return false;
  await repo.endWindow(found.id, ctx.clock());
  await expireDue(ctx, found.orderId);
  const payment = await repo.findById(found.id);
  if (payment?.status !== 'expired') return false;
  return recordUnknown(ctx, payment, `${provider} was told to stay silent (sandbox bank)`);
}

/**
 * Staff's finding about a payment whose outcome was unknown (ADR 0059), after checking the
 * provider's merchant portal: "paid" (applied as the provider's callback would be) or "not
 * paid" (ended, its waiting order cancelled). Once per payment: the same finding again changes
 * nothing, the other one and a finding after the provider's own callback are refused
 * (UnknownFindingError).
 */
export async function recordUnknownFinding(
  ctx: PaymentsContext,
  paymentId: string,
  finding: UnknownPaymentFinding,
  record: FindingRecorder,
): Promise<UnknownFindingResult> {
  const payment = await unknownPayment(ctx, paymentId);
  return finding === 'paid' ? findPaid(ctx, payment, record) : findNotPaid(ctx, payment, record);
}

/** The payment staff may give a finding about: one whose outcome was recorded unknown. */
async function unknownPayment(ctx: PaymentsContext, paymentId: string): Promise<PaymentRow> {
  const repo = createPaymentsRepo(ctx.deps.db);
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
  ctx: PaymentsContext,
  payment: PaymentRow,
  finding: UnknownPaymentFinding,
): Promise<UnknownFindingResult> {
  const recorded = await createPaymentsRepo(ctx.deps.db).findEvent(
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
async function findPaid(ctx: PaymentsContext, payment: PaymentRow, record: FindingRecorder) {
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
  const result = await applyEvent(ctx, { name: payment.provider, enforcesWindow: false }, event, {
    checkLocked: (tx, locked) => refuseIfReported(tx, locked.payment),
    applied: (tx, applied) => record(tx, { payment, finding: 'paid', outcome: applied.outcome }),
  });
  if (result.duplicate) return earlierFinding(ctx, payment, 'paid');
  return { changed: true, outcome: result.outcome };
}

/**
 * Staff found the payment not paid: it ends expired, and its order, still waiting for payment,
 * is cancelled as an unpaid order is (its cards and promo-code use given back). An order paid
 * since, or ended, is left as it is. Refused while the customer has another payment of the
 * order open (a Pay Again): they may be paying it.
 */
async function findNotPaid(ctx: PaymentsContext, payment: PaymentRow, record: FindingRecorder) {
  const eventId = staffFindingEventId(payment.reference);
  const done = await ctx.transaction(async (tx) => {
    const txPayments = createPaymentsRepo(tx);
    const now = ctx.clock();
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
      ended = await cancelLocked(ctx, tx, [order.id]);
      outcome = 'order_cancelled';
    }
    await txPayments.setEventOutcome(payment.provider, eventId, outcome, locked.id);
    await record(tx, { payment: locked, finding: 'not_paid', outcome });
    return { outcome, ...ended };
  });
  if (!done) return earlierFinding(ctx, payment, 'not_paid');
  closeAtAcquirer(ctx, done.ended);
  await released(ctx, done.freed);
  return { changed: true, outcome: done.outcome };
}
