import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { users } from './auth.tables.ts';

/** The owner's addresses: every admin of the back-office not blocked (alarms to the owner). */
export async function adminEmails(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.blockedAt), isNotNull(users.email)));
  return rows.map((row) => row.email);
}
