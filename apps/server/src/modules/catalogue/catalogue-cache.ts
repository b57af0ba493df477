import type { Config } from '../../config.ts';
import { createResponseCache, type ResponseCache } from '../../platform/cache.ts';

/**
 * The cache of catalogue answers (ADR 0007). Every process that changes the catalogue behind a
 * server's back (the stock import) opens it with the same name and Redis settings, so that its
 * invalidate() reaches the running servers.
 */
export function createCatalogueCache(
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>,
  onError: (err: unknown, what: string) => void,
): ResponseCache {
  return createResponseCache({
    name: 'catalogue',
    redisUrl: config.redisUrl,
    keyPrefix: config.redisKeyPrefix,
    onError,
  });
}

/**
 * Tells running servers that the catalogue changed (new stock, for one): through Redis when
 * REDIS_URL is set. Answers false when they could not be told (no Redis, or it failed, which
 * `onError` hears): they then see the change when their cached answers expire (5 minutes).
 */
export async function announceCatalogueChange(
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>,
  onError: (err: unknown, what: string) => void,
): Promise<boolean> {
  if (!config.redisUrl) return false;
  let failed = false;
  const cache = createCatalogueCache(config, (err, what) => {
    failed = true;
    onError(err, what);
  });
  try {
    await cache.ready();
    await cache.invalidate();
  } finally {
    await cache.close();
  }
  return !failed;
}
