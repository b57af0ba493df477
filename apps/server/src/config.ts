import path from 'node:path';
import { membershipTierNames, type MembershipTierName } from '@shop/contracts/auth';
import { z } from 'zod';

/** Four numbers, one per tier (bronze, silver, gold, platinum), comma-separated. */
const perTier = (what: string) =>
  z.string().transform((value, ctx) => {
    const parts = value.split(',').map((p) => Number(p.trim()));
    if (parts.length !== membershipTierNames.length || parts.some((n) => !Number.isFinite(n))) {
      ctx.addIssue({
        code: 'custom',
        message: `must be ${membershipTierNames.length} comma-separated ${what} (bronze,silver,gold,platinum)`,
      });
      return z.NEVER;
    }
    return parts;
  });

/**
 * The only reader of process.env (DESIGN §3.3). Parsed once at start; a bad value stops the start
 * with a list of every offending key.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /**
   * false: the server never leaves a named prepared statement on a database connection, as
   * PgBouncer in transaction mode needs (before 1.21, or without max_prepared_statements; ADR 0024).
   */
  DATABASE_PREPARED_STATEMENTS: z.enum(['true', 'false']).default('true'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  /**
   * Optional origin of an image CDN ("https://img.example.com"), allowed by the CSP's img-src
   * beside the shop itself (ADR 0023). An origin only: scheme, host and port, no path.
   */
  IMAGE_CDN_ORIGIN: z
    .string()
    .regex(
      /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?\/?$/i,
      'must be an origin such as https://img.example.com (no path)',
    )
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('MyanTopup <no-reply@myantopup.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_DATA: z.enum(['true', 'false']).default('true'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** Single-session policy: a new login ends the user's other sessions (account spec §8). */
  SINGLE_SESSION: z.enum(['true', 'false']).default('false'),
  /**
   * Faults (ADR 0025): a database that does not answer a new connection or a query within these
   * milliseconds makes the call fail with 503 and Retry-After instead of hanging.
   */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  /** At start, a database not answering is tried again for this long, then the process exits. */
  DATABASE_START_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /**
   * Slow clients (ADR 0025): a request's headers must arrive within HTTP_HEADERS_TIMEOUT_MS and
   * the whole request within HTTP_REQUEST_TIMEOUT_MS (else 408 and the socket closes); idle
   * keep-alive sockets close after HTTP_KEEP_ALIVE_TIMEOUT_MS; at most HTTP_MAX_CONNECTIONS sockets
   * are open at once (more are closed at once), kept well below the process's file limit.
   */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(4000),
  /**
   * Connections (ADR 0048): open sockets one remote address may have (0: no cap; the default is
   * 100, or 0 with TRUST_PROXY=true, where every socket is the proxy's), and how long a socket may
   * stay without sending a byte.
   */
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).optional(),
  HTTP_FIRST_BYTE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  /**
   * Request limits (ADR 0026): each group of write routes and expensive reads counts a signed-in
   * caller's requests per account, anyone else's per client address. `off` only behind an
   * upstream limiter. REQUEST_LIMIT_FACTOR multiplies every number of the ADR's table (0.5 halves
   * them; the browser tests, all from one address, raise them). REQUEST_LIMIT_MEMORY_KEYS bounds
   * the counters kept in memory per group (without Redis, or while it is down): the least recently
   * used are dropped first.
   */
  REQUEST_LIMITS: z.enum(['on', 'off']).default('on'),
  REQUEST_LIMIT_FACTOR: z.coerce.number().min(0.01).max(1000).default(1),
  REQUEST_LIMIT_MEMORY_KEYS: z.coerce.number().int().min(10).max(1_000_000).default(10_000),
  /**
   * Proof of work past an address's login spray limit (ADR 0045): the largest counter of the first
   * challenges, i.e. about how many SHA-256 a browser runs (half to all of it; a few hundred ms on
   * a phone at 10,000). It doubles with the address's failing accounts, up to 16 times.
   */
  LOGIN_PROOF_DIFFICULTY: z.coerce.number().int().min(1).max(10_000_000).default(10_000),
  /**
   * Bearer token of the Prometheus scrape at /metrics (ADR 0034); absent, /metrics is off (404).
   * Characters a header carries unchanged (RFC 6750 b64token), at least 32 of them.
   */
  METRICS_TOKEN: z
    .string()
    .min(32, 'must be at least 32 characters')
    .max(512, 'must be at most 512 characters')
    .regex(/^[A-Za-z0-9._~+/-]+=*$/, 'must be letters, digits and -._~+/ (a bearer token)')
    .optional(),
  /** Prefix of every Redis key, so several shops (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().min(1).default('shop:'),
  /** Secrets; when absent they are generated once and kept in DATA_DIR (platform/secrets.ts). */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PIN_ENCRYPTION_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 bytes in base64')
    .optional(),
  PAYMENT_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Web Push (VAPID) key pair, base64url (`npx web-push generate-vapid-keys`): both or neither;
   * when unset, a pair is generated into DATA_DIR/secrets.json like the other secrets.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key')
    .optional(),
  /** Who push services may contact about our pushes (VAPID subject): mailto: or https:. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
    .default('mailto:support@myantopup.example'),
  /** Push endpoints over plain http (a test's stand-in push service); never in production. */
  PUSH_ALLOW_HTTP: z.enum(['true', 'false']).default('false'),
  /**
   * Hosts push endpoints may name beyond the browsers' push services (FCM, Mozilla, Apple,
   * Windows), comma-separated; `*.example.com` names a domain's hosts (ADR 0042).
   */
  PUSH_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine(
      (hosts) => hosts.every((h) => /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$|^[0-9a-f:]+$/.test(h)),
      'must be host names (or *.domain), comma-separated',
    ),
  /** Pushes to loopback, private and other internal addresses (a test's stand-in push service). */
  PUSH_ALLOW_PRIVATE_ADDRESSES: z.enum(['true', 'false']).default('false'),
  /** Push jobs one process runs at once, in slots of their own beside JOB_CONCURRENCY's. */
  PUSH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /**
   * Payment acquirers: `sandbox` (the built-in sandbox bank, which takes no money), `kbzpay`,
   * `aplus` or `wave` (their KBZPAY_*, APLUS_*, WAVE_* variables, ADR 0058, 0059), or several
   * separated by commas: each checkout method goes to the first one named that collects it. No
   * default: absent, payments are unavailable (ADR 0017).
   */
  PAYMENT_PROVIDER: z
    .string()
    .regex(
      /^[a-z][a-z0-9_-]{0,49}(,[a-z][a-z0-9_-]{0,49}){0,7}$/,
      'must be a provider name such as sandbox, or several separated by commas (kbzpay,wave)',
    )
    .optional(),
  /** The sandbox bank in production (a demo): refused at start unless this is true. */
  ALLOW_SANDBOX: z.enum(['true', 'false']).default('false'),
  /**
   * Where SMS go (ADR 0061): `outbox` (files in DATA_DIR/outbox, the default), `smspoh` or
   * `twilio` (their SMSPOH_* or TWILIO_* variables, checked at start).
   */
  SMS_PROVIDER: z.enum(['outbox', 'smspoh', 'twilio']).default('outbox'),
  /** SMS send jobs one process runs at once, in slots of their own beside JOB_CONCURRENCY's. */
  SMS_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /**
   * E-load aggregator for top-ups and data: `simulator` (built in, sends nothing) or `reloadly`
   * (its RELOADLY_* variables, README "Going live").
   */
  TOPUP_PROVIDER: z
    .string()
    .regex(/^[a-z][a-z0-9_-]{0,49}$/, 'must be a provider name such as simulator')
    .default('simulator'),
  /** The simulator answers after a random delay up to this many milliseconds. */
  TOPUP_SIMULATOR_MAX_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(300),
  /** A worker holds a job this long without a heartbeat before another may take it over. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(30),
  /** Jobs one process runs at once. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * Refunds one process sends to payment providers at once (ADR 0060), in slots of their own: a
   * slow provider never holds fulfilment's.
   */
  REFUND_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
  /**
   * Failed runs before a job is given up (back-off 1 s, 2 s, 4 s … between them): 10 waits about
   * 8½ minutes for an unreachable aggregator. Lower only for tests that need a give-up soon.
   */
  JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(10),
  /** Minimum points of bronze, silver, gold and platinum: starts at 0, rising. */
  LOYALTY_TIER_POINTS: perTier('whole numbers of points')
    .refine(
      (p) =>
        p[0] === 0 && p.every((n, i) => Number.isInteger(n) && (i === 0 || n > (p[i - 1] ?? 0))),
      'must start at 0 and rise, in whole points',
    )
    .default([0, 500, 2000, 5000]),
  /** Percent off every order for bronze, silver, gold and platinum members (0–50). */
  LOYALTY_TIER_DISCOUNTS: perTier('percentages')
    .refine((p) => p.every((n) => n >= 0 && n <= 50), 'each must be 0 to 50')
    .default([0, 1, 2, 3]),
  /** Points earned per 1,000 MMK paid for a completed order (money payments only). */
  LOYALTY_POINTS_PER_1000_MMK: z.coerce.number().min(0).max(1000).default(1),
  /** Kyat one point pays for (payment by points). */
  LOYALTY_POINT_VALUE_MMK: z.coerce.number().int().min(1).max(100_000).default(10),
  /**
   * Thadingyut festival windows (Yangon dates, inclusive), comma-separated START..END: the owner
   * sets the coming years' full-moon days here (issue 16), or on the back-office's Shop settings
   * page (issue 17), whose saved windows (site_settings "festivals") then win over these.
   */
  FESTIVAL_DATES: z
    .string()
    .regex(
      /^\d{4}-\d{2}-\d{2}\.\.\d{4}-\d{2}-\d{2}(,\d{4}-\d{2}-\d{2}\.\.\d{4}-\d{2}-\d{2})*$/,
      'must be START..END[,START..END] with dates as YYYY-MM-DD',
    )
    .default('2026-10-24..2026-10-27,2027-10-13..2027-10-16'),
  /**
   * A moderation service that judges share notes instead of the local word lists (ADR 0029):
   * POST {text} → {ok} or {ok: false, category}.
   */
  CONTENT_SCREEN_URL: z.url().optional(),
  /** Days a share link stays valid (issue 15). */
  SHARE_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** "AI style" generations per user and Yangon day. */
  SHARE_AI_DAILY_LIMIT: z.coerce.number().int().min(0).max(1000).default(10),
  /**
   * Card holds of unpaid orders (ADR 0043): cards held at once per account and per client network
   * across their open orders; the share of a product's free stock one order may hold (but always
   * up to CARD_HOLD_PRODUCT_MINIMUM cards while there are that many); payment windows from the
   * checkout after which Pay Again ends the order and frees its cards.
   */
  CARD_HOLD_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).max(10_000).default(20),
  CARD_HOLD_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(60),
  CARD_HOLD_PRODUCT_SHARE: z.coerce.number().gt(0).max(1).default(0.2),
  CARD_HOLD_PRODUCT_MINIMUM: z.coerce.number().int().min(1).max(10_000).default(5),
  CARD_HOLD_MAX_WINDOWS: z.coerce.number().int().min(1).max(288).default(3),
});

