import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import type { Redis } from 'ioredis';
import type { RequestLimitsConfig } from '../config.ts';
import { AppError, platformTexts } from './errors.ts';
import { clientNetwork } from './http.ts';
import { createRedisFailover } from './rate-limit.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Requests one caller may make to a group of routes per window (ADR 0026). */
export interface RequestLimit {
  windowMs: number;
  /** A signed-in caller (a valid bearer access token): counted by account, wherever it is. */
  account: number;
  /**
   * Anyone else, counted by client network (an IPv4 address, an IPv6 /64). High: a carrier NAT
   * puts many customers behind one address.
   */
  address: number;
}

/**
 * The groups and their numbers (the reasoning is in ADR 0026). A route joins one with
 * `config: { requestLimit: 'cart' }`; the routes of a group share its counters.
 */
export const requestLimitGroups = {
  /** Login, token refresh, logout: a flood brake; ADR 0013's login limits answer first. */
  session: { windowMs: MINUTE_MS, account: 60, address: 300 },
  /** Sign-up (a password hash and a mail); ADR 0014's 100 sign-ups an hour answer first. */
  register: { windowMs: MINUTE_MS, account: 10, address: 120 },
  /** Code sends (verify email/phone, reset request); ADR 0014's 100 per 10 minutes answer first. */
  codeSends: { windowMs: MINUTE_MS, account: 20, address: 200 },
  /** Code checks (verify, reset confirm); ADR 0014's 200 per 10 minutes answer first. */
  codeChecks: { windowMs: MINUTE_MS, account: 30, address: 300 },
  /** Password change (a password hash each). */
  password: { windowMs: MINUTE_MS, account: 10, address: 100 },
  /** Cart writes (guests too). */
  cart: { windowMs: MINUTE_MS, account: 120, address: 600 },
  /** Checkout: initialise, choose a method, complete, buy now. */
  checkout: { windowMs: MINUTE_MS, account: 30, address: 300 },
  /** Payment actions: new QR, cancel, and the sandbox bank's pay. */
  payment: { windowMs: MINUTE_MS, account: 30, address: 300 },
  /** Order actions: scratch a card, feedback. */
  orderActions: { windowMs: MINUTE_MS, account: 60, address: 300 },
  /**
   * The codes e-mail again from the order page (ADR 0050): each call is an e-mail to an address
   * the caller names, so an hour's budget, and a small one.
   */
  codesEmails: { windowMs: HOUR_MS, account: 10, address: 30 },
  /** Order list, order detail and payment status (the web app polls the last two every 3 s). */
  orderReads: { windowMs: MINUTE_MS, account: 240, address: 600 },
  /** Saved recipients: the list, and adding, editing and deleting a number (issue 31). */
  recipients: { windowMs: MINUTE_MS, account: 60, address: 300 },
  /**
   * "Top me up" request links: the maker's list, create and cancel, and "Pay for this top-up"
   * (issue 31); the account's own limits on requests (5 open, 10 a day) answer first.
   */
  topupRequests: { windowMs: MINUTE_MS, account: 30, address: 120 },
  /** A request link's public read: by address, most openers are not signed in (as shareReads). */
  topupRequestReads: { windowMs: MINUTE_MS, account: 120, address: 240 },
  /** Invoice and card-list PDFs, drawn on request. */
  documents: { windowMs: MINUTE_MS, account: 20, address: 100 },
  /**
   * The public shared order (anyone with a link, shopping spec §7): by address, as most readers
   * are not signed in. Enough for a family behind one carrier address, too few to guess links.
   */
  shareReads: { windowMs: MINUTE_MS, account: 120, address: 240 },
  /** Revealing a shared card's PIN. */
  shareReveals: { windowMs: MINUTE_MS, account: 30, address: 60 },
  /** First-party analytics events (batched by the app, 20 a call). */
  analytics: { windowMs: MINUTE_MS, account: 60, address: 300 },
  /** Catalogue reads not answered from the URL cache (a new page, sort or id). */
  catalogue: { windowMs: MINUTE_MS, account: 300, address: 600 },
  /** Staff sign-in steps (password, code, enrolment, recovery); ADR 0033's own limits answer first. */
  staffSignIn: { windowMs: MINUTE_MS, account: 30, address: 120 },
  /** Back-office calls of a signed-in staff member (lists, dashboard, edits). */
  admin: { windowMs: MINUTE_MS, account: 300, address: 600 },
} as const satisfies Record<string, RequestLimit>;

export type RequestLimitGroup = keyof typeof requestLimitGroups;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's request limit group (ADR 0026). Every write route under /api/ must say: a
     * group, or false for a route that must not be limited by caller (the acquirer's webhook).
     */
    requestLimit?: RequestLimitGroup | false;
  }
}

