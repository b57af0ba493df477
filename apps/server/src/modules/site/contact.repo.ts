import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.ts';
import { siteSettings } from './site.tables.ts';

/** The site_settings key of the call-centre contact details and business hours. */
export const CALL_CENTRE_SETTING = 'call_centre';
/** The festival windows (issue 17); absent, the server's FESTIVAL_DATES are answered. */
export const FESTIVALS_SETTING = 'festivals';
/** The shop's claims on Home (issue 17); absent, Home shows its built-in ones. */
export const CLAIMS_SETTING = 'shop_claims';

export function createContactRepo(db: Db) {
  return {
    async readSetting(key: string): Promise<unknown> {
      const [row] = await db
        .select({ value: siteSettings.value })
        .from(siteSettings)
        .where(eq(siteSettings.key, key))
        .limit(1);
      return row?.value;
    },

    /** The value, its row locked until the transaction ends (undefined: no row yet). */
    async lockSetting(tx: Tx, key: string): Promise<unknown> {
      const [row] = await tx
        .select({ value: siteSettings.value })
        .from(siteSettings)
        .where(eq(siteSettings.key, key))
        .for('update');
      return row?.value;
    },

    async writeSetting(tx: Tx, key: string, value: unknown, now: Date): Promise<void> {
      await tx
        .insert(siteSettings)
        .values({ key, value, updatedAt: now })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: now } });
    },

    async deleteSetting(tx: Tx, key: string): Promise<void> {
      await tx.delete(siteSettings).where(eq(siteSettings.key, key));
    },
  };
}

export type ContactRepo = ReturnType<typeof createContactRepo>;
