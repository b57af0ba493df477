import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database, Db } from '../../platform/db.ts';
import { createJobWorker, type JobLane, type JobWorker } from '../../platform/job-worker.ts';
import type { Mailer, SmsSender } from '../../platform/messaging.ts';
import type { ShopMetrics } from '../../platform/metrics.ts';
import type { Secrets } from '../../platform/secrets.ts';
import type { LoyaltyService } from '../loyalty/loyalty.service.ts';
import type { RefundsService } from '../refunds/refunds.service.ts';
import type { FulfilmentDeps } from './fulfilment-context.ts';
import { createFulfilmentService, type FulfilmentService } from './fulfilment.service.ts';
import {
  createReloadlyTopupProvider,
  reloadlySettingsOrStop,
  reloadlyWebhookRoutes,
} from './providers/reloadly.ts';
import {
  createReloadlyGiftCardSource,
  reloadlyGiftCardsSettingsOrStop,
} from './providers/reloadly-giftcards.ts';
import { wakeTopupJobs } from './fulfilment.repo.ts';
import { orderRecords } from '../orders/orders.service.ts';
import {
  createSimulatorTopupProvider,
  measuredTopupProvider,
  TopupUnavailableError,
  type TopupMapping,
  type TopupUnitCost,
  type TopupProvider,
} from './topup-provider.ts';

/**
 * TOPUP_PROVIDER names the aggregator: the simulator (DESIGN §1) or Reloadly (issue 28), built
 * from its own variables; missing or malformed ones stop the start (names only, never a value).
 */
export function selectTopupProvider(config: Config, database: Database, log: FastifyBaseLogger) {
  if (config.topupProvider === 'simulator')
    return createSimulatorTopupProvider(database.db, config.topupSimulatorMaxDelayMs);
  if (config.topupProvider === 'reloadly')
    return createReloadlyTopupProvider(reloadlySettingsOrStop(config.topupProviderEnv));
  log.warn(
    { provider: config.topupProvider },
    'TOPUP_PROVIDER names no built-in aggregator: top-ups will fail and be flagged for refund',
  );
  const unavailable: TopupProvider = {
    name: config.topupProvider,
    send: () =>
      Promise.reject(
        new TopupUnavailableError(`No top-up provider named ${config.topupProvider} is built in`),
      ),
  };
  return unavailable;
}

/**
 * Fulfilment of paid orders and the job worker that runs it (ADR 0009). buildApp only creates the
 * worker: main.ts starts it after listening (app.startJobWorker()), tests run the queue with
 * app.runPendingJobs(); closing the app stops it after the jobs in hand.
 */
export interface FulfilmentModule {
  service: FulfilmentService;
  worker: JobWorker;
}

/** What fulfilment and its worker use (registerFulfilmentModule). */
export interface FulfilmentModuleDeps {
  config: Config;
  database: Database;
  secrets: Secrets;
  mailer: Mailer;
  sms: SmsSender;
  loyalty: LoyaltyService;
  log: FastifyBaseLogger;
  /** Failed parts' refunds: their notices are jobs of this worker (ADR 0020). */
  refunds: RefundsService;
  /** Tests may put in their own aggregator. */
  topupProvider?: TopupProvider;
  /**
   * Jobs of other modules the worker runs too, in loops of their own (the pushes of order events:
   * a slow push service never holds fulfilment's slots, ADR 0042).
   */
  lanes: JobLane[];
  /** Job and top-up timings (METRICS_TOKEN set); null: nothing is measured. */
  metrics: ShopMetrics | null;
  /** A failed order's bank refund is pending: it may go back through its provider (ADR 0060). */
  bankRefundOwed?: (tx: Db, orderId: string) => Promise<void>;
  /** Lines of an order were delivered, in the transaction that finished it (topup-requests). */
  linesDelivered?: FulfilmentDeps['linesDelivered'];
  /** A top-up or data product's aggregator operator and amount (topup-account's mappings). */
  topupMappingOf?: (productId: string) => Promise<TopupMapping | null>;
  /** Whether the aggregator balance covers a line (topup-account's funds). */
  topupFunds?: (unitCost: TopupUnitCost | null, quantity: number) => Promise<boolean>;
}

