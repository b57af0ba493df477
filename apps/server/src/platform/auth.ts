import { randomBytes } from 'node:crypto';
import { authTexts } from '@shop/contracts/auth-rules';
import { isGuestId } from '@shop/contracts/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from './clock.ts';
import { AppError, requestLanguage } from './errors.ts';
import type { Language } from '@shop/contracts/languages';

/** Who is calling: a signed-in user (bearer access token) or a guest (gid). */
export type Caller =
  { kind: 'user'; userId: string; sessionId: string } | { kind: 'guest'; gid: string };
export type UserCaller = Extract<Caller, { kind: 'user' }>;

/** Checks an access token; throws AppError 401 (UNAUTHORIZED or OTHER_DEVICE_LOGIN) if not good. */
export interface SessionVerifier {
  verifyAccessToken(token: string): Promise<{ userId: string; sessionId: string }>;
}

export interface AuthGuard {
  /** The signed-in user, or 401 'Please log in to continue' (the client then refreshes once). */
  requireUser(request: FastifyRequest): Promise<UserCaller>;
  /** The signed-in user when a bearer token is sent (a bad one is still a 401), else null. */
  optionalUser(request: FastifyRequest): Promise<UserCaller | null>;
  /**
   * The user, else the guest named by header gid (or the gid cookie), else a new guest: its id is
   * set in the gid cookie and the x-guest-id header of this answer (account spec §3, §7).
   */
  resolveCaller(request: FastifyRequest, reply: FastifyReply): Promise<Caller>;
  /** The request's guest id, issuing one as resolveCaller does; ignores any bearer token. */
  guestId(request: FastifyRequest, reply: FastifyReply): string;
}

/**
 * The signed-in user's id, or 401 with the room's own "please log in" text in the request's
 * language. Given the reply, the answer is marked private, no-store (it is about this user).
 */
export async function signedInUserId(
  guard: AuthGuard,
  request: FastifyRequest,
  loginRequired: Readonly<Record<Language, string>>,
  reply?: FastifyReply,
): Promise<string> {
  const found = await guard.optionalUser(request);
  if (!found) throw new AppError('UNAUTHORIZED', loginRequired[requestLanguage(request)]);
  if (reply) void reply.header('cache-control', 'private, no-store');
  return found.userId;
}

/** guest_{timestamp}_{random}: 128 random bits as 32 hex digits (DESIGN §4). */
export const newGuestId = (clock: Clock): string =>
  `guest_${clock().getTime()}_${randomBytes(16).toString('hex')}`;

const GUEST_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw new AppError('UNAUTHORIZED', authTexts.unauthorized);
  return match[1];
}

export function createAuthGuard(
  verifier: SessionVerifier,
  options: { secureCookies: boolean; clock: Clock },
): AuthGuard {
  // One verification per request, however many handlers ask.
  const users = new WeakMap<FastifyRequest, Promise<UserCaller | null>>();
  const guests = new WeakMap<FastifyRequest, string>();

  const optionalUser = (request: FastifyRequest): Promise<UserCaller | null> => {
    let pending = users.get(request);
    if (!pending) {
      pending = (async () => {
        const token = bearerToken(request);
        if (token === null) return null;
        const claims = await verifier.verifyAccessToken(token);
        return { kind: 'user' as const, ...claims };
      })();
      users.set(request, pending);
    }
    return pending;
  };

  const guestId = (request: FastifyRequest, reply: FastifyReply): string => {
    const known = guests.get(request);
    if (known) return known;
    const header = request.headers.gid;
    const fromHeader = Array.isArray(header) ? header[0] : header;
    const fromCookie = request.cookies.gid;
    let gid = [fromHeader, fromCookie].find(isGuestId);
    if (!gid) {
      gid = newGuestId(options.clock);
      // Not httpOnly: the web app mirrors the cookie into local storage (account spec §3).
      reply.setCookie('gid', gid, {
        path: '/',
        sameSite: 'lax',
        secure: options.secureCookies,
        maxAge: GUEST_COOKIE_MAX_AGE_SECONDS,
      });
      reply.header('x-guest-id', gid);
    }
    guests.set(request, gid);
    return gid;
  };

  return {
    optionalUser,
    async requireUser(request) {
      const user = await optionalUser(request);
      if (!user) throw new AppError('UNAUTHORIZED', authTexts.unauthorized);
      return user;
    },
    async resolveCaller(request, reply) {
      const user = await optionalUser(request);
      return user ?? { kind: 'guest', gid: guestId(request, reply) };
    },
    guestId,
  };
}
