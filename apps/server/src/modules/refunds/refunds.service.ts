import {
  REFUND_WORKING_DAYS,
  type OrderRefund,
  type RefundDestination,
  deliveredUnitsOf,
} from '@shop/contracts/orders';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { JobRow } from '../../platform/job-worker.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { enqueuePush } from '../notifications/push-jobs.ts';
import type { Mailer, SmsSender } from '../../platform/messaging.ts';
import type { LoyaltyService } from '../loyalty/loyalty.service.ts';
import { orderRecords, type OrderItemRow, type OrderRow } from '../orders/orders.service.ts';
import { paymentRecords } from '../payments/payments.service.ts';
import { createProviderRefundsRepo, OPEN_PROVIDER_REFUND } from './provider-refunds.repo.ts';
import { refundNotice, type RefundEvent } from './refunds.email.ts';
import { createRefundsRepo, type OrderRefundRow, type RefundsRepo } from './refunds.repo.ts';

/** A refund as stored, for the order answers (the module's public type). */
export type { OrderRefundRow } from './refunds.repo.ts';

/**
 * What other modules may do to an order's refund inside their own transaction (issue 30): lock and
 * read it, recompute what is owed, drop a pending one; and whether a provider refund was sent.
 */
export type RefundRecords = Pick<RefundsRepo, 'lock' | 'ofOrders' | 'removePending' | 'recompute'>;
export const refundRecords = (db: Db): RefundRecords => createRefundsRepo(db);
export const providerRefundSent = (db: Db, refundId: string): Promise<boolean> =>
  createProviderRefundsRepo(db).sentFor(refundId);

/**
 * Kyat received per order and not applied to it, due back to the customer (ADR 0017): the
 * receipts payments flagged for refund, less those their provider gave back (ADR 0060). Orders
 * with nothing due are absent.
 */
export async function unappliedRefunds(db: Db, orderIds: string[]): Promise<Map<string, number>> {
  const flagged = await paymentRecords(db).flaggedReceipts(orderIds);
  const givenBack = await createProviderRefundsRepo(db).refundedReceipts(
    flagged.flatMap((f) => (f.receiptId ? [f.receiptId] : [])),
  );
  const receipts = new Map<string, number>();
  const due = new Map<string, number>();
  for (const { orderId, receiptId, amount } of flagged) {
    if (receiptId === null) due.set(orderId, (due.get(orderId) ?? 0) + amount);
    else if (!givenBack.has(receiptId))
      receipts.set(orderId, (receipts.get(orderId) ?? 0) + amount);
  }
  for (const [orderId, amount] of receipts)
    if (amount > 0) due.set(orderId, (due.get(orderId) ?? 0) + amount);
  return due;
}

export const REFUND_NOTICE_JOB = 'send_refund_notice';

/** Why a refund cannot be marked done (the back-office answers each in the staff's language). */
export type RefundProblem =
  | 'no_order'
  | 'no_refund'
  | 'reference_needed'
  | 'points_only'
  | 'retrying'
  /** The refund was sent to the payment's provider, which has not answered yet (ADR 0060). */
  | 'at_provider';

/** A refund that cannot be marked done (the CLI prints the message and exits 1). */
export class RefundError extends Error {
  readonly problem: RefundProblem;
  constructor(message: string, problem: RefundProblem) {
    super(message);
    this.name = 'RefundError';
    this.problem = problem;
  }
}

/**
 * The failed part of a paid order, recorded in the transaction that ends the order failed
 * (fulfilment), and the one way it becomes refunded afterwards (support, `npm run refund:done`).
 * Each moment writes its notice job with a unique key in the same transaction: the customer is
 * told once per event, even across a crash or a restart (ADR 0020).
 */
export async function recordOrderRefund(
  tx: Db,
  entry: {
    order: OrderRow;
    items: OrderItemRow[];
    amountMmk: number;
    destination: RefundDestination;
    /** Points orders: the points due back in all, and those given back already. */
    points: number | null;
    pointsReturned: number;
    /** Something is still owed or must be checked by support first. */
    pending: boolean;
  },
): Promise<void> {
  const failed = entry.items.filter((i) => i.status === 'failed').length;
  const status = entry.pending ? 'refund_pending' : 'refunded';
  const row = await createRefundsRepo(tx).insert({
    orderId: entry.order.id,
    destination: entry.destination,
    status,
    amountMmk: entry.amountMmk,
    points: entry.points,
    pointsReturned: entry.pointsReturned,
    partial:
      failed > 0 &&
      (failed < entry.items.length || entry.items.some((i) => deliveredUnitsOf(i.failureCode) > 0)),
    refundedAt: entry.pending ? null : new Date(),
  });
  if (!row) return;
  await orderRecords(tx).updateOrder(entry.order.id, { paymentStatus: status });
  await enqueueRefundNotice(tx, entry.order.id, 'failed');
}

