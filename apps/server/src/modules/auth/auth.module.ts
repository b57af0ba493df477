import { createHmac } from 'node:crypto';
import type { Membership } from '@shop/contracts/auth';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { createAuthGuard, type AuthGuard } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import type { Mailer, SmsSender } from '../../platform/messaging.ts';
import { runPeriodically } from '../../platform/periodic.ts';
import type { Redis } from 'ioredis';
import {
  createFailoverRateLimitStore,
  createMemoryRateLimitStore,
  type RateLimitStore,
} from '../../platform/rate-limit.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { createAccessTokens } from './access-token.ts';
import { createAuthRepo } from './auth.repo.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService, type AuthService } from './auth.service.ts';
import { createLoginProofs } from './login-proof.ts';

export interface AuthModule {
  /** requireUser / optionalUser / resolveCaller for the other modules (cart, orders, ...). */
  guard: AuthGuard;
  service: AuthService;
  limiter: RateLimitStore;
}

/** How often accounts unverified for 7 days are looked for. */
export const ACCOUNT_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The account area: repo → service → routes, the rate-limit store, the auth guard, and the hourly
 * sweep of accounts unverified for 7 days (ADR 0014; `app.runAccountSweep()` runs it now).
 */
export async function registerAuthModule(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    secrets: Secrets;
    mailer: Mailer;
    sms: SmsSender;
    clock: Clock;
    log: FastifyBaseLogger;
    /** The app's Redis connection when REDIS_URL is set: limits shared by every instance. */
    redis: Redis | null;
    /** The loyalty membership of the profile answer (shopping spec §3 Membership). */
    membership: (userId: string) => Promise<Membership>;
    /** The back-office's sessions of an account, ended when its password changes. */
    endStaffSessions: (userId: string, now: Date) => Promise<void>;
  },
): Promise<AuthModule> {
  const { config } = deps;
  // Keys of their own for each use, derived so that the JWT key itself never touches them.
  const derivedKey = (purpose: string) =>
    createHmac('sha256', deps.secrets.jwtSecret).update(purpose).digest('base64');
  const limiter = deps.redis
    ? createFailoverRateLimitStore({
        redis: deps.redis,
        prefix: config.redisKeyPrefix,
        clock: deps.clock,
        onChange: ({ usingRedis, err }) => {
          if (usingRedis) deps.log.info('Redis is back: login and code limits shared again');
          else deps.log.warn({ err }, 'Redis unavailable: login and code limits kept per instance');
        },
      })
    : createMemoryRateLimitStore(deps.clock);
  const service = createAuthService({
    repo: createAuthRepo(deps.database.db),
    tokens: createAccessTokens(deps.secrets.jwtSecret, deps.clock),
    limiter,
    mailer: deps.mailer,
    sms: deps.sms,
    clock: deps.clock,
    otpKey: derivedKey('otp-hash-key'),
    deviceKey: derivedKey('login-device-key'),
    claimKey: derivedKey('claim-ticket-key'),
    loginProofs: createLoginProofs({
      limiter,
      clock: deps.clock,
      signatureKey: derivedKey('login-proof-key'),
      keySignatureKey: derivedKey('login-proof-answer-key'),
      difficulty: config.loginProofDifficulty,
    }),
    singleSession: config.singleSession,
    log: deps.log,
    endStaffSessions: deps.endStaffSessions,
  });
  const secureCookies = config.publicUrl.startsWith('https://');
  const guard = createAuthGuard(service.verifier, { secureCookies, clock: deps.clock });
  runPeriodically(app, ACCOUNT_SWEEP_INTERVAL_MS, 'unverified account sweep failed', () =>
    service.sweepUnverified(),
  );
  app.addHook('onClose', () => limiter.close());
  app.decorate('runAccountSweep', () => service.sweepUnverified());
  await app.register(authRoutes(service, guard, deps.membership, { secureCookies }));
  return { guard, service, limiter };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** One run of the sweep of accounts unverified for 7 days (it also runs hourly on its own). */
    runAccountSweep(): Promise<number>;
  }
}
