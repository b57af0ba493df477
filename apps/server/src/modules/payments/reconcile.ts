import { stockRecords } from '../catalogue/stock-reservation.ts';
import { orderRecords } from '../orders/orders.service.ts';
import type { Acquirer } from './acquirer.ts';
import { queryEvent } from './acquirer-calls.ts';
import { applyEvent } from './apply-callback.ts';
import { createPaymentsRepo } from './payments.repo.ts';
import { ABANDONED_ORDER_MS, type PaymentsContext } from './payments-context.ts';
import { expireDue, released } from './stock-holds.ts';
import { recordUnknown } from './unknown-payments.ts';

/** The reconciliation sweep asks about payments made over a minute ago… */
const RECONCILE_GRACE_MS = 60_000;
/** …until 10 minutes after their window ended (a late payment is recorded, for a refund). */
const RECONCILE_AFTER_EXPIRY_MS = 10 * 60_000;
/** At most this many payments a run, this many at once, within this time. */
const RECONCILE_BATCH = 100;
const RECONCILE_PARALLEL = 4;
const RECONCILE_BUDGET_MS = 20_000;
/** How long after its promised last callback a silent payment is still looked for (ADR 0059). */
const SILENT_LOOKBACK_MS = 24 * 60 * 60_000;

/** The periodic sweep: expire payments, fail orders abandoned for a day. */
export async function sweep(ctx: PaymentsContext): Promise<{ expired: number; abandoned: number }> {
  const { deps, clock } = ctx;
  const expired = await expireDue(ctx);
  // Reservations whose time ran out without an expiry (checkout never asked for a payment).
  await released(ctx, await stockRecords(deps.db).releaseLapsed(clock()));
  const abandoned = await ctx.transaction(async (tx) => {
    const ended = await orderRecords(tx).failAbandoned(
      new Date(clock().getTime() - ABANDONED_ORDER_MS),
    );
    if (deps.ordersEnded && ended.length > 0) await deps.ordersEnded(tx, ended);
    return ended.length;
  });
  return { expired, abandoned };
}

/**
 * The reconciliation sweep (ADR 0058): payments not paid, from a minute after they were made
 * until RECONCILE_AFTER_EXPIRY_MS after their window, are asked for at the provider; what it
 * says is applied as its callback would be (once: the same event id). A lost callback still
 * pays the order; money paid to an expired QR is recorded and flagged for refund. Several
 * instances may run it at once (the event id decides). Bounded: RECONCILE_BATCH payments, a
 * few at a time, within RECONCILE_BUDGET_MS.
 */
export async function reconcile(
  ctx: PaymentsContext,
): Promise<{ asked: number; applied: number; unknown: number }> {
  const total = { asked: 0, applied: 0, unknown: 0 };
  for (const acquirer of ctx.deps.acquirers) {
    const run = await reconcileAt(ctx, acquirer);
    total.asked += run.asked;
    total.applied += run.applied;
    total.unknown += run.unknown;
  }
  return total;
}

/**
 * A provider with no status query promised a final callback within `withinMs` of a payment's
 * window (Wave, ADR 0059): a payment it gave no final word on by then is recorded once as
 * "outcome_unknown" (the order's timeline shows it to support) and logged, never silently lost:
 * the customer may have paid and the callback been lost. Looked at for a day after.
 */
async function recordSilentPayments(
  ctx: PaymentsContext,
  provider: string,
  withinMs: number,
): Promise<number> {
  const now = ctx.clock();
  const expiredBefore = new Date(now.getTime() - withinMs - RECONCILE_GRACE_MS);
  const repo = createPaymentsRepo(ctx.deps.db);
  const silent = await repo.silentAfterWindow(provider, {
    expiredBefore,
    expiredAfter: new Date(expiredBefore.getTime() - SILENT_LOOKBACK_MS),
    limit: RECONCILE_BATCH,
  });
  let recorded = 0;
  const reason = `no callback from ${provider} within ${String(Math.round(withinMs / 1000))} s of the window`;
  for (const payment of silent) if (await recordUnknown(ctx, payment, reason)) recorded += 1;
  return recorded;
}

/** One acquirer's part of the reconciliation sweep (see `reconcile`). */
async function reconcileAt(
  ctx: PaymentsContext,
  acquirer: Acquirer,
): Promise<{ asked: number; applied: number; unknown: number }> {
  if (!acquirer.queryPayment) {
    const unknown = acquirer.finalCallbackWithinMs
      ? await recordSilentPayments(ctx, acquirer.name, acquirer.finalCallbackWithinMs)
      : 0;
    return { asked: 0, applied: 0, unknown };
  }
  const now = ctx.clock();
  const due = await createPaymentsRepo(ctx.deps.db).dueForReconciliation(acquirer.name, {
    createdBefore: new Date(now.getTime() - RECONCILE_GRACE_MS),
    expiredAfter: new Date(now.getTime() - RECONCILE_AFTER_EXPIRY_MS),
    limit: RECONCILE_BATCH,
  });
  const startedAt = performance.now();
  let asked = 0;
  let applied = 0;
  for (let i = 0; i < due.length; i += RECONCILE_PARALLEL) {
    if (performance.now() - startedAt > RECONCILE_BUDGET_MS) break;
    const batch = due.slice(i, i + RECONCILE_PARALLEL);
    asked += batch.length;
    const events = await Promise.all(batch.map((p) => queryEvent(ctx, acquirer, p)));
    for (const event of events) {
      if (!event) continue;
      const result = await applyEvent(ctx, acquirer, event);
      if (!result.duplicate) applied += 1;
    }
  }
  return { asked, applied, unknown: 0 };
}
