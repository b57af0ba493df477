import { RetryJob, type JobRow } from '../../platform/job-worker.ts';
import type { FulfilmentContext } from './fulfilment-context.ts';
import { TopupAwaitingFundsError } from './topup-provider.ts';

export const SEND_ORDER_CODES_JOB = 'send_order_codes';
/** A failed top-up line sent to the aggregator again at staff's request (ADR 0036). */
export const RETRY_TOPUP_JOB = 'retry_topup';

/** How long a line waits before it tries again while the aggregator balance is empty. */
export const AWAITING_FUNDS_RETRY_MS = 3 * 60_000;

export const retryOf = (job: JobRow): [string, number] => {
  const { itemId, attempt } = job.payload;
  if (typeof itemId !== 'string' || typeof attempt !== 'number')
    throw new Error(`job ${job.id} has no itemId or attempt`);
  return [itemId, attempt];
};

/** The address a codes job was queued for (a resend names it), else the order's. */
export const payloadEmail = (job: JobRow): string | null =>
  typeof job.payload.email === 'string' ? job.payload.email : null;

export const payloadOrderId = (job: JobRow): string => {
  const id = job.payload.orderId;
  if (typeof id !== 'string') throw new Error(`job ${job.id} has no orderId`);
  return id;
};

/**
 * The aggregator refused for lack of the shop's own funds: nothing was sent, so the job waits
 * (rescheduled, its tries untouched) rather than end `unconfirmed` or refunded; the low-balance
 * alert (ADR 0064) tells the owner. Once funded, the next run sends with the same keys.
 */
export async function awaitingFunds(
  ctx: FulfilmentContext,
  job: JobRow,
  run: Promise<void>,
): Promise<void> {
  const { log } = ctx;
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