export async function registerFulfilmentModule(
  app: FastifyInstance,
  deps: FulfilmentModuleDeps,
): Promise<FulfilmentModule> {
  const { config, database, metrics } = deps;
  const topup = deps.topupProvider ?? selectTopupProvider(config, database, deps.log);
  await registerReloadlyWebhook(app, topup, config, database);
  // Gift cards on demand (ADR 0063): on when RELOADLY_GIFTCARDS_URL is set, whatever the top-ups use.
  const giftCardSettings = reloadlyGiftCardsSettingsOrStop(config.giftCardsEnv);
  const service = createFulfilmentService({
    db: database.db,
    topup: metrics ? measuredTopupProvider(topup, metrics) : topup,
    giftCards: giftCardSettings ? createReloadlyGiftCardSource(giftCardSettings) : null,
    pinKey: deps.secrets.pinEncryptionKey,
    mailer: deps.mailer,
    loyalty: deps.loyalty,
    publicUrl: config.publicUrl,
    log: deps.log,
    soldOut: () => app.catalogueChanged(),
    bankRefundOwed: deps.bankRefundOwed,
    topupMappingOf: deps.topupMappingOf,
    topupFunds: deps.topupFunds,
    linesDelivered: deps.linesDelivered,
  });
  const worker = createJobWorker({
    db: database.db,
    types: { ...service.jobTypes, ...deps.refunds.jobTypes },
    lanes: deps.lanes,
    log: deps.log,
    leaseSeconds: config.jobLeaseSeconds,
    concurrency: config.jobConcurrency,
    maxAttempts: config.jobMaxAttempts,
    metrics,
  });
  decorateJobWorker(app, worker, database, deps.log);
  return { service, worker };
}

/** Reloadly's top-up webhook: a top-up's answer wakes its request and the jobs waiting on it. */
async function registerReloadlyWebhook(
  app: FastifyInstance,
  topup: TopupProvider,
  config: Config,
  database: Database,
) {
  if ('wake' in topup && config.topupProvider === 'reloadly') {
    const { webhookSecret } = reloadlySettingsOrStop(config.topupProviderEnv);
    await app.register(
      reloadlyWebhookRoutes(webhookSecret, async (customIdentifier, itemId) => {
        (topup as ReturnType<typeof createReloadlyTopupProvider>).wake(customIdentifier);
        if (!itemId) return;
        const orderId = await orderRecords(database.db).orderOfItem(itemId);
        await wakeTopupJobs(database.db, { itemId, orderId });
      }),
    );
  }
}

/** The worker's handles on the app: run the queue now, start, stop (also when the app closes). */
function decorateJobWorker(
  app: FastifyInstance,
  worker: JobWorker,
  database: Database,
  log: FastifyBaseLogger,
) {
  app.decorate('runPendingJobs', (options?: { max?: number }) => worker.runPendingJobs(options));
  app.decorate('startJobWorker', async () => {
    // The embedded database belongs to this process alone (DATA_DIR lock): a job still marked
    // running was left by a crash, so it is taken again now rather than after its lease.
    if (database.kind === 'pglite') {
      const requeued = await worker.requeueOrphans();
      if (requeued > 0) log.warn({ requeued }, 'jobs of a crashed run queued again');
    }
    worker.start();
  });
  app.decorate('stopJobWorker', () => worker.stop());
  // Also on close (tests); main.ts stops it first, before its own hook closes the database.
  app.addHook('onClose', () => worker.stop());
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs every due job now, one at a time (tests, benchmarks); answers how many ran. */
    runPendingJobs(options?: { max?: number }): Promise<number>;
    /** Starts the background job worker (main.ts, after listen). */
    startJobWorker(): Promise<void>;
    /** Stops polling and waits for the jobs in hand (graceful shutdown). */
    stopJobWorker(): Promise<void>;
  }
}
