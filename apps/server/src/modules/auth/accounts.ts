import type { User } from '@shop/contracts/auth';
import { authTexts } from '@shop/contracts/auth-rules';
import { AppError } from '../../platform/errors.ts';
import { addSeconds, toUser, type AuthContext } from './auth-context.ts';

/**
 * An account that proved neither its email nor its phone holds neither (only a proved one is held,
 * ADR 0046), and is deleted after 7 days (when nothing refers to it) by the periodic sweep.
 */
export const UNVERIFIED_DELETE_SECONDS = 7 * 24 * 60 * 60;

/** The periodic sweep: deletes accounts unverified for 7 days, a batch at a time. */
export async function sweepUnverified({ repo, clock }: AuthContext): Promise<number> {
  return repo.deleteUnverifiedUsers(addSeconds(clock(), -UNVERIFIED_DELETE_SECONDS), null, 500);
}

export async function profile({ repo }: AuthContext, userId: string): Promise<User> {
  const user = await repo.findUserById(userId);
  if (!user) throw new AppError('UNAUTHORIZED', authTexts.sessionExpired);
  return toUser(user);
}
