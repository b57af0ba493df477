import type { Redis } from 'ioredis';
import type { Clock } from './clock.ts';

/**
 * Fixed-window counters and cooldown marks, keyed by strings. Backed by Redis when REDIS_URL is set
 * (shared by every instance), else by this process's memory (one instance, as with PGlite).
 */
export interface RateLimitStore {
  /**
   * Adds one to key's window (started by the first hit, windowMs long); answers the new count.
   * With slide, every hit restarts the windowMs (the count lives until windowMs of quiet).
   */
  hit(key: string, windowMs: number, options?: { slide?: boolean }): Promise<number>;
  /** The count in key's current window (0 when none). */
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  /** Takes one back (a reserved attempt that turned out fine); never below 0 or creating a key. */
  release(key: string): Promise<void>;
  /**
   * Sets a mark for ttlMs if none is there. Answers 0 when set, else the milliseconds the existing
   * mark still has (the caller's "wait N seconds").
   */
  claim(key: string, ttlMs: number): Promise<number>;
  /** Milliseconds key's window or mark (or set) still has; 0 when there is none. */
  timeLeft(key: string): Promise<number>;
  /**
   * Puts member into the set at key (the set ends windowMs after its first member came); answers
   * whether it was new and the set's size afterwards. For "how many different X from here".
   */
  addMember(
    key: string,
    member: string,
    windowMs: number,
  ): Promise<{ added: boolean; size: number }>;
  /** Takes member out of the set at key (nothing when absent). */
  removeMember(key: string, member: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryRateLimitStore(clock: Clock): RateLimitStore {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  const sets = new Map<string, { members: Set<string>; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= clock().getTime()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const liveSet = (key: string) => {
    const set = sets.get(key);
    if (set && set.expiresAt <= clock().getTime()) {
      sets.delete(key);
      return undefined;
    }
    return set;
  };
  let hits = 0;
  const sweep = () => {
    // Occasionally drop expired windows so memory stays bounded under a flood of distinct keys.
    if ((hits += 1) % 1000 !== 0) return;
    const now = clock().getTime();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
    for (const [key, set] of sets) if (set.expiresAt <= now) sets.delete(key);
  };
  return {
    hit(key, windowMs, options) {
      sweep();
      const entry = live(key);
      if (entry) {
        entry.count += 1;
        if (options?.slide) entry.expiresAt = clock().getTime() + windowMs;
        return Promise.resolve(entry.count);
      }
      entries.set(key, { count: 1, expiresAt: clock().getTime() + windowMs });
      return Promise.resolve(1);
    },
    count(key) {
      return Promise.resolve(live(key)?.count ?? 0);
    },
    reset(key) {
      entries.delete(key);
      sets.delete(key);
      return Promise.resolve();
    },
    release(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
      return Promise.resolve();
    },
    claim(key, ttlMs) {
      sweep();
      const entry = live(key);
      if (entry) return Promise.resolve(entry.expiresAt - clock().getTime());
      entries.set(key, { count: 1, expiresAt: clock().getTime() + ttlMs });
      return Promise.resolve(0);
    },
    timeLeft(key) {
      const expiresAt = live(key)?.expiresAt ?? liveSet(key)?.expiresAt;
      return Promise.resolve(expiresAt === undefined ? 0 : expiresAt - clock().getTime());
    },
    addMember(key, member, windowMs) {
      sweep();
      let set = liveSet(key);
      if (!set) {
        set = { members: new Set(), expiresAt: clock().getTime() + windowMs };
        sets.set(key, set);
      }
      const added = !set.members.has(member);
      set.members.add(member);
      return Promise.resolve({ added, size: set.members.size });
    },
    removeMember(key, member) {
      liveSet(key)?.members.delete(member);
      return Promise.resolve();
    },
    close() {
      entries.clear();
      sets.clear();
      return Promise.resolve();
    },
  };
}

/**
 * Redis keeps the windows with its own expiry (PEXPIRE), so they are shared across instances and
 * need no cleaning. The first hit starts the window; INCR and PEXPIRE NX run in one MULTI.
 */
export function createRedisRateLimitStore(redis: Redis, prefix: string): RateLimitStore {
  const k = (key: string) => `${prefix}rl:${key}`;
  return {
    async hit(key, windowMs, options) {
      const results = await (
        options?.slide
          ? redis.multi().incr(k(key)).pexpire(k(key), windowMs)
          : redis.multi().incr(k(key)).pexpire(k(key), windowMs, 'NX')
      ).exec();
      const [incr] = results ?? [];
      if (!incr || incr[0]) throw incr?.[0] ?? new Error('Redis transaction failed');
      return Number(incr[1]);
    },
    async count(key) {
      const value = await redis.get(k(key));
      return value === null ? 0 : Number(value);
    },
    async reset(key) {
      await redis.del(k(key));
    },
    async release(key) {
      // Atomic "decrement if present and positive": a plain DECR would create a key without expiry.
      await redis.eval(
        "local v = tonumber(redis.call('get', KEYS[1]) or '0') if v > 0 then redis.call('decr', KEYS[1]) end return 0",
        1,
        k(key),
      );
    },
    async claim(key, ttlMs) {
      const set = await redis.set(k(key), '1', 'PX', ttlMs, 'NX');
      if (set === 'OK') return 0;
      const left = await redis.pttl(k(key));
      return Math.max(left, 1);
    },
    async timeLeft(key) {
      return Math.max(await redis.pttl(k(key)), 0);
    },
    async addMember(key, member, windowMs) {
      const results = await redis
        .multi()
        .sadd(k(key), member)
        .pexpire(k(key), windowMs, 'NX')
        .scard(k(key))
        .exec();
      const [added, , size] = results ?? [];
      if (!added || added[0] || !size || size[0])
        throw added?.[0] ?? size?.[0] ?? new Error('Redis transaction failed');
      return { added: Number(added[1]) === 1, size: Number(size[1]) };
    },
    async removeMember(key, member) {
      await redis.srem(k(key), member);
    },
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}

/** How long the failover store leaves Redis alone after a failed command. */
export const FAILOVER_RETRY_MS = 2000;

/**
 * Redis while it answers, this process's memory while it cannot (down, frozen, not yet connected),
 * used again on its own once back (ADR 0025). After a failed command Redis is left alone for
 * FAILOVER_RETRY_MS: a frozen Redis costs the one request that met it a command timeout, not every
 * call. `onChange` hears each switch. Shared by the login/code limits and the request limits.
 */
export function createRedisFailover(
  redis: Redis,
  onChange: (event: { usingRedis: boolean; err?: unknown }) => void,
) {
  let usingRedis = true;
  let skipUntil = 0;
  const switchTo = (next: boolean, err?: unknown) => {
    if (next === usingRedis) return;
    usingRedis = next;
    onChange({ usingRedis: next, err });
  };
  return async <T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> => {
    if (redis.status !== 'ready' || Date.now() < skipUntil) {
      switchTo(false);
      return local();
    }
    try {
      const answer = await shared();
      switchTo(true);
      return answer;
    } catch (err) {
      skipUntil = Date.now() + FAILOVER_RETRY_MS;
      switchTo(false, err);
      return local();
    }
  };
}

/**
 * The store of a running shop (ADR 0025): Redis when configured, shared by every instance; while
 * Redis cannot answer this process's own memory counts instead (createRedisFailover), so a login
 * or a code check never fails because of Redis.
 */
export function createFailoverRateLimitStore(options: {
  redis: Redis;
  prefix: string;
  clock: Clock;
  onChange: (event: { usingRedis: boolean; err?: unknown }) => void;
}): RateLimitStore {
  const shared = createRedisRateLimitStore(options.redis, options.prefix);
  const local = createMemoryRateLimitStore(options.clock);
  const failover = createRedisFailover(options.redis, options.onChange);
  const use = <T>(call: (store: RateLimitStore) => Promise<T>): Promise<T> =>
    failover(
      () => call(shared),
      () => call(local),
    );
  return {
    hit: (key, windowMs, hitOptions) => use((store) => store.hit(key, windowMs, hitOptions)),
    count: (key) => use((store) => store.count(key)),
    reset: (key) => use((store) => store.reset(key)),
    release: (key) => use((store) => store.release(key)),
    claim: (key, ttlMs) => use((store) => store.claim(key, ttlMs)),
    timeLeft: (key) => use((store) => store.timeLeft(key)),
    addMember: (key, member, windowMs) => use((store) => store.addMember(key, member, windowMs)),
    removeMember: (key, member) => use((store) => store.removeMember(key, member)),
    // The Redis connection belongs to the app (it also answers /readyz); only memory is ours.
    close: () => local.close(),
  };
}
