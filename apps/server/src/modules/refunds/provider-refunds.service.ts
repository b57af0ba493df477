import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { RetryJob, type JobRow, type JobType } from '../../platform/job-worker.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import type { LoyaltyService } from '../loyalty/loyalty.service.ts';
import { orderRecords } from '../orders/orders.service.ts';
import type { Acquirer, RefundResult } from '../payments/acquirer.ts';
import {
  paymentRecords,
  type ReceiptOutcome,
  type ReceiptRefundOwed,
} from '../payments/payments.service.ts';
import {
  createProviderRefundsRepo,
  OPEN_PROVIDER_REFUND,
  type NewProviderRefund,
  type ProviderRefundRow,
} from './provider-refunds.repo.ts';
import { createRefundsRepo } from './refunds.repo.ts';
import { markRefundDoneIn } from './refunds.service.ts';

/*
 * Refunds through the payment's provider (ADR 0060). Where the shop flags money for refund — an
 * order's bank refund (ADR 0020) or money a receipt could not apply (ADR 0017) — and the provider
 * that collected it has a refund API, the same transaction writes the refund to send (its own id
 * is the provider's idempotency key) and a job. The job runs in a lane of its own: it calls the
 * provider and records the outcome once. Refunded, the order's refund is marked done as support
 * would mark it; refused or unknown, it stays for support with the reason on the order's timeline.
 * Providers without a refund API change nothing: their refunds stay manual.
 */

export const PROVIDER_REFUND_JOB = 'provider_refund';
/** A refund the provider accepted and has not finished is asked about again this often… */
export const PENDING_REFUND_RECHECK_MS = 5 * 60_000;
/** …for this long after it was sent; then support looks (outcome unknown). */
export const PENDING_REFUND_GIVE_UP_MS = 24 * 60 * 60_000;

/** What the refund tells the provider (KBZ refund_reason): a few plain words. */
const RECEIPT_REASONS: Partial<Record<ReceiptOutcome, string>> = {
  overpaid: 'Paid more than the price',
  duplicate: 'Paid twice',
  wrong_amount: 'Wrong amount paid',
  after_cancel: 'Paid after the order was cancelled',
  after_expiry: 'Paid after the payment expired',
  sold_out: 'Sold out',
};

type OutcomeToRecord =
  | { status: 'refunded'; providerRef: string | null }
  | { status: 'refused' | 'unknown'; message: string };

/** Lines support still has to look at before money goes back (a retry, an unconfirmed top-up). */
const awaitsSupport = (item: { status: string; failureCode: string | null }) =>
  item.status === 'pending' || (item.status === 'failed' && item.failureCode === 'unconfirmed');

