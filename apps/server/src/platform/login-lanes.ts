import { randomBytes } from 'node:crypto';
import { createSignedValues } from './crypto.ts';
import type { RateLimitStore } from './rate-limit.ts';

/**
 * The counters of one throttled sign-in lane (ADR 0013, 0044): failures, the lockout mark, and how
 * many lockouts there were lately (each makes the next longer). A lane is one (account, address)
 * pair or one known device: only its own failures can lock it.
 */
export interface LoginLane {
  failures: string;
  lock: string;
  lockouts: string;
}

export const loginLane = (key: string): LoginLane => ({
  failures: key,
  lock: `${key}:lock`,
  lockouts: `${key}:lockouts`,
});

/** How a kind of lane is throttled. */
export interface LoginLanePolicy {
  /** Failures a lane may gather within failureWindowMs; one more is refused until it ends. */
  maxFailures: number;
  failureWindowMs: number;
  /** Whether each failure restarts failureWindowMs (failures are then forgotten only after quiet). */
  slideFailureWindow?: boolean;
  /**
   * The lockFrom-th failure locks the lane for lockoutMs(1); each try after it must first take
   * the lock itself, for lockoutMs(k) with k the lockouts so far + 1 (so waits grow with every
   * failure, and parallel tries cannot slip past a wait).
   */
  lockFrom: number;
  lockoutMs(lockoutNumber: number): number;
  /** Lockouts are remembered (for the growth) until this long after the last one. */
  lockoutMemoryMs: number;
  /** The refusal (a 429 with its Retry-After) when the lane must wait waitMs. */
  tooMany(waitMs: number): Error;
}

/**
 * Reserve, fail, succeed on a lane. Every try reserves its number before the password is
 * checked, so a burst of parallel guesses cannot slip through; a refused try is taken back and
 * counts nowhere.
 */
export function createLoginLanes(limiter: RateLimitStore, policy: LoginLanePolicy) {
  const slide = policy.slideFailureWindow ? { slide: true } : undefined;
  return {
    /** Reserves one try on the lane (answers its number) or throws policy.tooMany. */
    async reserve(lane: LoginLane): Promise<number> {
      const locked = await limiter.timeLeft(lane.lock);
      if (locked > 0) throw policy.tooMany(locked);
      const n = await limiter.hit(lane.failures, policy.failureWindowMs, slide);
      if (n > policy.maxFailures) {
        await limiter.release(lane.failures);
        const [lock, window] = await Promise.all([
          limiter.timeLeft(lane.lock),
          limiter.timeLeft(lane.failures),
        ]);
        throw policy.tooMany(Math.max(lock, window));
      }
      if (n > policy.lockFrom) {
        const lockouts = await limiter.count(lane.lockouts);
        const held = await limiter.claim(lane.lock, policy.lockoutMs(lockouts + 1));
        if (held > 0) {
          await limiter.release(lane.failures);
          throw policy.tooMany(held);
        }
      }
      return n;
    },

    /** The try numbered n failed: from the lockFrom-th failure on, the lane waits longer each time. */
    async failed(lane: LoginLane, n: number): Promise<void> {
      if (n < policy.lockFrom) return;
      const lockouts = await limiter.hit(lane.lockouts, policy.lockoutMemoryMs, { slide: true });
      // A try after lockFrom took the lock when it was reserved.
      if (n === policy.lockFrom) await limiter.claim(lane.lock, policy.lockoutMs(lockouts));
    },

    /** The right password: the lane starts again (NIST counts consecutive failures). */
    async succeeded(lane: LoginLane): Promise<void> {
      await Promise.all([
        limiter.reset(lane.failures),
        limiter.reset(lane.lockouts),
        limiter.reset(lane.lock),
      ]);
    },
  };
}

export type LoginLanes = ReturnType<typeof createLoginLanes>;

/**
 * Device cookies of sign-in throttling (ADR 0013, OWASP "device cookies"): `<userId>.<random>.<HMAC
 * of both>`, left by a successful sign-in. A browser that presents a valid one for the account it
 * signs in to is a known device with a lane of its own, so nobody else's failures can make it
 * wait. It is not a credential: the password is still required. `label` keeps the cookies of one
 * sign-in (the shop's, the back-office's) from being valid at the other.
 */
export function createLoginDevices(key: string, label: string) {
  const signed = createSignedValues(key, label);
  return {
    /** A new device token for a sign-in of userId. */
    issue: (userId: string): string =>
      signed.sign(`${userId}.${randomBytes(16).toString('base64url')}`),
    /** The device's id if token is a valid device token of userId, else null. */
    known(token: string | undefined, userId: string): string | null {
      const [owner, nonce] = signed.open(token)?.split('.') ?? [];
      return owner === userId && nonce ? nonce : null;
    },
  };
}
