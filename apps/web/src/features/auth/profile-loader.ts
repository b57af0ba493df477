import type { ProfileResponse } from '@shop/contracts/auth';
import { ContractError, errorMessageOr } from '../../lib/api-client.ts';

/** Shopping spec §4 "Profile and membership" / §9: the profile is cached 30 s, paused 15 s after an error. */
export const PROFILE_CACHE_MS = 30_000;
export const PROFILE_PAUSE_MS = 15_000;

/**
 * Why the user menu shows no tier (shopping spec §8 "Membership"), each with its message:
 * the profile came without a membership ('Membership data not available'), the call failed
 * ('Failed to fetch membership information', with the server's reason or 'Failed to fetch user
 * profile' when it gave none), the answer was not the contract's ('Failed to load membership
 * info'), or a call was skipped in the pause after a failure ('Profile fetch temporarily paused
 * due to recent errors').
 */
export type MembershipProblem =
  | { kind: 'unavailable' }
  | { kind: 'failed'; serverMessage: string | null }
  | { kind: 'unreadable' }
  | { kind: 'paused' };

/** The problem a failed profile call leaves. */
export function membershipProblemOf(error: unknown): MembershipProblem {
  if (error instanceof ContractError) return { kind: 'unreadable' };
  return { kind: 'failed', serverMessage: errorMessageOr(error, '') || null };
}

export type ProfileEvent =
  | { type: 'loaded'; profile: ProfileResponse }
  | { type: 'failed'; error: unknown }
  | { type: 'paused' };

interface ProfileLoaderDeps {
  fetchProfile: () => Promise<ProfileResponse>;
  /** The signed-in session's token; an answer is dropped when it changed meanwhile. */
  accessToken: () => string | null;
  onEvent: (event: ProfileEvent) => void;
  now?: () => number;
}

/**
 * The profile fetch shared by every caller (shopping spec §4): one call at a time, an answer kept
 * 30 s, and after a failure no call for 15 s unless forced (the caller hears 'paused' instead).
 */
export function createProfileLoader({
  fetchProfile,
  accessToken,
  onEvent,
  now = Date.now,
}: ProfileLoaderDeps) {
  let fetchedAt = -Infinity;
  let failedAt = -Infinity;
  let running = false;
  let forceAgain = false;

  /** One call, its success or failure recorded for the cache and the pause. */
  const fetchOnce = () =>
    fetchProfile().then(
      (profile) => {
        fetchedAt = now();
        failedAt = -Infinity;
        return profile;
      },
      (error: unknown) => {
        failedAt = now();
        throw error;
      },
    );

  function refresh(force = false) {
    const token = accessToken();
    if (!token) return;
    if (running) {
      // A forced refresh (e.g. an order just completed) runs once the current one is done.
      if (force) forceAgain = true;
      return;
    }
    if (!force && now() - failedAt < PROFILE_PAUSE_MS) {
      onEvent({ type: 'paused' });
      return;
    }
    if (!force && now() - fetchedAt < PROFILE_CACHE_MS) return;
    running = true;
    // Signed out or someone else signed in meanwhile: the answer is not theirs.
    const stillTheirs = () => accessToken() === token;
    fetchOnce()
      .then(
        (profile) => {
          if (stillTheirs()) onEvent({ type: 'loaded', profile });
        },
        (error: unknown) => {
          if (stillTheirs()) onEvent({ type: 'failed', error });
        },
      )
      .finally(() => {
        running = false;
        if (forceAgain) {
          forceAgain = false;
          refresh(true);
        }
      });
  }

  return {
    /** The start-up fetch: its answer (or failure) is the caller's; it counts for cache and pause. */
    fetch: fetchOnce,
    /** Reloads unless fresh (30 s) or paused (15 s after a failure); `force` skips both. */
    refresh,
  };
}

export type ProfileLoader = ReturnType<typeof createProfileLoader>;