export function createProviderRefunds(deps: {
  db: Db;
  /** The configured acquirers; those with a refund API take refunds of their payments. */
  acquirers: readonly Acquirer[];
  loyalty: Pick<LoyaltyService, 'refundCheckedPoints' | 'refundAsPoints' | 'pointsNeededFor'>;
  log: FastifyBaseLogger;
}) {
  const { db, log } = deps;
  const refunders = new Map(
    deps.acquirers.filter((a) => typeof a.refund === 'function').map((a) => [a.name, a]),
  );

  /** The refund to send and its job, in the caller's transaction; once per refund owed. */
  async function queue(tx: Db, refund: NewProviderRefund): Promise<void> {
    const row = await createProviderRefundsRepo(tx).insert(refund);
    if (!row) return;
    await enqueueJob(tx, {
      type: PROVIDER_REFUND_JOB,
      dedupeKey: `${PROVIDER_REFUND_JOB}:${row.id}`,
      payload: { orderId: row.orderId, providerRefundId: row.id, provider: row.provider },
    });
  }

  /**
   * In the webhook's transaction: money of a payment the order could not use goes back through
   * the provider that collected it, when it can refund.
   */
  async function receiptOwed(tx: Db, owed: ReceiptRefundOwed): Promise<void> {
    if (!refunders.has(owed.payment.provider) || owed.currency !== 'MMK' || owed.amount <= 0)
      return;
    await queue(tx, {
      provider: owed.payment.provider,
      paymentId: owed.payment.id,
      orderId: owed.orderId,
      source: { receiptId: owed.receiptId },
      amountMmk: owed.amount,
      reason: RECEIPT_REASONS[owed.outcome] ?? 'Payment not used',
    });
  }

  /**
   * In the transaction that left an order's bank refund pending (fulfilment's end, or a line
   * settled by support, ADR 0036), the order locked: the refund goes back through the provider
   * that took the payment, once nothing is left for support to look at first.
   */
  async function orderRefundOwed(tx: Db, orderId: string): Promise<void> {
    if (refunders.size === 0) return;
    const [refund] = await createRefundsRepo(tx).ofOrders([orderId]);
    if (refund?.status !== 'refund_pending' || refund.destination !== 'bank') return;
    if (refund.amountMmk <= 0) return;
    const found = await orderRecords(tx).findOrder(orderId);
    if (!found || found.items.some(awaitsSupport)) return;
    const payment = await paymentRecords(tx).refundedPayment(orderId);
    if (!payment || !refunders.has(payment.provider) || refund.amountMmk > payment.amountMmk)
      return;
    await queue(tx, {
      provider: payment.provider,
      paymentId: payment.id,
      orderId,
      source: { orderRefundId: refund.id },
      amountMmk: refund.amountMmk,
      reason: refund.partial ? 'Part of the order not delivered' : 'Order not delivered',
    });
  }

  /**
   * The outcome, recorded once (the order locked first, ADR 0017): a refund no longer open is
   * left as it is. Refunded, an order's refund is marked done with the provider's reference, as
   * support would mark it, and the customer is told.
   */
  async function record(refund: ProviderRefundRow, outcome: OutcomeToRecord): Promise<void> {
    const changed = await orderRecords(db).inTransaction(async (tx) => {
      await orderRecords(tx).lockOrder(refund.orderId);
      const done = await createProviderRefundsRepo(tx).finish(refund.id, {
        status: outcome.status,
        ...(outcome.status === 'refunded'
          ? { providerRef: outcome.providerRef }
          : { message: outcome.message }),
      });
      if (done && outcome.status === 'refunded' && refund.orderRefundId)
        await markRefundDoneIn(tx, deps.loyalty, refund.orderId, {
          reference: `${refund.provider} ${outcome.providerRef ?? refund.requestNo}`,
        });
      return done;
    });
    if (!changed) return;
    const fields = {
      orderId: refund.orderId,
      provider: refund.provider,
      requestNo: refund.requestNo,
      amountMmk: refund.amountMmk,
      status: outcome.status,
    };
    if (outcome.status === 'refunded') log.info(fields, 'refund made by the payment provider');
    else log.warn({ ...fields, why: outcome.message }, 'refund left to support');
  }

  /** Accepted and not finished: asked again later, with the same id, for a day at most. */
  async function stillPending(refund: ProviderRefundRow, providerRef: string | null) {
    if (Date.now() - refund.createdAt.getTime() > PENDING_REFUND_GIVE_UP_MS) {
      await record(refund, {
        status: 'unknown',
        message: `${refund.provider} had not finished it a day after it was sent`,
      });
      return;
    }
    await createProviderRefundsRepo(db).markPending(refund.id, providerRef);
    throw new RetryJob(`${refund.provider} is still making the refund`, PENDING_REFUND_RECHECK_MS);
  }

  async function applyResult(refund: ProviderRefundRow, result: RefundResult): Promise<void> {
    if (result.status === 'pending') return stillPending(refund, result.providerRef);
    await record(
      refund,
      result.status === 'refunded'
        ? { status: 'refunded', providerRef: result.providerRef }
        : { status: result.status, message: result.reason },
    );
  }

  const refundIdOf = (job: JobRow): string => {
    const id = job.payload.providerRefundId;
    if (typeof id !== 'string') throw new Error(`job ${job.id} names no provider refund`);
    return id;
  };

  /**
   * Sends one refund to its provider. No answer (time-out, network, 5xx) throws: the worker runs
   * it again later with the same request number, so the provider refunds it once.
   */
  async function send(job: JobRow): Promise<void> {
    const refund = await createProviderRefundsRepo(db).find(refundIdOf(job));
    if (!refund || !OPEN_PROVIDER_REFUND.includes(refund.status)) return;
    const reference = await paymentRecords(db).referenceOf(refund.paymentId);
    if (!reference) return;
    const acquirer = refunders.get(refund.provider);
    if (!acquirer?.refund) {
      await record(refund, {
        status: 'unknown',
        message: `${refund.provider} refunds are not configured any more`,
      });
      return;
    }
    const result = await acquirer.refund({
      reference,
      refundId: refund.requestNo,
      amountMmk: refund.amountMmk,
      reason: refund.reason,
    });
    await applyResult(refund, result);
  }

  /** The last try went unanswered: support checks the provider's portal (outcome unknown). */
  async function giveUp(job: JobRow, error: unknown): Promise<void> {
    const refund = await createProviderRefundsRepo(db).find(refundIdOf(job));
    if (!refund) return;
    const why = error instanceof Error ? error.message : String(error);
    await record(refund, {
      status: 'unknown',
      message: `no answer after ${String(job.attempts)} tries (${why})`,
    });
  }

  const jobTypes: Record<string, JobType> = {
    [PROVIDER_REFUND_JOB]: { handle: send, giveUp },
  };

  return {
    /** Whether refunds of this provider's payments go through it (its refund API is configured). */
    refundsThrough: (provider: string) => refunders.has(provider),
    receiptOwed,
    orderRefundOwed,
    /** The refunds' job, for a job worker lane of its own (REFUND_CONCURRENCY). */
    jobTypes,
  };
}

export type ProviderRefunds = ReturnType<typeof createProviderRefunds>;
