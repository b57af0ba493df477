import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { i18n, i18nReady } from './i18n.ts';
import { FETCH_PAUSED, isFetchPaused, withCooldown } from './fetch-cooldown.ts';

describe('withCooldown (spec: calls paused 10 s after an error)', () => {
  it('fails at once with the cooldown error for 10 s after a failure, then calls again', async () => {
    await i18nReady();
    let clock = 1_000_000;
    const now = () => clock;
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new ApiError('Server error', 500, 'INTERNAL'));
    };
    const ok = () => {
      calls += 1;
      return Promise.resolve('order');
    };

    await expect(withCooldown('/api/v1/orders/1', 10_000, failing, { now })).rejects.toThrow(
      'Server error',
    );
    clock += 9_999;
    const paused = await withCooldown('/api/v1/orders/1', 10_000, ok, { now }).catch(
      (e: unknown) => e,
    );
    expect(paused).toBeInstanceOf(ApiError);
    expect((paused as ApiError).message).toBe('Fetch paused due to recent errors');
    expect((paused as ApiError).code).toBe(FETCH_PAUSED);
    expect(isFetchPaused(paused)).toBe(true);
    expect(calls).toBe(1);
    // Another call is not paused by this one's failure.
    await expect(withCooldown('/api/v1/orders/2', 10_000, ok, { now })).resolves.toBe('order');

    clock += 1;
    await expect(withCooldown('/api/v1/orders/1', 10_000, ok, { now })).resolves.toBe('order');
    // A success ends the pause for good: calls go through until the next failure starts a new one.
    await expect(withCooldown('/api/v1/orders/1', 10_000, ok, { now })).resolves.toBe('order');
    expect(calls).toBe(4);
    await expect(withCooldown('/api/v1/orders/1', 10_000, failing, { now })).rejects.toThrow(
      'Server error',
    );
    clock += 5_000;
    await expect(withCooldown('/api/v1/orders/1', 10_000, ok, { now })).rejects.toThrow(
      'Fetch paused due to recent errors',
    );
    expect(calls).toBe(5);
    expect(i18n.language).toBe('en');
  });

  it('a cancelled request (the page was left) is not a failure', async () => {
    const aborted = () =>
      Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(withCooldown('/api/v1/orders?page=1', 10_000, aborted)).rejects.toThrow('aborted');
    await expect(
      withCooldown('/api/v1/orders?page=1', 10_000, () => Promise.resolve(1)),
    ).resolves.toBe(1);
    // Left while the answer was still arriving: the body read fails with some other error.
    const leaving = new AbortController();
    leaving.abort();
    await expect(
      withCooldown('/api/v1/orders?page=2', 10_000, () => Promise.reject(new Error('body')), {
        signal: leaving.signal,
      }),
    ).rejects.toThrow('body');
    await expect(
      withCooldown('/api/v1/orders?page=2', 10_000, () => Promise.resolve(2)),
    ).resolves.toBe(2);
  });
});