/**
 * Queues a notice with the caller's transaction, once per event (and, for `delivered`, per line:
 * an unconfirmed or retried top-up that arrived after all, ADR 0036).
 */
export async function enqueueRefundNotice(
  tx: Db,
  orderId: string,
  event: RefundEvent,
  itemId?: string,
) {
  await enqueueJob(tx, {
    type: REFUND_NOTICE_JOB,
    dedupeKey: `${REFUND_NOTICE_JOB}:${event}:${orderId}${itemId ? `:${itemId}` : ''}`,
    payload: itemId ? { orderId, event, itemId } : { orderId, event },
  });
}

/**
 * Support paid the refund out (bank: with the bank's reference) or checked an unconfirmed top-up:
 * the refund becomes refunded, points still owed go back, and the customer is told. Done once: a
 * second call answers the refund as it is (`changed: false`). The order and its refund are locked
 * first, so of two calls at once the second waits and then finds the refund done.
 *
 * `destination: 'points'` on a bank refund (the back-office, issue 17) gives the customer points
 * instead of money: the refund's kyat at the shop's point value, rounded up (in the customer's
 * favour), in one ledger entry. A points order's refund goes back as points only.
 *
 * A refund sent to the payment's provider (ADR 0060) cannot be marked by hand while the provider
 * has not answered: paying it out as well would pay it twice.
 */
export async function markRefundDone(
  db: Db,
  loyalty: RefundLoyalty,
  orderId: string,
  options: MarkRefundOptions = {},
): Promise<{ refund: OrderRefundRow; changed: boolean }> {
  return orderRecords(db).inTransaction((tx) => markRefundDoneIn(tx, loyalty, orderId, options));
}

type RefundLoyalty = Pick<
  LoyaltyService,
  'refundCheckedPoints' | 'refundAsPoints' | 'pointsNeededFor'
>;

export interface MarkRefundOptions {
  reference?: string | null;
  destination?: RefundDestination;
  /** Runs in the transaction after the change (the audit record), with the refund before and after. */
  onChange?: (tx: Db, before: OrderRefundRow, after: OrderRefundRow) => Promise<void>;
}

/** markRefundDone in the caller's transaction (a provider's refund recorded as done, ADR 0060). */
export async function markRefundDoneIn(
  tx: Db,
  loyalty: RefundLoyalty,
  orderId: string,
  options: MarkRefundOptions = {},
): Promise<{ refund: OrderRefundRow; changed: boolean }> {
  const order = await orderRecords(tx).lockOrder(orderId);
  if (!order) throw new RefundError(`no order ${orderId}`, 'no_order');
  const refunds = createRefundsRepo(tx);
  const refund = await refunds.lock(orderId);
  if (!refund) throw new RefundError(`order ${order.orderNumber} has no refund`, 'no_refund');
  if (refund.status === 'refunded') return { refund, changed: false };
  const atProvider = await createProviderRefundsRepo(tx).ofOrderRefund(refund.id);
  if (atProvider && OPEN_PROVIDER_REFUND.includes(atProvider.status))
    throw new RefundError(
      `the refund of order ${order.orderNumber} is being made through ${atProvider.provider}: wait for its answer`,
      'at_provider',
    );
  // A line sent to the aggregator again (ADR 0036) may still arrive: pay nothing before it ends.
  const found = await orderRecords(tx).findOrder(orderId);
  if (found?.items.some((i) => i.status === 'pending'))
    throw new RefundError(
      `a top-up of order ${order.orderNumber} is being sent again: wait for its answer`,
      'retrying',
    );
  const destination = options.destination ?? refund.destination;
  if (refund.destination === 'points' && destination === 'bank')
    throw new RefundError(
      `order ${order.orderNumber} was paid with points: its refund goes back as points`,
      'points_only',
    );
  const reference = options.reference?.trim() || null;
  if (destination === 'bank' && !reference)
    throw new RefundError(
      'a bank refund needs the payout reference (--reference)',
      'reference_needed',
    );
  let pointsReturned = refund.pointsReturned;
  let points = refund.points;
  if (refund.destination === 'points' && refund.points !== null)
    pointsReturned += await loyalty.refundCheckedPoints(tx, {
      userId: order.userId,
      orderId,
      points: refund.points - refund.pointsReturned,
    });
  else if (refund.destination === 'bank' && destination === 'points') {
    points = loyalty.pointsNeededFor(refund.amountMmk);
    pointsReturned = await loyalty.refundAsPoints(tx, {
      userId: order.userId,
      orderId,
      points,
    });
  }
  await refunds.markRefunded(orderId, { reference, pointsReturned, destination, points });
  await orderRecords(tx).updateOrder(orderId, { paymentStatus: 'refunded' });
  await enqueueRefundNotice(tx, orderId, 'refunded');
  await enqueuePush(tx, orderId, 'order_refunded');
  const [updated] = await refunds.ofOrders([orderId]);
  if (!updated) throw new Error('refund vanished');
  await options.onChange?.(tx, refund, updated);
  return { refund: updated, changed: true };
}

