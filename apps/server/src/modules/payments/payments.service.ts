import { withContext } from '../../platform/use-case.ts';
import type { Db } from '../../platform/db.ts';
import { createPaymentsRepo, type PaymentsRepo } from './payments.repo.ts';
import { closeAtAcquirer } from './acquirer-calls.ts';
import { handleCallback } from './apply-callback.ts';
import { createPaymentsContext, type PaymentsDeps } from './payments-context.ts';
import { cancel, openSession, paymentStatus, regenerate } from './payment-session.ts';
import { payWithPoints } from './points-payment.ts';
import { reconcile, sweep } from './reconcile.ts';
import { startPayment } from './start-payment.ts';
import { cancelLocked, expireDue, released } from './stock-holds.ts';
import { recordUnknownFinding, silence } from './unknown-payments.ts';

export type { ReceiptOutcome } from './payments.tables.ts';
export {
  ABANDONED_ORDER_MS,
  FULFIL_ORDER_JOB,
  type PaymentsDeps,
  type ReceiptRefundOwed,
  type WebhookResult,
} from './payments-context.ts';
export { staffFindingEventId } from './apply-callback.ts';
export {
  UnknownFindingError,
  type FindingRecorder,
  type UnknownFindingProblem,
  type UnknownFindingResult,
  type UnknownPaymentFinding,
} from './unknown-payments.ts';

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

/**
 * The payments service (issue 30: one file a use case): payment sessions (payment-session.ts,
 * start-payment.ts), callbacks and what they apply (apply-callback.ts), payment by points
 * (points-payment.ts), the sweeps (reconcile.ts), payments of unknown outcome
 * (unknown-payments.ts) and the card holds they move (stock-holds.ts), each given the context
 * built here.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const ctx = createPaymentsContext(deps);
  const withCtx = withContext(ctx);
  return {
    startPayment: withCtx(startPayment),
    expireDue: withCtx(expireDue),
    cancelLocked: withCtx(cancelLocked),
    closeAtAcquirer: withCtx(closeAtAcquirer),
    /** After a commit that freed `cards` reserved cards: the catalogue shows them again. */
    released: withCtx(released),
    openSession: withCtx(openSession),
    paymentStatus: withCtx(paymentStatus),
    regenerate: withCtx(regenerate),
    cancel: withCtx(cancel),
    handleCallback: withCtx(handleCallback),
    reconcile: withCtx(reconcile),
    payWithPoints: withCtx(payWithPoints),
    recordUnknownFinding: withCtx(recordUnknownFinding),
    silence: withCtx(silence),
    sweep: withCtx(sweep),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
