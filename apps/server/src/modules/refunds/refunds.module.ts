import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../platform/db.ts';
import type { JobLane } from '../../platform/job-worker.ts';
import type { Mailer, SmsSender } from '../../platform/messaging.ts';
import type { LoyaltyService } from '../loyalty/loyalty.service.ts';
import type { Acquirer } from '../payments/acquirer.ts';
import { createProviderRefunds, type ProviderRefunds } from './provider-refunds.service.ts';
import { createRefundsService, type RefundsService } from './refunds.service.ts';

export interface RefundsModule {
  /** Failed parts' refunds: the buyer told, staff mark bank refunds done (ADR 0020). */
  service: RefundsService;
  /** Refunds sent back through the acquirer that collected the money (ADR 0060). */
  providerRefunds: ProviderRefunds;
  /** The provider refunds' jobs, in slots of their own (REFUND_CONCURRENCY), for the job worker. */
  lane: JobLane;
}

/**
 * Refunds (ADR 0020, ADR 0060). No routes of its own: staff mark refunds done in the back-office,
 * the buyer sees them in the order history; its jobs run in the fulfilment worker (ADR 0070).
 */
export function registerRefundsModule(
  _app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    mailer: Mailer;
    sms: SmsSender;
    loyalty: LoyaltyService;
    /** The configured acquirers; those with a refund API take refunds of their payments. */
    acquirers: readonly Acquirer[];
    /** The buyer's contact details (refund notices). */
    account: Parameters<typeof createRefundsService>[0]['account'];
    log: FastifyBaseLogger;
  },
): Promise<RefundsModule> {
  const { config, database } = deps;
  const providerRefunds = createProviderRefunds({
    db: database.db,
    acquirers: deps.acquirers,
    loyalty: deps.loyalty,
    log: deps.log,
  });
  const service = createRefundsService({
    db: database.db,
    mailer: deps.mailer,
    sms: deps.sms,
    publicUrl: config.publicUrl,
    account: deps.account,
    log: deps.log,
  });
  return Promise.resolve({
    service,
    providerRefunds,
    lane: { types: providerRefunds.jobTypes, concurrency: config.refundConcurrency },
  });
}