/** The refund as the order answers it (contracts `orderRefundSchema`). */
export function presentRefund(row: OrderRefundRow, items: OrderItemRow[]): OrderRefund {
  return {
    status: row.status,
    destination: row.destination,
    amount: row.amountMmk,
    points: row.points,
    partial: row.partial,
    toCheck: items.some((i) => i.status === 'failed' && i.failureCode === 'unconfirmed'),
    workingDays: row.status === 'refund_pending' ? REFUND_WORKING_DAYS : null,
    createdAt: row.createdAt.toISOString(),
    refundedAt: row.refundedAt?.toISOString() ?? null,
  };
}

/** Sends the notices (run by the job worker; at least once, like the codes email). */
export function createRefundsService(deps: {
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  publicUrl: string;
  /** The buyer's contact details. */
  account: (userId: string) => Promise<{
    email: string;
    phoneNumber: string;
    emailVerified: boolean;
    phoneVerified: boolean;
  }>;
  log: FastifyBaseLogger;
}) {
  const { db } = deps;

  async function sendNotice(orderId: string, event: RefundEvent, itemId?: string): Promise<void> {
    const found = await orderRecords(db).findOrder(orderId);
    const [refund] = await createRefundsRepo(db).ofOrders([orderId]);
    // A line that arrived after all may have left nothing to refund (the order completed).
    if (!found || (!refund && event !== 'delivered')) return;
    const { order, items } = found;
    const account = await deps.account(order.userId);
    const notice = refundNotice({
      event,
      order,
      items,
      refund: refund ?? null,
      itemId,
      orderUrl: `${deps.publicUrl}/orders/${orderId}`,
    });
    // The address given at checkout, else a verified account address; a phone account gets SMS.
    const email = order.email ?? (account.emailVerified ? account.email : null);
    if (email) await deps.mailer.send({ to: email, ...notice.email });
    if (account.phoneVerified && !account.emailVerified)
      await deps.sms.send({ to: `+${account.phoneNumber}`, text: notice.sms });
    deps.log.info({ orderId, event, email: !!email }, 'refund notice sent');
  }

  return {
    sendNotice,
    async refundsOf(orderIds: string[]): Promise<Map<string, OrderRefundRow>> {
      const rows = await createRefundsRepo(db).ofOrders(orderIds);
      return new Map(rows.map((r) => [r.orderId, r]));
    },
    /** Refunds by status and destination, for the metrics. */
    countByStatus: () => createRefundsRepo(db).countByStatus(),
    jobTypes: {
      [REFUND_NOTICE_JOB]: {
        handle: (job: JobRow) => {
          const { orderId, event, itemId } = job.payload;
          if (
            typeof orderId !== 'string' ||
            (event !== 'failed' && event !== 'refunded' && event !== 'delivered')
          )
            throw new Error(`job ${job.id} has no orderId or event`);
          return sendNotice(orderId, event, typeof itemId === 'string' ? itemId : undefined);
        },
      },
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
