import type {
  AdminOrderDetail,
  AdminOrderItem,
  AdminOrderRefund,
  AdminRefundRequest,
} from '@shop/contracts/admin-orders';
import { adminOrderMessages } from '@shop/contracts/admin-orders-messages';
import { adminSchemaMessages } from '@shop/contracts/admin-schema-messages';
import { formatRecipientNumber } from '@shop/contracts/phone';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import {
  CodesResendError,
  LineActionError,
  type FulfilmentService,
  type LineChangeHook,
  type LineActionProblem,
} from '../fulfilment/fulfilment.service.ts';
import { TopupUnavailableError } from '../fulfilment/topup-provider.ts';
import type { LoyaltyService } from '../loyalty/loyalty.service.ts';
import type { OrderRefundRow } from '../refunds/refunds.service.ts';
import { markRefundDone, RefundError } from '../refunds/refunds.service.ts';
import { buildTimeline } from './admin-order-timeline.ts';
import type { AdminOrdersRepo } from './admin-orders.repo.ts';
import { toAdminMembership, toAdminOrder } from './admin.service.ts';
import type { AuditActor, AuditService } from './audit.service.ts';

/** What the audit log keeps of a refund, before and after a staff change. */
const refundRecord = (row: OrderRefundRow) => ({
  status: row.status,
  destination: row.destination,
  amountMmk: row.amountMmk,
  points: row.points,
  pointsReturned: row.pointsReturned,
  reference: row.reference,
  refundedAt: row.refundedAt?.toISOString() ?? null,
});

