import { withContext } from '../../platform/use-case.ts';
import type { JobRow } from '../../platform/job-worker.ts';
import { FULFIL_ORDER_JOB } from '../payments/payments.service.ts';
import {
  deliveriesOf,
  findDeliveredCard,
  productDetails,
  readPins,
  revealCards,
} from './card-reveal.ts';
import { queueCodesAgain, sendOrderCodes } from './codes-email.ts';
import { abandonOrder, fulfilOrder } from './fulfil-order.ts';
import { createFulfilmentContext, type FulfilmentDeps } from './fulfilment-context.ts';
import {
  awaitingFunds,
  payloadEmail,
  payloadOrderId,
  RETRY_TOPUP_JOB,
  retryOf,
  SEND_ORDER_CODES_JOB,
} from './fulfilment-jobs.ts';
import { checkUnconfirmedCards, resolveUnconfirmed } from './resolve-unconfirmed.ts';
import { abandonRetry, retryTopup, startRetry } from './retry-topup.ts';

/** A delivered card as stored, for gift links (the module's public type). */
export type { OrderCardRow } from './fulfilment.repo.ts';
export type { FulfilmentDeps } from './fulfilment-context.ts';
export type { OrderDeliveries } from './card-reveal.ts';
export {
  CodesResendError,
  type CodesResendBy,
  type CodesResendProblem,
  type CodesResent,
} from './codes-email.ts';
export { topupKeyOf } from './deliver-topup.ts';
export {
  AWAITING_FUNDS_RETRY_MS,
  RETRY_TOPUP_JOB,
  SEND_ORDER_CODES_JOB,
} from './fulfilment-jobs.ts';
export { RETRYABLE_FAILURES, type FailureCode } from './line-status.ts';
export {
  LineActionError,
  type LineActionProblem,
  type LineChangeHook,
  type LineOutcome,
  type LineState,
} from './settle-lines.ts';

export { FULFIL_ORDER_JOB };

/**
 * Fulfilment of paid orders (DESIGN §6.4), run by the job worker. Every step is idempotent and
 * commits on its own, so a crash at any point is followed by a rerun that picks up where the
 * committed state says: cards are claimed and recorded in one transaction (never a second set),
 * each E-load request is recorded before the provider is called and re-sent with the same key,
 * and the order's end state, its loyalty points and the codes email job commit together.
 */
export function createFulfilmentService(deps: FulfilmentDeps) {
  const ctx = createFulfilmentContext(deps);
  const use = withContext(ctx);
  const fulfil = use(fulfilOrder);
  const abandon = use(abandonOrder);
  const sendCodes = use(sendOrderCodes);
  return {
    fulfilOrder: fulfil,
    abandonOrder: abandon,
    sendOrderCodes: sendCodes,
    queueCodesAgain: use(queueCodesAgain),
    resolveUnconfirmed: use(resolveUnconfirmed),
    checkUnconfirmedCards: use(checkUnconfirmedCards),
    startRetry: use(startRetry),

    /** Cards and E-load results of orders, PINs only of revealed cards (or all, for downloads). */
    deliveriesOf: use(deliveriesOf),

    /** Redemption instructions and gift-card face values of products (catalogue stock data). */
    productDetails: use(productDetails),

    /** The delivered card with this id and the order it belongs to, or null. */
    findDeliveredCard: use(findDeliveredCard),

    /** Reveals cards to their buyer (scratch or download): marks them scratched, answers PINs. */
    revealCards: use(revealCards),

    /** The PINs of cards, not marking them scratched (a share link's holder reveals them). */
    readPins: use(readPins),

    /** The job types this module runs (platform/job-worker.ts). */
    jobTypes: {
      [FULFIL_ORDER_JOB]: {
        handle: (job: JobRow) => awaitingFunds(ctx, job, fulfil(payloadOrderId(job))),
        giveUp: (job: JobRow) => abandon(payloadOrderId(job)),
      },
      [SEND_ORDER_CODES_JOB]: {
        handle: (job: JobRow) => sendCodes(payloadOrderId(job), payloadEmail(job)),
      },
      [RETRY_TOPUP_JOB]: {
        handle: (job: JobRow) =>
          awaitingFunds(ctx, job, retryTopup(ctx, payloadOrderId(job), ...retryOf(job))),
        giveUp: (job: JobRow) => abandonRetry(ctx, payloadOrderId(job), ...retryOf(job)),
      },
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
