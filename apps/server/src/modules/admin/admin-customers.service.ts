import { adminCustomerMessages as msg } from '@shop/contracts/admin-customers-messages';
import {
  CUSTOMER_LEDGER_LIMIT,
  CUSTOMER_ORDERS_LIMIT,
  type AdminCustomerDetail,
  type AdminPointsAdjust,
} from '@shop/contracts/admin-customers';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { blockAccount, lockAccount, unblockAccount } from '../auth/account-block.ts';
import { adjustPointsByStaff, type LoyaltyService } from '../loyalty/loyalty.service.ts';
import type { AdminReportsRepo } from './admin-reports.repo.ts';
import { toAdminCustomer, toAdminMembership, toAdminOrders } from './admin.service.ts';
import type { AuditActor, AuditService } from './audit.service.ts';

/**
 * Customer management of the back-office (issue 17): one account's detail, points adjustments and
 * blocking. Each write locks the account’s row (FOR NO KEY UPDATE) and records its audit entry in
 * its own transaction, so the change and its record commit together or not at all. The writes go
 * through the owning modules (auth: account-block.ts; loyalty: adjustPointsByStaff).
 */
export function createAdminCustomersService(deps: {
  db: Db;
  reports: AdminReportsRepo;
  audit: AuditService;
  clock: Clock;
  loyalty: Pick<LoyaltyService, 'membership'>;
}) {
  const { db, reports } = deps;

  /** The account's row, locked until the transaction ends; 404 when there is none. */
  async function lockedAccount(tx: Db, id: string) {
    const row = await lockAccount(tx, id);
    if (!row) throw new AppError('NOT_FOUND', msg.customerNotFound);
    return row;
  }

  async function detail(id: string): Promise<AdminCustomerDetail> {
    const { rows } = await reports.listCustomers({ id, offset: 0, limit: 1 });
    const found = rows[0];
    if (!found) throw new AppError('NOT_FOUND', msg.customerNotFound);
    const [loyalty, orderPage, membership] = await Promise.all([
      reports.loyaltyOf(id, CUSTOMER_LEDGER_LIMIT),
      reports.listOrders({ userId: id, offset: 0, limit: CUSTOMER_ORDERS_LIMIT }),
      deps.loyalty.membership(id),
    ]);
    return {
      customer: toAdminCustomer(found),
      blocked: found.user.blockedAt !== null,
      blockedReason: found.user.blockedReason,
      blockedAt: found.user.blockedAt?.toISOString() ?? null,
      pointsBalance: loyalty.balance,
      membership: toAdminMembership(membership),
      ledger: loyalty.entries.map((e) => ({
        id: e.id,
        points: e.points,
        reason: e.reason ?? (e.orderNumber ? `${e.kind} ${e.orderNumber}` : e.kind),
        createdAt: e.createdAt.toISOString(),
        kind: e.kind,
        orderNumber: e.orderNumber,
        balanceAfter: e.balanceAfter,
      })),
      orders: toAdminOrders(orderPage.rows, orderPage.lines),
    };
  }

  return {
    detail,

    /**
     * Adds or takes points with a reason: a ledger entry, the new balance and the audit record
     * ('customer.points', balance before and after) in one transaction, the account locked. A
     * deduction below zero is a 409 and the transaction is rolled back.
     */
    async adjustPoints(
      id: string,
      input: AdminPointsAdjust,
      actor: AuditActor,
    ): Promise<AdminCustomerDetail> {
      await db.transaction(async (tx) => {
        const account = await lockedAccount(tx, id);
        if (account.role !== 'user') throw new AppError('CONFLICT', msg.cannotAdjustStaff);
        const result = await adjustPointsByStaff(tx, {
          userId: id,
          points: input.points,
          reason: input.reason,
          actorId: actor.userId,
        });
        if (!result.ok) throw new AppError('CONFLICT', msg.pointsWouldGoNegative);
        await deps.audit.record(tx, actor, {
          action: 'customer.points',
          targetType: 'customer',
          targetId: id,
          before: { balance: result.before },
          after: { balance: result.after, points: input.points, reason: input.reason },
        });
      });
      return detail(id);
    },

    /**
     * Blocks a customer: the mark and reason, every session ended at once (refresh families
     * revoked: their access tokens are refused on the next call, their refresh tokens dead) and the
     * audit record, in one transaction. Blocking a blocked account changes and records nothing.
     * Staff accounts (the caller's own included) cannot be blocked here: 409.
     */
    async block(id: string, reason: string, actor: AuditActor): Promise<AdminCustomerDetail> {
      await db.transaction(async (tx) => {
        const account = await lockedAccount(tx, id);
        if (id === actor.userId) throw new AppError('CONFLICT', msg.cannotBlockSelf);
        if (account.role !== 'user') throw new AppError('CONFLICT', msg.cannotBlockStaff);
        if (account.blockedAt) return;
        await blockAccount(tx, id, reason, deps.clock());
        await deps.audit.record(tx, actor, {
          action: 'customer.block',
          targetType: 'customer',
          targetId: id,
          before: { blocked: false },
          after: { blocked: true, reason },
        });
      });
      return detail(id);
    },

    /** Lifts a block (audited); the customer logs in again. Unblocking an open account is a no-op. */
    async unblock(id: string, actor: AuditActor): Promise<AdminCustomerDetail> {
      await db.transaction(async (tx) => {
        const account = await lockedAccount(tx, id);
        if (!account.blockedAt) return;
        await unblockAccount(tx, id, deps.clock());
        await deps.audit.record(tx, actor, {
          action: 'customer.unblock',
          targetType: 'customer',
          targetId: id,
          before: { blocked: true, reason: account.blockedReason },
          after: { blocked: false },
        });
      });
      return detail(id);
    },
  };
}

export type AdminCustomersService = ReturnType<typeof createAdminCustomersService>;