/** A group's number for one kind of caller, times the configured factor (at least 1). */
export function requestLimitOf(
  group: RequestLimitGroup,
  kind: 'account' | 'address',
  factor: number,
): number {
  return Math.max(1, Math.round(requestLimitGroups[group][kind] * factor));
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BEARER = /^Bearer\s+(\S+)\s*$/i;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
type Limiters = Record<RequestLimitGroup, Limiter>;

const groupNames = Object.keys(requestLimitGroups) as RequestLimitGroup[];

/**
 * Request limits (ADR 0026) on @fastify/rate-limit: one counter per group and caller — the
 * account of a valid bearer token, else the client network — so a refused request counts
 * against nothing else, and a crowd behind one address does not stop a signed-in customer there.
 *
 * With Redis the counts are shared by every instance (the plugin's Redis store, on the app's
 * connection). While Redis cannot answer, this process's own counters (the plugin's memory store)
 * count instead, as the login limits do (ADR 0025): a request is never failed or held for Redis.
 * The memory store is an LRU of `memoryKeys` counters per group: a flood of new addresses drops
 * the least recently seen counters rather than growing the process.
 *
 * Registers an onRoute hook: call before the routes are registered. A write route under /api/
 * without `config.requestLimit` stops the start, so no new route is left unlimited by accident.
 */
export async function registerRequestLimits(
  app: FastifyInstance,
  options: {
    config: RequestLimitsConfig;
    redis: Redis | null;
    /** Prefix of the Redis keys (REDIS_KEY_PREFIX). */
    prefix: string;
    /** The account of a bearer access token whose signature and expiry are good, else null. */
    accountOf: (token: string) => Promise<string | null>;
    log: FastifyBaseLogger;
  },
): Promise<void> {
  const { config } = options;
  const check = config.enabled ? await createCheck(app, options) : null;

  app.addHook('onRoute', (route) => {
    const group = route.config?.requestLimit;
    const methods = [route.method].flat();
    if (group === undefined) {
      if (route.url.startsWith('/api/') && methods.some((method) => WRITE_METHODS.has(method)))
        throw new Error(
          `${methods.join(',')} ${route.url} has no config.requestLimit (ADR 0026): name its group`,
        );
      return;
    }
    if (group === false || !check) return;
    const limit: onRequestAsyncHookHandler = async (request) => {
      const result = await check(group, request);
      if (!result.isAllowed && result.isExceeded)
        throw new AppError('TOO_MANY_REQUESTS', platformTexts.tooManyRequests, undefined, {
          retryAfterSeconds: Math.max(1, result.ttlInSeconds),
        });
    };
    // After the route's own hooks: a catalogue answer served from the URL cache is not counted.
    route.onRequest = [...[route.onRequest ?? []].flat(), limit];
  });
  if (!check) options.log.warn('REQUEST_LIMITS=off: requests are not limited (ADR 0026)');
}

async function createCheck(
  app: FastifyInstance,
  options: Parameters<typeof registerRequestLimits>[1],
): Promise<(group: RequestLimitGroup, request: FastifyRequest) => ReturnType<Limiter>> {
  const { config, redis, log } = options;
  // Who is counted: worked out once per request (the memory store may be asked after Redis).
  const subjects = new WeakMap<FastifyRequest, Promise<string>>();
  const subjectOf = (request: FastifyRequest): Promise<string> => {
    let subject = subjects.get(request);
    if (!subject) {
      subject = (async () => {
        const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
        const account = token ? await options.accountOf(token) : null;
        return account ? `u:${account}` : `a:${clientNetwork(request.ip)}`;
      })();
      subjects.set(request, subject);
    }
    return subject;
  };

  // One plugin instance per store, each in a scope of its own; limiters made there, one per group.
  const limitersIn = async (
    store: { redis: Redis } | { memoryKeys: number },
  ): Promise<Limiters> => {
    let made: Partial<Limiters> = {};
    await app.register(async (scope) => {
      await scope.register(fastifyRateLimit, {
        global: false,
        ...('redis' in store
          ? // Keys: {prefix}req-limit:undefinedundefined-{group}:{u|a}:{id} (the plugin names a
            // limiter made outside a route by its absent method and url).
            { redis: store.redis, nameSpace: `${options.prefix}req-limit:` }
          : { cache: store.memoryKeys }),
      });
      made = Object.fromEntries(
        groupNames.map((group) => {
          const accountMax = requestLimitOf(group, 'account', config.factor);
          const addressMax = requestLimitOf(group, 'address', config.factor);
          const settings: RateLimitOptions = {
            timeWindow: requestLimitGroups[group].windowMs,
            // The memory store's bound: an LRU of this many counters per group.
            cache: config.memoryKeys,
            keyGenerator: async (request) => `${group}:${await subjectOf(request)}`,
            max: (_request, key) => (key.startsWith(`${group}:u:`) ? accountMax : addressMax),
          };
          return [group, scope.createRateLimit(settings)];
        }),
      );
    });
    return made as Limiters;
  };

  const local = await limitersIn({ memoryKeys: config.memoryKeys });
  if (!redis) return (group, request) => local[group](request);

  const shared = await limitersIn({ redis });
  const failover = createRedisFailover(redis, ({ usingRedis, err }) => {
    if (usingRedis) log.info('Redis is back: request limits shared again');
    else log.warn({ err }, 'Redis unavailable: request limits kept per instance');
  });
  return (group, request) =>
    failover(
      () => shared[group](request),
      () => local[group](request),
    );
}
