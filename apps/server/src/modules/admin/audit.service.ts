import type { AdminAuditQuery, AuditEntry } from '@shop/contracts/admin';
import type { Clock } from '../../platform/clock.ts';
import type { Db, Tx } from '../../platform/db.ts';
import type { AuditRepo, AuditRow } from './audit.repo.ts';
import { dayRange, pageMeta } from './admin-paging.ts';

/** Who did it: the signed-in staff member and the address the request came from. */
export interface AuditActor {
  userId: string;
  email: string;
  address: string;
}

export interface AuditRecord {
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
}

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  actorId: row.actorId,
  actorEmail: row.actorEmail,
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  before: row.before ?? null,
  after: row.after ?? null,
  address: row.address,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The append-only audit log (issue 17, ADR 0033). record() takes the transaction of the write it
 * describes: the write and its record commit together or not at all.
 */
export function createAuditService(deps: { repo: AuditRepo; clock: Clock }) {
  const record = (tx: Tx | Db, actor: AuditActor, what: AuditRecord): Promise<void> =>
    deps.repo.insert(tx, {
      actorId: actor.userId,
      actorEmail: actor.email,
      action: what.action,
      targetType: what.targetType,
      targetId: what.targetId,
      before: what.before ?? null,
      after: what.after ?? null,
      address: actor.address,
      createdAt: deps.clock(),
    });
  return {
    record,

    /**
     * The record of an edit that the room owning the row makes in its own transaction: given to it,
     * called with the row before and after the edit, each written as `shown` gives it.
     */
    edited<Row>(
      actor: AuditActor,
      what: Omit<AuditRecord, 'before' | 'after'>,
      shown: (row: Row) => unknown = (row) => row,
    ) {
      return (tx: Tx | Db, before: Row, after: Row) =>
        record(tx, actor, { ...what, before: shown(before), after: shown(after) });
    },

    async list(query: AdminAuditQuery) {
      const { from, to } = dayRange(query.from, query.to);
      const { rows, total } = await deps.repo.list({
        actor: query.actor,
        action: query.action,
        from,
        to,
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      });
      return { entries: rows.map(toEntry), meta: pageMeta(query, total) };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
