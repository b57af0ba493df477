import { randomBytes } from 'node:crypto';
import { REFRESH_FAMILY_TTL_SECONDS, type TokenData } from '@shop/contracts/auth';
import { authTexts } from '@shop/contracts/auth-rules';
import type { SessionVerifier } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { addSeconds, sha256, toUser, type AuthContext } from './auth-context.ts';
import type { UserRow } from './auth.repo.ts';

/**
 * Two tabs refreshing with the same token at the same moment must both succeed (issue 3): a token
 * presented again within this many seconds of its first use gets a new sibling token instead of
 * being treated as stolen.
 */
export const REFRESH_GRACE_SECONDS = 30;

export async function issueSession(
  ctx: AuthContext,
  user: UserRow,
  familyId?: string,
): Promise<{ data: TokenData; familyId: string }> {
  const { repo, tokens, clock } = ctx;
  const now = clock();
  const family = familyId
    ? await repo.findFamily(familyId)
    : await repo.createFamily(user.id, now, addSeconds(now, REFRESH_FAMILY_TTL_SECONDS));
  if (!family) throw new AppError('UNAUTHORIZED', authTexts.refreshInvalid);
  const refreshToken = randomBytes(32).toString('base64url');
  await repo.insertRefreshToken({
    familyId: family.id,
    tokenHash: sha256(refreshToken),
    now,
    // A rotated token never outlives its family's absolute lifetime.
    expiresAt: family.expiresAt,
  });
  const accessToken = await tokens.sign({ userId: user.id, sessionId: family.id });
  return {
    data: { accessToken, refreshToken, user: toUser(user), expiresIn: tokens.ttlSeconds },
    familyId: family.id,
  };
}

async function ensureSessionLive(
  { repo, clock }: AuthContext,
  sessionId: string,
  userId: string,
): Promise<void> {
  const family = await repo.findFamilyOfRequest(sessionId);
  if (!family || family.userId !== userId)
    throw new AppError('UNAUTHORIZED', authTexts.sessionExpired);
  if (family.accountBlocked) throw new AppError('UNAUTHORIZED', authTexts.accountBlocked);
  if (family.revokedAt) {
    if (family.revokedReason === 'other_device_login')
      throw new AppError('OTHER_DEVICE_LOGIN', authTexts.otherDeviceLogin);
    throw new AppError('UNAUTHORIZED', authTexts.sessionExpired);
  }
  if (family.expiresAt <= clock()) throw new AppError('UNAUTHORIZED', authTexts.sessionExpired);
}

/** Checks access tokens, and that the session they name is still live. */
export const createVerifier = (ctx: AuthContext): SessionVerifier => ({
  async verifyAccessToken(token) {
    const verdict = await ctx.tokens.verify(token);
    if (!verdict.ok)
      throw new AppError(
        'UNAUTHORIZED',
        verdict.reason === 'expired' ? authTexts.accessTokenExpired : authTexts.accessTokenInvalid,
      );
    // Logout, reuse detection and single-session must end the session now, not in 15 minutes.
    await ensureSessionLive(ctx, verdict.claims.sessionId, verdict.claims.userId);
    return verdict.claims;
  },
});

export async function logout({ repo, clock }: AuthContext, sessionId: string): Promise<void> {
  await repo.revokeFamily(sessionId, 'logout', clock());
}

export async function logoutByRefreshToken(
  { repo, clock }: AuthContext,
  refreshToken: string,
): Promise<boolean> {
  const found = await repo.findRefreshToken(sha256(refreshToken));
  if (!found) return false;
  await repo.revokeFamily(found.family.id, 'logout', clock());
  return true;
}

export async function refresh(ctx: AuthContext, refreshToken: string): Promise<TokenData> {
  const { deps, repo, clock } = ctx;
  const found = await repo.findRefreshToken(sha256(refreshToken));
  if (!found) throw new AppError('UNAUTHORIZED', authTexts.refreshInvalid);
  const { token, family } = found;
  const now = clock();
  if (family.revokedAt) {
    if (family.revokedReason === 'other_device_login')
      throw new AppError('OTHER_DEVICE_LOGIN', authTexts.otherDeviceLogin);
    // Ended by a block (issue 17): says so while the block lasts; after an unblock the
    // session stays ended like any other and the customer logs in again.
    if (family.revokedReason === 'blocked' && (await repo.findUserById(family.userId))?.blockedAt)
      throw new AppError('UNAUTHORIZED', authTexts.accountBlocked);
    throw new AppError('UNAUTHORIZED', authTexts.refreshInvalid);
  }
  if (family.expiresAt <= now || token.expiresAt <= now)
    throw new AppError('UNAUTHORIZED', authTexts.refreshInvalid);

  if (!(await repo.markRefreshTokenUsed(token.id, now))) {
    // Used before. Within the grace window it is the other tab of the same browser; later it
    // is a replay of a stolen token, so the whole family dies (RFC 9700 §4.14.2).
    const usedAt = token.usedAt ?? (await repo.findRefreshToken(token.tokenHash))?.token.usedAt;
    const withinGrace =
      usedAt !== null &&
      usedAt !== undefined &&
      now.getTime() - usedAt.getTime() <= REFRESH_GRACE_SECONDS * 1000;
    if (!withinGrace) {
      await repo.revokeFamily(family.id, 'reuse_detected', now);
      deps.log.warn({ familyId: family.id }, 'refresh token reused; session revoked');
      throw new AppError('UNAUTHORIZED', authTexts.refreshInvalid);
    }
  }
  const user = await repo.findUserById(family.userId);
  if (!user) throw new AppError('UNAUTHORIZED', authTexts.refreshInvalid);
  // Blocked between the family check and here (the block revokes the family as well).
  if (user.blockedAt) throw new AppError('UNAUTHORIZED', authTexts.accountBlocked);
  return (await issueSession(ctx, user, family.id)).data;
}
