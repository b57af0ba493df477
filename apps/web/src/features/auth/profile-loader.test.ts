import type { ProfileResponse } from '@shop/contracts/auth';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, ContractError } from '../../lib/api-client.ts';
import {
  createProfileLoader,
  membershipProblemOf,
  PROFILE_CACHE_MS,
  PROFILE_PAUSE_MS,
  type ProfileEvent,
} from './profile-loader.ts';

const profile = { success: true, membership: null } as unknown as ProfileResponse;

/** A loader on a hand-moved clock, its calls answered by `answers` in turn. */
function loaderWith(answers: (() => Promise<ProfileResponse>)[], token: () => string | null) {
  let clock = 1_000_000;
  const events: ProfileEvent['type'][] = [];
  const fetchProfile = vi.fn(() => (answers.shift() ?? (() => Promise.resolve(profile)))());
  const loader = createProfileLoader({
    fetchProfile,
    accessToken: token,
    now: () => clock,
    onEvent: (event) => events.push(event.type),
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    loader,
    fetchProfile,
    events,
    settle,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const fails = () => Promise.reject(new ApiError('Request failed (500)', 500, undefined));

describe('profile loader (shopping spec §4, §9: cached 30 s, paused 15 s after an error)', () => {
  it('an answer is kept 30 s: a refresh within them makes no call, one after them does', async () => {
    const t = loaderWith([], () => 'token');
    t.loader.refresh();
    await t.settle();
    expect(t.events).toEqual(['loaded']);
    t.advance(PROFILE_CACHE_MS - 1);
    t.loader.refresh();
    await t.settle();
    expect(t.fetchProfile).toHaveBeenCalledTimes(1);
    t.advance(1);
    t.loader.refresh();
    await t.settle();
    expect(t.fetchProfile).toHaveBeenCalledTimes(2);
    expect(PROFILE_CACHE_MS).toBe(30_000);
  });

  it('after a failure no call is made for 15 s; the caller hears "paused"; force skips the pause', async () => {
    const t = loaderWith([fails], () => 'token');
    await expect(t.loader.fetch()).rejects.toBeInstanceOf(ApiError);
    t.advance(PROFILE_PAUSE_MS - 1);
    t.loader.refresh();
    await t.settle();
    expect(t.fetchProfile).toHaveBeenCalledTimes(1);
    expect(t.events).toEqual(['paused']);
    t.loader.refresh(true);
    await t.settle();
    expect(t.fetchProfile).toHaveBeenCalledTimes(2);
    expect(t.events).toEqual(['paused', 'loaded']);
    expect(PROFILE_PAUSE_MS).toBe(15_000);
  });

  it('15 s after a failure the next refresh calls again, and its failure is reported', async () => {
    const t = loaderWith([fails, fails], () => 'token');
    t.loader.refresh();
    await t.settle();
    t.advance(PROFILE_PAUSE_MS);
    t.loader.refresh();
    await t.settle();
    expect(t.fetchProfile).toHaveBeenCalledTimes(2);
    expect(t.events).toEqual(['failed', 'failed']);
  });

  it('one call at a time: a forced refresh asked meanwhile runs once it is done', async () => {
    let answer: (value: ProfileResponse) => void = () => undefined;
    const slow = () =>
      new Promise<ProfileResponse>((resolve) => {
        answer = resolve;
      });
    const t = loaderWith([slow], () => 'token');
    t.loader.refresh();
    t.loader.refresh();
    t.loader.refresh(true);
    expect(t.fetchProfile).toHaveBeenCalledTimes(1);
    answer(profile);
    await t.settle();
    expect(t.fetchProfile).toHaveBeenCalledTimes(2);
  });

  it('signed out meanwhile: the answer is dropped; signed out: nothing is fetched', async () => {
    let token: string | null = 'first';
    const t = loaderWith([], () => token);
    t.loader.refresh();
    token = 'second';
    await t.settle();
    expect(t.events).toEqual([]);
    token = null;
    t.loader.refresh(true);
    expect(t.fetchProfile).toHaveBeenCalledTimes(1);
  });
});

describe('membershipProblemOf (shopping spec §8 "Membership")', () => {
  it("a failed call keeps the server's message, or none for 'Failed to fetch user profile'", () => {
    expect(
      membershipProblemOf(new ApiError('Server error. Please try again.', 500, 'INTERNAL')),
    ).toEqual({ kind: 'failed', serverMessage: 'Server error. Please try again.' });
    expect(membershipProblemOf(new ApiError('Request failed (502)', 502, undefined))).toEqual({
      kind: 'failed',
      serverMessage: null,
    });
  });

  it("an answer not matching the contract is 'Failed to load membership info'", () => {
    expect(membershipProblemOf(new ContractError('/api/v1/users/profile', []))).toEqual({
      kind: 'unreadable',
    });
  });
});
