import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { siteSettings } from './site.tables.ts';

/** The site_settings key of the call-centre contact details and business hours. */
export const CALL_CENTRE_SETTING = 'call_centre';

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
  };
}

export type ContactRepo = ReturnType<typeof createContactRepo>;