export interface LoyaltyTierConfig {
  name: MembershipTierName;
  minPoints: number;
  discountPercent: number;
}

/** Request limits (ADR 0026): the table's numbers times factor; memoryKeys counters per group. */
export interface RequestLimitsConfig {
  enabled: boolean;
  factor: number;
  memoryKeys: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Named prepared statements on PostgreSQL; false behind PgBouncer in transaction mode. */
  databasePreparedStatements: boolean;
  redisUrl: string | undefined;
  publicUrl: string;
  /** Origin of an image CDN allowed in the CSP's img-src; null when none is configured. */
  imageCdnOrigin: string | null;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  seedDemoData: boolean;
  trustProxy: boolean;
  singleSession: boolean;
  redisKeyPrefix: string;
  /** Bearer token of /metrics; null: /metrics is off. */
  metricsToken: string | null;
  database: {
    connectTimeoutMs: number;
    queryTimeoutMs: number;
    /** How long a database not answering at start is tried again (ADR 0048). */
    startTimeoutMs: number;
  };
  http: {
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    keepAliveTimeoutMs: number;
    maxConnections: number;
    /** 0: no cap per address. */
    maxConnectionsPerAddress: number;
    firstByteTimeoutMs: number;
  };
  requestLimits: RequestLimitsConfig;
  /** LOGIN_PROOF_DIFFICULTY (ADR 0045). */
  loginProofDifficulty: number;
  /**
   * The acquirers PAYMENT_PROVIDER names, in its order (the first that collects a method takes
   * it); empty when it is not set: payments are unavailable.
   */
  paymentProviders: string[];
  /** The providers' own variables (KBZPAY_* for kbzpay), which each adapter reads (ADR 0058). */
  paymentProviderEnv: Record<string, string>;
  /** SMS_PROVIDER: the outbox, or a gateway whose own variables are in providerEnv. */
  sms: {
    provider: 'outbox' | 'smspoh' | 'twilio';
    concurrency: number;
    /** The gateway's own variables (SMSPOH_* for smspoh, TWILIO_* for twilio). */
    providerEnv: Record<string, string>;
  };
  topupProvider: string;
  /** The aggregator's own variables (RELOADLY_* for reloadly), which its adapter reads. */
  topupProviderEnv: Record<string, string>;
  /**
   * Every RELOADLY_* variable, whatever TOPUP_PROVIDER says: gift cards on demand (ADR 0063) are
   * on when RELOADLY_GIFTCARDS_URL is set.
   */
  giftCardsEnv: Record<string, string>;
  topupSimulatorMaxDelayMs: number;
  jobLeaseSeconds: number;
  jobConcurrency: number;
  jobMaxAttempts: number;
  /** Refunds sent to payment providers at once, beside the job slots (ADR 0060). */
  refundConcurrency: number;
  sharing: { linkDays: number; aiDailyLimit: number; contentScreenUrl: string | undefined };
  /** Thadingyut windows, Yangon dates (YYYY-MM-DD), start ≤ end. */
  festivals: { start: string; end: string }[];
  loyalty: {
    /** Lowest first. */
    tiers: LoyaltyTierConfig[];
    pointsPer1000Mmk: number;
    pointValueMmk: number;
  };
  secrets: {
    jwtSecret: string | undefined;
    pinEncryptionKey: string | undefined;
    paymentWebhookSecret: string | undefined;
    vapid: { publicKey: string; privateKey: string } | undefined;
  };
  push: {
    subject: string;
    allowHttp: boolean;
    allowedHosts: string[];
    allowPrivateAddresses: boolean;
    concurrency: number;
  };
  cardHolds: CardHoldLimits;
}

