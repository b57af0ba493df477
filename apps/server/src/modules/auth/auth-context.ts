import { createHash } from 'node:crypto';
import { nameMessages, nameProblem, type User } from '@shop/contracts/auth';
import {
  authTexts,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_LOCKOUT_MEMORY_MS,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_LOCKOUT_MS,
} from '@shop/contracts/auth-rules';
import type { Language } from '@shop/contracts/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer, SmsSender } from '../../platform/messaging.ts';
import {
  createLoginDevices,
  createLoginLanes,
  type LoginLanes,
} from '../../platform/login-lanes.ts';
import type { RateLimitStore } from '../../platform/rate-limit.ts';
import type { AccessTokens } from './access-token.ts';
import type { AuthRepo, UserRow } from './auth.repo.ts';
import { createClaimTickets, type ClaimTickets } from './claim-ticket.ts';
import type { LoginProofs } from './login-proof.ts';
import { passwordProblem, type PasswordOwner } from './password-policy.ts';

/**
 * Accounts that one email or phone is looked up for while nobody proved it (ADR 0046): the
 * claimants a code can be sent for, and the ones a login's password is checked against.
 */
export const MAX_CLAIMANTS = 10;
export const LOGIN_CLAIMANTS = 3;

/** What a code call's step is told of its caller: language, address and claim ticket (ADR 0046). */
export type CodeCaller = [language: Language, clientAddress: string, ticket?: string];

export interface AuthServiceDeps {
  repo: AuthRepo;
  tokens: AccessTokens;
  limiter: RateLimitStore;
  mailer: Mailer;
  sms: SmsSender;
  clock: Clock;
  /** Keys the OTP hashes, so a leaked table does not give the 6-digit codes away. */
  otpKey: string;
  /** Signs the device cookies of login throttling (ADR 0013). */
  deviceKey: string;
  /** Signs the claim tickets binding codes of a contested email or phone to an account (ADR 0046). */
  claimKey: string;
  /** The proof of work asked past an address's spray limit (ADR 0045). */
  loginProofs: LoginProofs;
  singleSession: boolean;
  log: FastifyBaseLogger;
  /**
   * Ends the account's back-office sessions (staff sign-in, ADR 0033) when its password changes:
   * those are the back-office's own table, so the app passes this in.
   */
  endStaffSessions: (userId: string, now: Date) => Promise<void>;
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
export const addSeconds = (date: Date, seconds: number) =>
  new Date(date.getTime() + seconds * 1000);

/** Lockout number n (1, 2, ...) of a lane lasts 15 min, 30 min, 1 h, ... up to a day. */
export const loginLockoutMs = (n: number) =>
  Math.min(LOGIN_FAILURE_WINDOW_MS * 2 ** Math.max(n - 1, 0), LOGIN_MAX_LOCKOUT_MS);

export const tooManyLoginAttempts = (waitMs: number) =>
  new AppError('TOO_MANY_REQUESTS', authTexts.tooManyLoginAttempts, undefined, {
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
  });

/** An account as every answer shows it (the back-office's customer list adds its own columns). */
export const accountOf = (row: UserRow): Omit<User, '_id'> => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phoneNumber: row.phoneNumber,
  role: row.role,
  emailVerified: row.emailVerifiedAt !== null,
  phoneVerified: row.phoneVerifiedAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/** The signed-in user's account: with `_id`, the same value as `id` (the spec's client reads either). */
export const toUser = (row: UserRow): User => ({ ...accountOf(row), _id: row.id });

export function passwordOrThrow(
  password: string,
  field: string,
  owner: PasswordOwner,
  language: Language,
): void {
  const problem = passwordProblem(password, owner, language);
  if (problem) throw new AppError('VALIDATION_ERROR', problem, { [field]: problem });
}

/** Control, bidi-override and invisible-only names are refused (ADR 0016). */
export function nameOrThrow(name: string, language: Language): void {
  const problem = nameProblem(name);
  if (!problem) return;
  const message = nameMessages[problem][language];
  throw new AppError('VALIDATION_ERROR', message, { name: message });
}

/**
 * What every use case of the auth service works with (issue 30): its deps, the parts of them used
 * everywhere, the claim tickets (ADR 0046), the device cookies and the lanes of login throttling.
 * Built once by createAuthService.
 */
export interface AuthContext {
  deps: AuthServiceDeps;
  repo: AuthRepo;
  tokens: AccessTokens;
  limiter: RateLimitStore;
  clock: Clock;
  tickets: ClaimTickets;
  devices: ReturnType<typeof createLoginDevices>;
  lanes: LoginLanes;
}

export function createAuthContext(deps: AuthServiceDeps): AuthContext {
  const { repo, tokens, limiter, clock } = deps;

  const tickets = createClaimTickets(deps.claimKey);

  // Device cookies (platform/login-lanes.ts): a browser that presents a valid one for the account
  // it logs in to is a known device with a lane of its own.
  const devices = createLoginDevices(deps.deviceKey, 'login-device');

  // The (account, address) and known-device lanes (platform/login-lanes.ts, shared with the
  // back-office sign-in): 5 failures in 15 minutes lock a lane, each lockout twice as long.
  const lanes = createLoginLanes(limiter, {
    maxFailures: LOGIN_MAX_FAILURES,
    failureWindowMs: LOGIN_FAILURE_WINDOW_MS,
    lockFrom: LOGIN_MAX_FAILURES,
    lockoutMs: loginLockoutMs,
    lockoutMemoryMs: LOGIN_LOCKOUT_MEMORY_MS,
    tooMany: tooManyLoginAttempts,
  });

  return { deps, repo, tokens, limiter, clock, tickets, devices, lanes };
}
