import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { AuthGuard } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { runPeriodically } from '../../platform/periodic.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { userCartOwner, type CartService } from '../cart/cart.service.ts';
import type { PromotionsService } from '../promotions/promotions.service.ts';
import { selectAcquirer } from './providers/index.ts';
import { createSandboxAcquirer, type SandboxAcquirer } from './providers/sandbox.ts';
import { createPaymentsRepo, type PaymentsRepo } from './payments.repo.ts';
import { paymentsRoutes } from './payments.routes.ts';
import type { Acquirer } from './acquirer.ts';
import {
  createPaymentsService,
  type PaymentsDeps,
  type PaymentsService,
} from './payments.service.ts';
import { sandboxBankRoutes, type WebhookSender } from './sandbox-bank.routes.ts';

export { receiptOutcomes } from './payments.tables.ts';

/** How often expired payments are closed on the server, whether or not anyone polls. */
export const PAYMENT_SWEEP_INTERVAL_MS = 30_000;

/**
 * The sandbox bank's way to the shop: a real HTTP POST to this process's listening address when it
 * listens (as an outside acquirer would call), else app.inject (tests drive the app without a port).
 */
export function createWebhookSender(app: FastifyInstance): WebhookSender {
  return async ({ path, headers, body }) => {
    const address = app.server.listening ? app.server.address() : null;
    if (address && typeof address === 'object') {
      const host =
        address.family === 'IPv6'
          ? `[${address.address === '::' ? '::1' : address.address}]`
          : address.address === '0.0.0.0'
            ? '127.0.0.1'
            : address.address;
      const res = await fetch(`http://${host}:${address.port}${path}`, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      return res.status;
    }
    const res = await app.inject({ method: 'POST', url: path, headers, payload: body });
    return res.statusCode;
  };
}

/** The acquirers PAYMENT_PROVIDER names, in its order, and the sandbox bank if it is one. */
export interface ShopAcquirers {
  list: Acquirer[];
  sandbox: SandboxAcquirer | null;
}

/**
 * The acquirers PAYMENT_PROVIDER names, each built once from its own variables (ADR 0058, 0059):
 * built before the modules, as payments and the refunds through providers (ADR 0060) use them.
 */
export function createAcquirers(deps: {
  config: Config;
  secrets: Secrets;
  log: FastifyBaseLogger;
}): ShopAcquirers {
  const { config } = deps;
  const sandbox: SandboxAcquirer | null = config.paymentProviders.includes('sandbox')
    ? createSandboxAcquirer(deps.secrets.paymentWebhookSecret, config.publicUrl)
    : null;
  // In PAYMENT_PROVIDER's order: a method goes to the first that collects it (ADR 0059).
  const list = config.paymentProviders
    .map((provider) =>
      provider === 'sandbox'
        ? sandbox
        : selectAcquirer({ provider, env: config.paymentProviderEnv, publicUrl: config.publicUrl }),
    )
    .filter((acquirer): acquirer is NonNullable<typeof acquirer> => acquirer !== null);
  const unknown = config.paymentProviders.filter((name) => !list.some((a) => a.name === name));
  if (unknown.length > 0)
    deps.log.warn({ providers: unknown }, 'PAYMENT_PROVIDER names acquirers that are not built in');
  if (list.length === 0)
    deps.log.warn(
      config.paymentProviders.length > 0
        ? 'PAYMENT_PROVIDER names no built-in acquirer: payments are unavailable'
        : 'PAYMENT_PROVIDER is not set: payments are unavailable',
    );
  return { list, sandbox };
}

export interface PaymentsModule {
  payments: PaymentsService;
  /** Payments by status and receipts by outcome, for the metrics. */
  countByStatus: PaymentsRepo['countByStatus'];
  countReceiptsByOutcome: PaymentsRepo['countReceiptsByOutcome'];
}

/**
 * Wires payments (issue 5): the acquirers PAYMENT_PROVIDER names (ADR 0058), the sandbox bank, the
 * periodic expiry sweep and the reconciliation sweep. Checkout is its own module above it.
 */
export async function registerPaymentsModule(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    secrets: Secrets;
    clock: Clock;
    guard: AuthGuard;
    cart: CartService;
    log: FastifyBaseLogger;
    /** An order ended unpaid gives its promo-code use back (ADR 0035). */
    promotions: PromotionsService;
    /** A fulfilment job was committed (the worker looks at once). */
    onJobQueued: () => void;
    /** Tests may route the sandbox bank's webhook elsewhere. */
    webhookSender?: WebhookSender;
    /** The acquirers (createAcquirers). */
    acquirers: ShopAcquirers;
    /** Money a receipt flagged for refund may go back through its provider (ADR 0060). */
    receiptRefundOwed?: PaymentsDeps['receiptRefundOwed'];
  },
): Promise<PaymentsModule> {
  const { config, clock } = deps;
  const { sandbox, list: acquirers } = deps.acquirers;
  const payments = createPaymentsService({
    db: deps.database.db,
    acquirers,
    clock,
    log: deps.log,
    cardHolds: config.cardHolds,
    onOrderPaid: ({ userId, bought }) => deps.cart.removeBought(userCartOwner(userId), bought),
    onJobQueued: deps.onJobQueued,
    stockChanged: () => app.catalogueChanged(),
    // ADR 0035: an order that ends unpaid gives its promo-code use back.
    ordersEnded: async (tx, orderIds) => {
      await deps.promotions.release(tx, orderIds);
    },
    receiptRefundOwed: deps.receiptRefundOwed,
  });
  app.decorate('runPaymentSweep', () => payments.sweep());
  app.decorate('runPaymentReconciliation', () => payments.reconcile());
  await app.register(paymentsRoutes(payments, deps.guard));
  // The sandbox bank exists only when it is the selected acquirer (ADR 0017).
  if (sandbox)
    await app.register(
      sandboxBankRoutes({
        acquirer: sandbox,
        webhookSecret: deps.secrets.paymentWebhookSecret,
        clock,
        send: deps.webhookSender ?? createWebhookSender(app),
        silence: (reference) => payments.silence(sandbox.name, reference),
      }),
    );
  runPeriodically(app, PAYMENT_SWEEP_INTERVAL_MS, 'payment sweep failed', () => payments.sweep());
  // The provider is asked about unpaid payments (ADR 0058); a run still asking is not doubled.
  let reconciling = false;
  runPeriodically(app, PAYMENT_SWEEP_INTERVAL_MS, 'payment reconciliation failed', async () => {
    if (reconciling) return;
    reconciling = true;
    try {
      await payments.reconcile();
    } finally {
      reconciling = false;
    }
  });
  const repo = createPaymentsRepo(deps.database.db);
  return {
    payments,
    countByStatus: () => repo.countByStatus(),
    countReceiptsByOutcome: () => repo.countReceiptsByOutcome(),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** One run of the payment expiry sweep (it also runs every 30 s on its own). */
    runPaymentSweep(): Promise<{ expired: number; abandoned: number }>;
    /** One run of the reconciliation sweep (ADR 0058; every 30 s on its own). */
    runPaymentReconciliation(): Promise<{ asked: number; applied: number; unknown: number }>;
  }
}
