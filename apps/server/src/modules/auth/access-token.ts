import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@shop/contracts/auth';
import type { Clock } from '../../platform/clock.ts';

export const ACCESS_TOKEN_ISSUER = 'myantopup';
export const ACCESS_TOKEN_AUDIENCE = 'myantopup-web';
/** DESIGN §5: one allowed algorithm; a token naming any other (or "none") is refused. */
const ALGORITHM = 'HS256';

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
          requiredClaims: ['exp', 'sub', 'sid'],
          currentDate: clock(),
        });
        const { sub, sid } = payload;
        if (typeof sub !== 'string' || typeof sid !== 'string')
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
