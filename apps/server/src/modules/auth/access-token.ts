import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@shop/contracts/auth';
import type { Clock } from '../../platform/clock.ts';
import { isUuid } from '@shop/contracts/ids';

export const ACCESS_TOKEN_ISSUER = 'myantopup';
export const ACCESS_TOKEN_AUDIENCE = 'myantopup-web';
/** DESIGN §5: one allowed algorithm; a token naming any other (or "none") is refused. */
const ALGORITHM = 'HS256';
/** Clock difference tolerated between instances when a token's times are checked. */
const CLOCK_TOLERANCE_SECONDS = 60;

export interface AccessClaims {
  userId: string;
  /** The refresh-token family of the login, so a revoked session's access tokens die with it. */
  sessionId: string;
}

export type AccessVerdict =
  { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

export function createAccessTokens(secret: string, clock: Clock) {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds: ACCESS_TOKEN_TTL_SECONDS,

    async sign(claims: AccessClaims): Promise<string> {
      const now = Math.floor(clock().getTime() / 1000);
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
        .setJti(randomUUID())
        .sign(key);
    },

    async verify(token: string): Promise<AccessVerdict> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ACCESS_TOKEN_ISSUER,
          audience: ACCESS_TOKEN_AUDIENCE,
          typ: 'JWT',
          requiredClaims: ['exp', 'iat', 'sub', 'sid'],
          currentDate: clock(),
        });
        const { sub, sid, iat, exp } = payload;
        // Signed by us yet not what sign() makes: ids that are not uuids would fail in SQL, and a
        // lifetime longer than ours was never issued (a leaked key must not mint lasting tokens).
        const now = clock().getTime() / 1000;
        if (
          !isUuid(sub) ||
          !isUuid(sid) ||
          typeof iat !== 'number' ||
          typeof exp !== 'number' ||
          iat > now + CLOCK_TOLERANCE_SECONDS ||
          exp - iat > ACCESS_TOKEN_TTL_SECONDS
        )
          return { ok: false, reason: 'invalid' };
        return { ok: true, claims: { userId: sub, sessionId: sid } };
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
        return { ok: false, reason: 'invalid' };
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
