import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { siteSettings } from './site.tables.ts';

/*
 * An alarm kept in site_settings, one row per key, shared by every instance: `{ low: true, … }`
 * while it is raised (the topup account's low balance, ADR 0064). Raising it is one statement, so
 * of several instances that see the same crossing exactly one is told it raised it.
 */

/** Raises the alarm with its details; true only for the call that raised it (it was not raised). */
export async function raiseAlarm(
  db: Db,
  key: string,
  details: Record<string, unknown>,
  now: Date,
): Promise<boolean> {
  const value = { low: true, ...details };
  const rows = await db
    .insert(siteSettings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: { value, updatedAt: now },
      setWhere: sql`(${siteSettings.value} ->> 'low') is distinct from 'true'`,
    })
    .returning({ key: siteSettings.key });
  return rows.length > 0;
}

/** Lowers the alarm (the next crossing raises it again), keeping the details seen last. */
export async function clearAlarm(
  db: Db,
  key: string,
  details: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await db
    .update(siteSettings)
    .set({ value: { low: false, ...details }, updatedAt: now })
    .where(and(eq(siteSettings.key, key), sql`(${siteSettings.value} ->> 'low') = 'true'`));
}
