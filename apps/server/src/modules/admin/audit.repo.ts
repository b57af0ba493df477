import { isUuid } from '@shop/contracts/ids';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.ts';
import { auditLog } from './admin.tables.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditInsert = Omit<typeof auditLog.$inferInsert, 'id'>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The audit log's SQL: insert and read, nothing else (the database refuses the rest). */
export function createAuditRepo(db: Db) {
  return {
    async insert(tx: Tx | Db, entry: AuditInsert): Promise<void> {
      await tx.insert(auditLog).values(entry);
    },

    async list(filter: {
      actor?: string | undefined;
      action?: string | undefined;
      from?: Date | undefined;
      to?: Date | undefined;
      offset: number;
      limit: number;
    }): Promise<{ rows: AuditRow[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.actor) {
        const like = `%${escapeLike(filter.actor)}%`;
        const byEmail = ilike(auditLog.actorEmail, like);
        conditions.push(
          isUuid(filter.actor) ? (or(byEmail, eq(auditLog.actorId, filter.actor)) as SQL) : byEmail,
        );
      }
      if (filter.action) conditions.push(ilike(auditLog.action, `%${escapeLike(filter.action)}%`));
      if (filter.from) conditions.push(gte(auditLog.createdAt, filter.from));
      if (filter.to) conditions.push(lt(auditLog.createdAt, filter.to));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .offset(filter.offset)
          .limit(filter.limit),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
