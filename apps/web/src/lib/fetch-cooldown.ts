import { ApiError } from './api-client.ts';
import { i18n } from './i18n.ts';

/** Code of the error a paused call fails with (shopping spec §8 "Cooldown error"). */
export const FETCH_PAUSED = 'FETCH_PAUSED';

const failedAt = new Map<string, number>();

/**
 * Shopping spec §4 / §9: after a call fails, the same call is not made again for `pauseMs`; it
 * fails at once with 'Fetch paused due to recent errors' instead, so a flaky network or a
 * struggling server is not hammered by retries and polls. `key` names the call (its URL).
 * A cancelled request (the page was left) is not a failure.
 */
export async function withCooldown<T>(
  key: string,
  pauseMs: number,
  fetcher: () => Promise<T>,
  options: { signal?: AbortSignal | undefined; now?: () => number } = {},
): Promise<T> {
  const now = options.now ?? Date.now;
  const last = failedAt.get(key);
  if (last !== undefined && now() - last < pauseMs)
    throw new ApiError(i18n.t('ui.fetchPaused'), 0, FETCH_PAUSED);
  try {
    const value = await fetcher();
    failedAt.delete(key);
    return value;
  } catch (error) {
    // Cancelled (the page was left), whatever the error it surfaced as: not the call's failure.
    const cancelled =
      options.signal?.aborted === true ||
      (error instanceof DOMException && error.name === 'AbortError');
    if (!cancelled) failedAt.set(key, now());
    throw error;
  }
}

export const isFetchPaused = (error: unknown) =>
  error instanceof ApiError && error.code === FETCH_PAUSED;
