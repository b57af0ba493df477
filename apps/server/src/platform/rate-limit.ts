import type { Redis } from 'ioredis';
import type { Clock } from './clock.ts';

/**
 * Fixed-window counters and cooldown marks, keyed by strings. Backed by Redis when REDIS_URL is set
 * (shared by every instance), else by this process's memory (one instance, as with PGlite).
 */
export interface RateLimitStore {
  /** Adds one to key's window (started by the first hit, windowMs long); answers the new count. */
  hit(key: string, windowMs: number): Promise<number>;
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
  close(): Promise<void>;
}

export function createMemoryRateLimitStore(clock: Clock): RateLimitStore {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= clock().getTime()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  let hits = 0;
  const sweep = () => {
    // Occasionally drop expired windows so memory stays bounded under a flood of distinct keys.
    if ((hits += 1) % 1000 !== 0) return;
    const now = clock().getTime();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  };
  return {
    hit(key, windowMs) {
      sweep();
      const entry = live(key);
      if (entry) {
        entry.count += 1;
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
    close() {
      entries.clear();
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
    async hit(key, windowMs) {
      const results = await redis.multi().incr(k(key)).pexpire(k(key), windowMs, 'NX').exec();
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
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}
