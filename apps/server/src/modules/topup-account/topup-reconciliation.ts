import { asc, eq, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { previousYangonDay, yangonDayWindow, type Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { completedTopups } from '../fulfilment/completed-topups.ts';
import { itemIdOfUnitKey } from '../fulfilment/providers/reloadly.ts';
import { orderRecords } from '../orders/orders.service.ts';
import { topupReconciliationMismatches, topupReconciliationRuns } from './topup-account.tables.ts';

/** A claimed run not finished after this long was left by a crashed instance: taken over. */
export const RECONCILIATION_LEASE_MS = 30 * 60_000;

type MismatchKind = 'theirs_without_ours' | 'ours_without_theirs' | 'amount_differs';

/** A line the shop delivered through the aggregator that day: what it expects the report to show. */
interface OurLine {
  orderItemId: string;
  orderId: string;
  sku: string | null;
  phoneNumber: string | null;
  quantity: number;
  expectedMmk: number;
  reference: string | null;
  deliveredAt: string;
}

interface Mismatch {
  kind: MismatchKind;
  orderItemId: string | null;
  ours: Record<string, unknown> | null;
  theirs: Record<string, unknown>[] | null;
}

/** The kyat a report row says reached the phone (the MMK one of delivered or requested). */
function theirKyat(row: Record<string, unknown>): number {
  if (row.deliveredAmountCurrencyCode === 'MMK') return Number(row.deliveredAmount) || 0;
  if (row.requestedAmountCurrencyCode === 'MMK') return Number(row.requestedAmount) || 0;
  return 0;
}

/** Their successful transactions, by the order line their customIdentifier names ('' for none). */
function groupTheirs(rows: Record<string, unknown>[]): Map<string, Record<string, unknown>[]> {
  const byItem = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    if (row.status !== 'SUCCESSFUL') continue;
    const custom = typeof row.customIdentifier === 'string' ? row.customIdentifier : '';
    const itemId = itemIdOfUnitKey(custom) ?? `unknown:${String(row.transactionId)}`;
    byItem.set(itemId, [...(byItem.get(itemId) ?? []), row]);
  }
  return byItem;
}

/** The differences between the two sides: each of ours checked, then theirs left over. */
export function compareDay(ours: OurLine[], theirRows: Record<string, unknown>[]): Mismatch[] {
  const theirs = groupTheirs(theirRows);
  const found: Mismatch[] = [];
  for (const line of ours) {
    const rows = theirs.get(line.orderItemId);
    theirs.delete(line.orderItemId);
    const ourRecord = { ...line };
    if (!rows) {
      found.push({
        kind: 'ours_without_theirs',
        orderItemId: line.orderItemId,
        ours: ourRecord,
        theirs: null,
      });
      continue;
    }
    const theirTotal = rows.reduce((sum, row) => sum + theirKyat(row), 0);
    if (theirTotal !== line.expectedMmk)
      found.push({
        kind: 'amount_differs',
        orderItemId: line.orderItemId,
        ours: ourRecord,
        theirs: rows,
      });
  }
  for (const [itemId, rows] of theirs)
    found.push({
      kind: 'theirs_without_ours',
      orderItemId: itemId.startsWith('unknown:') ? null : itemId,
      ours: null,
      theirs: rows,
    });
  return found;
}

/**
 * The daily reconciliation (issue 28): the shop's top-up lines delivered through the aggregator in
 * a Yangon day against the aggregator's transaction report for that day; the mismatches are
 * stored (a run again replaces them) and listed in the back-office. One instance runs a day: it
 * claims the day's row first (a claim older than RECONCILIATION_LEASE_MS is taken over).
 */
export function createTopupReconciliation(deps: {
  db: Db;
  provider: string;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The aggregator's report rows from `start` to `end`. */
  report: (start: Date, end: Date) => Promise<Record<string, unknown>[]>;
}) {
  const { db, provider } = deps;

  async function ourLines(start: Date, end: Date): Promise<OurLine[]> {
    const topups = await completedTopups(db, provider, start, end);
    const items = new Map(
      (await orderRecords(db).itemsByIds(topups.map((t) => t.orderItemId))).map((i) => [i.id, i]),
    );
    return topups.flatMap((topup) => {
      const item = items.get(topup.orderItemId);
      if (item?.status !== 'delivered') return [];
      return [
        {
          orderItemId: item.id,
          orderId: item.orderId,
          sku: item.sku,
          phoneNumber: item.phoneNumber,
          quantity: item.quantity,
          expectedMmk: (item.topupAmountMmk ?? 0) * item.quantity,
          reference: topup.reference,
          deliveredAt: topup.completedAt?.toISOString() ?? '',
        },
      ];
    });
  }

  /** The day's row, claimed for this run; false when another instance holds or finished it. */
  async function claim(day: string, now: Date, again: boolean): Promise<boolean> {
    const stale = new Date(now.getTime() - RECONCILIATION_LEASE_MS);
    const rows = await db
      .insert(topupReconciliationRuns)
      .values({ day, status: 'running', claimedAt: now })
      .onConflictDoUpdate({
        target: topupReconciliationRuns.day,
        set: { status: 'running', claimedAt: now, finishedAt: null },
        setWhere: again
          ? sql`${topupReconciliationRuns.status} = 'done' or ${topupReconciliationRuns.claimedAt} < ${stale}`
          : sql`${topupReconciliationRuns.status} = 'running' and ${topupReconciliationRuns.claimedAt} < ${stale}`,
      })
      .returning({ day: topupReconciliationRuns.day });
    return rows.length > 0;
  }

  async function store(day: string, found: Mismatch[], counts: { ours: number; theirs: number }) {
    await db.transaction(async (tx) => {
      await tx
        .delete(topupReconciliationMismatches)
        .where(eq(topupReconciliationMismatches.day, day));
      if (found.length > 0)
        await tx.insert(topupReconciliationMismatches).values(found.map((m) => ({ day, ...m })));
      await tx
        .update(topupReconciliationRuns)
        .set({ status: 'done', finishedAt: deps.clock(), ...counts, mismatches: found.length })
        .where(eq(topupReconciliationRuns.day, day));
    });
  }

  /** Compares one complete Yangon day; null when another instance has it (or had it, unless again). */
  async function run(day: string, again = false) {
    const { start, end } = yangonDayWindow(day);
    if (end.getTime() > deps.clock().getTime())
      throw new AppError('VALIDATION_ERROR', `The Yangon day ${day} is not over yet`);
    if (!(await claim(day, deps.clock(), again))) return null;
    try {
      const [ours, theirs] = await Promise.all([ourLines(start, end), deps.report(start, end)]);
      const found = compareDay(ours, theirs);
      await store(day, found, { ours: ours.length, theirs: theirs.length });
      return { day, ours: ours.length, theirs: theirs.length, mismatches: found.length };
    } catch (err) {
      // Let the next check (or another instance) run it again at once.
      await db.delete(topupReconciliationRuns).where(eq(topupReconciliationRuns.day, day));
      throw err;
    }
  }

  return {
    run,
    /** The daily check: yesterday (Yangon), when no instance has done it. */
    async runDue(): Promise<void> {
      await run(previousYangonDay(deps.clock()));
    },
    /** A day's run and its mismatches (most recent days first when no day is named). */
    async list(day: string | undefined) {
      const runs = await db
        .select()
        .from(topupReconciliationRuns)
        .where(day ? eq(topupReconciliationRuns.day, day) : undefined)
        .orderBy(sql`${topupReconciliationRuns.day} desc`)
        .limit(day ? 1 : 14);
      const days = runs.map((r) => r.day);
      const mismatches =
        days.length === 0
          ? []
          : await db
              .select()
              .from(topupReconciliationMismatches)
              .where(or(...days.map((d) => eq(topupReconciliationMismatches.day, d))))
              .orderBy(
                asc(topupReconciliationMismatches.day),
                asc(topupReconciliationMismatches.kind),
              );
      return runs.map((r) => ({
        day: r.day,
        status: r.status,
        finishedAt: r.finishedAt?.toISOString() ?? null,
        ours: r.ours,
        theirs: r.theirs,
        mismatches: mismatches
          .filter((m) => m.day === r.day)
          .map((m) => ({
            id: m.id,
            kind: m.kind,
            orderItemId: m.orderItemId,
            ours: m.ours,
            theirs: m.theirs,
          })),
      }));
    },
  };
}

export type TopupReconciliation = ReturnType<typeof createTopupReconciliation>;