/** Order detail and order actions of the back-office (issue 17). */
export function createAdminOrdersService(deps: {
  db: Db;
  repo: AdminOrdersRepo;
  audit: AuditService;
  loyalty: Pick<
    LoyaltyService,
    'refundCheckedPoints' | 'refundAsPoints' | 'pointsNeededFor' | 'membership'
  >;
  /** Fulfilment's line actions (ADR 0036) and a nudge for the job worker after a commit. */
  lines: Pick<
    FulfilmentService,
    'resolveUnconfirmed' | 'checkUnconfirmedCards' | 'startRetry' | 'queueCodesAgain'
  >;
  wakeWorker: () => void;
}) {
  const { db, repo } = deps;
  const notFound = () => new AppError('NOT_FOUND', adminOrderMessages.orderNotFound);

  async function detail(orderId: string): Promise<AdminOrderDetail> {
    const found = await repo.order(orderId);
    if (!found) throw notFound();
    const { order, customer, items } = found;
    const [records, membership] = await Promise.all([
      repo.records(
        orderId,
        items.map((i) => i.id),
      ),
      deps.loyalty.membership(customer.id),
    ]);
    const cardsOf = (itemId: string) => records.cards.filter((c) => c.orderItemId === itemId);
    const adminOrder = toAdminOrder(order, customer, items);
    const lines: AdminOrderItem[] = items.map((i) => ({
      id: i.id,
      productName: i.name,
      kind: i.kind,
      quantity: i.quantity,
      unitPriceMmk: i.unitPriceMmk,
      status: i.status,
      failureCode: i.failureCode,
      recipientPhone: i.phoneNumber,
      sku: i.sku,
      lineTotalMmk: i.lineTotalMmk,
      cardsDelivered: cardsOf(i.id).length,
      cardsRevealed: cardsOf(i.id).filter((c) => c.scratchedAt !== null).length,
    }));
    const r = records.refund;
    const refund: AdminOrderRefund | null = r && {
      status: r.status,
      destination: r.destination,
      amountMmk: r.amountMmk,
      points: r.points,
      reference: r.reference,
      createdAt: r.createdAt.toISOString(),
      refundedAt: r.refundedAt?.toISOString() ?? null,
      partial: r.partial,
      toCheck: items.some((i) => i.status === 'failed' && i.failureCode === 'unconfirmed'),
    };
    return {
      order: adminOrder,
      membership: toAdminMembership(membership),
      items: lines,
      refund,
      timeline: buildTimeline(order, items, records),
    };
  }

  const lineProblems: Record<LineActionProblem, () => AppError> = {
    no_order: notFound,
    no_item: () => new AppError('NOT_FOUND', adminOrderMessages.itemNotFound),
    not_unconfirmed: () => new AppError('CONFLICT', adminOrderMessages.notUnconfirmed),
    resolved_otherwise: () => new AppError('CONFLICT', adminOrderMessages.resolvedOtherwise),
    refund_paid: () => new AppError('CONFLICT', adminOrderMessages.refundPaidOut),
    refund_at_provider: () => new AppError('CONFLICT', adminOrderMessages.refundSentToProvider),
    no_refund: () => new AppError('CONFLICT', adminOrderMessages.noRefundRow),
    not_retryable: () => new AppError('CONFLICT', adminOrderMessages.notRetryable),
    resolve_first: () => new AppError('CONFLICT', adminOrderMessages.resolveFirst),
    points_order: () => new AppError('CONFLICT', adminOrderMessages.retryPointsOrder),
    no_recipient: () => new AppError('CONFLICT', adminOrderMessages.noRecipient),
    delivered: () => new AppError('CONFLICT', adminOrderMessages.lineDelivered),
  };
  /** A line action's problems as the back-office answers them (`own`: this action's wording). */
  async function lineAction<T>(
    run: () => Promise<T>,
    own: Partial<typeof lineProblems> = {},
  ): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof LineActionError) throw (own[err.problem] ?? lineProblems[err.problem])();
      throw err;
    }
  }
  /** The audit record of a line action, in the action's transaction. */
  const auditLine =
    (
      actor: AuditActor,
      action: string,
      orderId: string,
      what: Record<string, unknown>,
    ): LineChangeHook =>
    (tx, change) =>
      deps.audit.record(tx, actor, {
        action,
        targetType: 'order',
        targetId: orderId,
        before: change.before,
        after: { ...what, ...change.after, outcome: change.outcome },
      });
  const lineLabel = async (orderId: string, itemId: string) => {
    const found = await repo.order(orderId);
    const item = found?.items.find((i) => i.id === itemId);
    return {
      itemId,
      item: item
        ? `${item.name.en}${item.phoneNumber ? ` to ${formatRecipientNumber(item.phoneNumber)}` : ''}`
        : itemId,
    };
  };

  return {
    detail,

    /**
     * An unconfirmed top-up checked with the aggregator (ADR 0036): delivered (the refund shrinks,
     * the order may complete) or not delivered (it stays refunded; a points order's points come
     * back once nothing is left to check). Done once, audited in the same transaction.
     */
    async resolveTopup(orderId: string, itemId: string, delivered: boolean, actor: AuditActor) {
      const what = {
        ...(await lineLabel(orderId, itemId)),
        finding: delivered ? 'delivered' : 'not_delivered',
      };
      const { changed, outcome } = await lineAction(() =>
        deps.lines.resolveUnconfirmed(
          orderId,
          itemId,
          delivered,
          auditLine(actor, 'order.resolve_topup', orderId, what),
        ),
      );
      if (changed) deps.wakeWorker();
      const message = !changed
        ? adminOrderMessages.resolveAlreadyDone
        : delivered
          ? outcome === 'completed'
            ? adminOrderMessages.resolvedCompleted
            : adminOrderMessages.resolvedDelivered
          : outcome === 'refunded'
            ? adminOrderMessages.resolvedNotDeliveredRefunded
            : adminOrderMessages.resolvedNotDelivered;
      return { message, data: await detail(orderId) };
    },

    /**
     * An unconfirmed gift card bought on demand checked with Reloadly's report (issue 28): its
     * codes delivered, or the line not delivered. Once, audited in the same transaction; 503
     * when Reloadly cannot tell now (nothing changes).
     */
    async checkCards(orderId: string, itemId: string, actor: AuditActor) {
      const label = await lineLabel(orderId, itemId);
      const check = () =>
        deps.lines.checkUnconfirmedCards(orderId, itemId, (tx, change) =>
          auditLine(actor, 'order.check_cards', orderId, {
            ...label,
            finding: change.after.line.status === 'delivered' ? 'delivered' : 'not_delivered',
          })(tx, change),
        );
      const { changed, outcome, delivered } = await lineAction(check, {
        not_unconfirmed: () => new AppError('CONFLICT', adminOrderMessages.notUnconfirmedCards),
      }).catch((err: unknown) => {
        if (err instanceof TopupUnavailableError)
          throw new AppError('SERVICE_UNAVAILABLE', adminOrderMessages.cardsCheckUnavailable);
        throw err;
      });
      if (changed) deps.wakeWorker();
      const message = !changed
        ? adminOrderMessages.cardsCheckedBefore
        : !delivered
          ? adminOrderMessages.cardsNotBought
          : outcome === 'completed'
            ? adminOrderMessages.cardsFoundCompleted
            : adminOrderMessages.cardsFoundDelivered;
      return { message, data: await detail(orderId) };
    },

    /**
     * A failed top-up line sent to the aggregator again (ADR 0036): the retry job is written with
     * the audit record and runs after the answer; the detail shows the line pending meanwhile.
     */
    async retryTopup(orderId: string, itemId: string, actor: AuditActor) {
      const label = await lineLabel(orderId, itemId);
      const { changed } = await lineAction(() =>
        deps.lines.startRetry(orderId, itemId, (tx, change) =>
          auditLine(actor, 'order.retry_topup', orderId, {
            ...label,
            attempt: change.after.line.attempt,
          })(tx, change),
        ),
      );
      if (changed) deps.wakeWorker();
      return {
        message: changed ? adminOrderMessages.retryStarted : adminOrderMessages.retryRunning,
        data: await detail(orderId),
      };
    },

    /**
     * Pays out a pending refund (bank, with the payout reference) or gives it as points, once:
     * markRefundDone locks the order and the refund, so of two staff pressing at once one changes
     * it and the other finds it done. The audit record commits with the change.
     */
    async refund(orderId: string, body: AdminRefundRequest, actor: AuditActor) {
      try {
        const { refund, changed } = await markRefundDone(db, deps.loyalty, orderId, {
          destination: body.destination,
          reference: body.reference ?? null,
          onChange: (tx, before, after) =>
            deps.audit.record(tx, actor, {
              action: 'order.refund',
              targetType: 'order',
              targetId: orderId,
              before: refundRecord(before),
              after: refundRecord(after),
            }),
        });
        const message = !changed
          ? adminOrderMessages.refundAlreadyDone
          : refund.destination === 'points'
            ? adminOrderMessages.refundedToPoints
            : adminOrderMessages.refundedToBank;
        return { message, data: await detail(orderId) };
      } catch (err) {
        if (!(err instanceof RefundError)) throw err;
        switch (err.problem) {
          case 'no_order':
            throw notFound();
          case 'no_refund':
            throw new AppError('CONFLICT', adminOrderMessages.noPendingRefund);
          case 'points_only':
            throw new AppError('CONFLICT', adminOrderMessages.pointsOnly);
          case 'retrying':
            throw new AppError('CONFLICT', adminOrderMessages.refundWhileRetrying);
          case 'at_provider':
            throw new AppError('CONFLICT', adminOrderMessages.refundAtProvider);
          case 'reference_needed':
            throw new AppError('VALIDATION_ERROR', adminSchemaMessages.refundReference, {
              reference: adminSchemaMessages.refundReference,
            });
        }
      }
    },

    /**
     * Queues the codes e-mail of an order again, to its address (fulfilment's queueCodesAgain),
     * with its audit record in the same transaction; only for an order with cards delivered.
     */
    async resendCodes(orderId: string, actor: AuditActor): Promise<AdminOrderDetail> {
      try {
        await deps.lines.queueCodesAgain(orderId, {
          by: 'staff',
          record: (tx, sent) =>
            deps.audit.record(tx, actor, {
              action: 'order.resend_codes',
              targetType: 'order',
              targetId: orderId,
              after: { email: sent.email, cards: sent.cards, job: sent.job },
            }),
        });
      } catch (err) {
        if (!(err instanceof CodesResendError)) throw err;
        if (err.problem === 'no_order') throw notFound();
        throw new AppError(
          'CONFLICT',
          err.problem === 'no_codes' ? adminOrderMessages.noCodes : adminOrderMessages.noEmail,
        );
      }
      deps.wakeWorker();
      return detail(orderId);
    },
  };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