/** Bounds on the cards unpaid orders hold (ADR 0043). */
export interface CardHoldLimits {
  /** Cards held at once by one account's open orders. */
  perAccount: number;
  /** Cards held at once by the open orders checked out from one client network. */
  perAddress: number;
  /** Share (0–1] of a product's free stock one order may hold… */
  productShare: number;
  /** …but always this many while there are. */
  productMinimum: number;
  /** Payment windows from the checkout: Pay Again holds the cards no longer. */
  maxWindows: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, as a shell `FOO= npm start` intends.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const paymentProviders = [...new Set((e.PAYMENT_PROVIDER ?? '').split(',').filter(Boolean))];
  // The sandbox bank pays any QR without money: in production only when asked for by name.
  if (
    paymentProviders.includes('sandbox') &&
    e.NODE_ENV === 'production' &&
    e.ALLOW_SANDBOX !== 'true'
  )
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_PROVIDER: the sandbox bank takes no money; with NODE_ENV=production set ALLOW_SANDBOX=true to use it anyway (a demo)',
    );
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS === 'true',
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    imageCdnOrigin: e.IMAGE_CDN_ORIGIN ? e.IMAGE_CDN_ORIGIN.replace(/\/$/, '').toLowerCase() : null,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    seedDemoData: e.SEED_DEMO_DATA === 'true',
    trustProxy: e.TRUST_PROXY === 'true',
    singleSession: e.SINGLE_SESSION === 'true',
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    metricsToken: e.METRICS_TOKEN ?? null,
    database: {
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      queryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS,
      startTimeoutMs: e.DATABASE_START_TIMEOUT_MS,
    },
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: e.HTTP_MAX_CONNECTIONS,
      maxConnectionsPerAddress:
        e.HTTP_MAX_CONNECTIONS_PER_ADDRESS ?? (e.TRUST_PROXY === 'true' ? 0 : 100),
      firstByteTimeoutMs: e.HTTP_FIRST_BYTE_TIMEOUT_MS,
    },
    requestLimits: {
      enabled: e.REQUEST_LIMITS === 'on',
      factor: e.REQUEST_LIMIT_FACTOR,
      memoryKeys: e.REQUEST_LIMIT_MEMORY_KEYS,
    },
    loginProofDifficulty: e.LOGIN_PROOF_DIFFICULTY,
    paymentProviders,
    paymentProviderEnv: Object.fromEntries(
      Object.entries(cleaned).filter(
        (entry): entry is [string, string] =>
          paymentProviders.some((name) => entry[0].startsWith(`${name.toUpperCase()}_`)) &&
          typeof entry[1] === 'string',
      ),
    ),
    sms: {
      provider: e.SMS_PROVIDER,
      concurrency: e.SMS_CONCURRENCY,
      providerEnv: Object.fromEntries(
        Object.entries(cleaned).filter(
          (entry): entry is [string, string] =>
            entry[0].startsWith(`${e.SMS_PROVIDER.toUpperCase()}_`) && typeof entry[1] === 'string',
        ),
      ),
    },
    topupProvider: e.TOPUP_PROVIDER,
    topupProviderEnv: Object.fromEntries(
      Object.entries(cleaned).filter(
        (entry): entry is [string, string] =>
          entry[0].startsWith(`${e.TOPUP_PROVIDER.toUpperCase()}_`) && typeof entry[1] === 'string',
      ),
    ),
    giftCardsEnv: Object.fromEntries(
      Object.entries(cleaned).filter(
        (entry): entry is [string, string] =>
          entry[0].startsWith('RELOADLY_') && typeof entry[1] === 'string',
      ),
    ),
    topupSimulatorMaxDelayMs: e.TOPUP_SIMULATOR_MAX_DELAY_MS,
    jobLeaseSeconds: e.JOB_LEASE_SECONDS,
    jobConcurrency: e.JOB_CONCURRENCY,
    jobMaxAttempts: e.JOB_MAX_ATTEMPTS,
    refundConcurrency: e.REFUND_CONCURRENCY,
    sharing: {
      linkDays: e.SHARE_LINK_DAYS,
      aiDailyLimit: e.SHARE_AI_DAILY_LIMIT,
      contentScreenUrl: e.CONTENT_SCREEN_URL,
    },
    festivals: e.FESTIVAL_DATES.split(',').map((range) => {
      const [start = '', end = ''] = range.split('..');
      return { start, end };
    }),
    loyalty: {
      tiers: membershipTierNames.map((name, i) => ({
        name,
        minPoints: e.LOYALTY_TIER_POINTS[i] ?? 0,
        discountPercent: e.LOYALTY_TIER_DISCOUNTS[i] ?? 0,
      })),
      pointsPer1000Mmk: e.LOYALTY_POINTS_PER_1000_MMK,
      pointValueMmk: e.LOYALTY_POINT_VALUE_MMK,
    },
    secrets: {
      jwtSecret: e.JWT_SECRET,
      pinEncryptionKey: e.PIN_ENCRYPTION_KEY,
      paymentWebhookSecret: e.PAYMENT_WEBHOOK_SECRET,
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
    },
    push: {
      subject: e.VAPID_SUBJECT,
      allowHttp: e.PUSH_ALLOW_HTTP === 'true',
      allowedHosts: e.PUSH_ALLOWED_HOSTS,
      allowPrivateAddresses: e.PUSH_ALLOW_PRIVATE_ADDRESSES === 'true',
      concurrency: e.PUSH_CONCURRENCY,
    },
    cardHolds: {
      perAccount: e.CARD_HOLD_MAX_PER_ACCOUNT,
      perAddress: e.CARD_HOLD_MAX_PER_ADDRESS,
      productShare: e.CARD_HOLD_PRODUCT_SHARE,
      productMinimum: e.CARD_HOLD_PRODUCT_MINIMUM,
      maxWindows: e.CARD_HOLD_MAX_WINDOWS,
    },
  };
}
