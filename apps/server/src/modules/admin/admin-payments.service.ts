import { adminPaymentMessages } from '@shop/contracts/admin-payments-messages';
import type {
  AdminUnknownPayment,
  AdminUnknownPaymentListQuery,
  UnknownPaymentFinding,
} from '@shop/contracts/admin-payments';
import { AppError } from '../../platform/errors.ts';
import {
  staffFindingEventId,
  UnknownFindingError,
  type FindingRecorder,
  type PaymentsService,
  type UnknownFindingProblem,
  type UnknownFindingResult,
} from '../payments/payments.service.ts';
import { pageMeta } from './admin-paging.ts';
import {
  UNKNOWN_FINDING_ACTION,
  type AdminPaymentsRepo,
  type UnknownPaymentRow,
} from './admin-payments.repo.ts';
import type { AuditActor, AuditService } from './audit.service.ts';

/** A payment whose outcome is unknown as the back-office lists it, with how it was resolved. */
export function toUnknownPayment(row: UnknownPaymentRow): AdminUnknownPayment {
  const { payment, report } = row;
  const byStaff = report?.eventId === staffFindingEventId(payment.reference);
  return {
    paymentId: payment.id,
    reference: payment.reference,
    provider: payment.provider,
    amountMmk: payment.amountMmk,
    windowEndedAt: payment.expiresAt.toISOString(),
    unknownSince: row.unknownSince.toISOString(),
    paymentStatus: payment.status,
    order: row.order,
    customer: row.customer,
    resolution: report && {
      finding: report.type === 'payment.succeeded' ? 'paid' : 'not_paid',
      by: byStaff ? 'staff' : 'provider',
      staffEmail: byStaff ? row.staffEmail : null,
      outcome: report.outcome,
      at: new Date(report.at).toISOString(),
    },
  };
}

const problems: Record<UnknownFindingProblem, () => AppError> = {
  no_payment: () => new AppError('NOT_FOUND', adminPaymentMessages.paymentNotFound),
  not_unknown: () => new AppError('CONFLICT', adminPaymentMessages.notUnknown),
  reported: () => new AppError('CONFLICT', adminPaymentMessages.reportedSince),
  found_otherwise: () => new AppError('CONFLICT', adminPaymentMessages.foundOtherwise),
  paying_again: () => new AppError('CONFLICT', adminPaymentMessages.payingAgain),
};

/** What the back-office says after a finding was recorded (or found recorded already). */
function findingMessage(finding: UnknownPaymentFinding, result: UnknownFindingResult) {
  if (!result.changed) return adminPaymentMessages.alreadyMarked;
  if (finding === 'paid')
    return result.outcome === 'applied'
      ? adminPaymentMessages.markedPaid
      : adminPaymentMessages.markedPaidToRefund;
  return result.outcome === 'order_cancelled'
    ? adminPaymentMessages.markedNotPaidCancelled
    : adminPaymentMessages.markedNotPaid;
}

/** Payments whose provider never reported on them (issue 27, ADR 0059): the list and findings. */
export function createAdminPaymentsService(deps: {
  repo: AdminPaymentsRepo;
  audit: AuditService;
  payments: Pick<PaymentsService, 'recordUnknownFinding'>;
}) {
  /** The audit record of a finding, in the finding's transaction (the order's timeline shows it). */
  const auditFinding =
    (actor: AuditActor): FindingRecorder =>
    (tx, { payment, finding, outcome }) =>
      deps.audit.record(tx, actor, {
        action: UNKNOWN_FINDING_ACTION,
        targetType: 'order',
        targetId: payment.orderId,
        before: { paymentStatus: payment.status },
        after: {
          paymentId: payment.id,
          provider: payment.provider,
          reference: payment.reference,
          amountMmk: payment.amountMmk,
          finding,
          outcome,
        },
      });

  async function one(paymentId: string): Promise<AdminUnknownPayment> {
    const { rows } = await deps.repo.list({ paymentId, offset: 0, limit: 1 });
    const row = rows[0];
    if (!row) throw problems.no_payment();
    return toUnknownPayment(row);
  }

  return {
    async list(query: AdminUnknownPaymentListQuery) {
      const { rows, total } = await deps.repo.list({
        state: query.state,
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      });
      return { data: rows.map(toUnknownPayment), meta: pageMeta(query, total) };
    },

    /**
     * Staff's finding from the provider's merchant portal, recorded once by the payments module
     * with its audit record in the same transaction. Answers the message and the payment as now.
     */
    async recordFinding(paymentId: string, finding: UnknownPaymentFinding, actor: AuditActor) {
      try {
        const result = await deps.payments.recordUnknownFinding(
          paymentId,
          finding,
          auditFinding(actor),
        );
        return { message: findingMessage(finding, result), data: await one(paymentId) };
      } catch (err) {
        if (err instanceof UnknownFindingError) throw problems[err.problem]();
        throw err;
      }
    },
  };
}

export type AdminPaymentsService = ReturnType<typeof createAdminPaymentsService>;
