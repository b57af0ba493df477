import type { TopupMapping } from '@shop/contracts/topup-provider-admin';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ConfigError, type Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import type { Mailer } from '../../platform/messaging.ts';
import type { ShopMetrics } from '../../platform/metrics.ts';
import { runPeriodically } from '../../platform/periodic.ts';
import { reloadlySettingsOrStop } from '../fulfilment/providers/reloadly.ts';
import { createReloadlyAccount } from '../fulfilment/providers/reloadly-account.ts';
import { topupAccountRoutes, type TopupAccountService } from './topup-account.routes.ts';
import { createTopupBalanceMonitor, noBalance } from './topup-balance.ts';
import { createTopupCatalogue, noCatalogue, type TopupCatalogueReader } from './topup-catalogue.ts';
import { createTopupMappings } from './topup-mappings.ts';
import { createTopupReconciliation } from './topup-reconciliation.ts';

/** How often each instance checks the balance on its own (the e-mail is sent once anyway). */
export const BALANCE_CHECK_INTERVAL_MS = 5 * 60_000;
/** How often each instance looks whether yesterday (Yangon) was compared (one instance does it). */
export const RECONCILIATION_CHECK_INTERVAL_MS = 60 * 60_000;

/** RELOADLY_LOW_BALANCE: a number in the account's currency; absent means no alarm. */
const lowBalanceSchema = z.optional(z.coerce.number().min(0).max(1e9));

export function lowBalanceThreshold(env: Record<string, string | undefined>): number | null {
  const parsed = lowBalanceSchema.safeParse(env.RELOADLY_LOW_BALANCE);
  if (!parsed.success)
    throw new ConfigError(
      'Invalid configuration for TOPUP_PROVIDER=reloadly:\n  RELOADLY_LOW_BALANCE: malformed (a number in the account currency)',
    );
  return parsed.data ?? null;
}

export type { TopupAccountService, TopupMapping };

/**
 * The top-up aggregator's account (issue 28): with TOPUP_PROVIDER=reloadly its prepaid balance is
 * watched (dashboard, metric, the owner e-mailed below RELOADLY_LOW_BALANCE) and its Myanmar
 * catalogue listed; the simulator has neither. Registered after the back-office's access hook, so its routes are staff-only.
 */
export async function registerTopupAccountModule(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    mailer: Mailer;
    clock: Clock;
    metrics: ShopMetrics | null;
  },
): Promise<TopupAccountService> {
  const { config } = deps;
  let service: TopupAccountService = {
    balance: () => Promise.resolve(noBalance(config.topupProvider)),
    catalogue: () => Promise.resolve(noCatalogue(config.topupProvider)),
    mappings: null,
    reconciliation: null,
    funds: () => Promise.resolve(true),
  };
  if (config.topupProvider === 'reloadly') {
    const account = createReloadlyAccount(reloadlySettingsOrStop(config.topupProviderEnv));
    const monitor = createTopupBalanceMonitor({
      provider: 'reloadly',
      read: () => account.balance(),
      threshold: lowBalanceThreshold(config.topupProviderEnv),
      db: deps.database.db,
      mailer: deps.mailer,
      clock: deps.clock,
      log: app.log,
    });
    if (deps.metrics) monitor.registerGauge(deps.metrics.registry);
    runPeriodically(app, BALANCE_CHECK_INTERVAL_MS, 'a top-up account check failed', () =>
      monitor.refresh(),
    );
    app.decorate('checkTopupBalance', async () => {
      await monitor.refresh();
    });
    // Each read of the catalogue checks the mappings against it (cost, FX, still offered).
    const mappings = createTopupMappings({
      db: deps.database.db,
      provider: 'reloadly',
      clock: deps.clock,
      catalogue: () => catalogue,
      catalogueChanged: () => app.catalogueChanged(),
    });
    const catalogue: TopupCatalogueReader = createTopupCatalogue({
      provider: 'reloadly',
      read: async () => {
        const operators = await account.catalogue();
        await mappings.refresh(operators, deps.clock());
        return operators;
      },
      clock: deps.clock,
    });
    const reconciliation = createTopupReconciliation({
      db: deps.database.db,
      provider: 'reloadly',
      clock: deps.clock,
      log: app.log,
      report: (start, end) => account.transactions(start, end),
    });
    runPeriodically(app, RECONCILIATION_CHECK_INTERVAL_MS, 'a top-up account check failed', () =>
      reconciliation.runDue(),
    );
    service = {
      balance: () => monitor.view(),
      catalogue: (refresh) => catalogue.view(refresh),
      mappings,
      reconciliation,
      funds: (unitCost, quantity) =>
        monitor.covers(
          unitCost && { amount: unitCost.amount * quantity, currencyCode: unitCost.currencyCode },
        ),
    };
  }
  await app.register(topupAccountRoutes(service));
  return service;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads the aggregator's balance now and e-mails the owner if it just fell low (tests). */
    checkTopupBalance?: () => Promise<void>;
  }
}
