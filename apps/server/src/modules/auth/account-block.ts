import type { Db } from '../../platform/db.ts';
import { createAuthRepo, type UserRow } from './auth.repo.ts';

/*
 * Blocking an account (issue 17): the auth module owns the account and its sessions, so the
 * back-office blocks through these, in its own transaction (with its audit record). A blocked
 * account cannot log in (told so only after the right password), refresh or check out, and its
 * access tokens are refused on their next call (auth.service.ts checks the mark with the session).
 */

/** The account, its row locked until the transaction ends, or undefined when there is none. */
export function lockAccount(tx: Db, userId: string): Promise<UserRow | undefined> {
  return createAuthRepo(tx).lockUser(userId);
}

/** Marks the account blocked and ends every session it has, in the caller's transaction. */
export async function blockAccount(
  tx: Db,
  userId: string,
  reason: string,
  now: Date,
): Promise<void> {
  const repo = createAuthRepo(tx);
  await repo.setBlocked(userId, { reason }, now);
  await repo.revokeUserFamilies(userId, 'blocked', now);
}

/** Lifts the block; the sessions it ended stay ended (the customer logs in again). */
export async function unblockAccount(tx: Db, userId: string, now: Date): Promise<void> {
  await createAuthRepo(tx).setBlocked(userId, null, now);
}

/** Whether the account is blocked now (checkout asks before an order is made or paid). */
export async function isAccountBlocked(db: Db, userId: string): Promise<boolean> {
  return (await createAuthRepo(db).findUserById(userId))?.blockedAt != null;
}
