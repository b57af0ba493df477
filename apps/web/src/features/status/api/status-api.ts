import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

type Part = 'up' | 'down' | 'unknown';

/** What the status page shows: the shop as a whole and each part, when it was asked. */
export interface ShopStatus {
  overall: 'ok' | 'down' | 'unreachable';
  server: Part;
  database: Part;
  /** Absent when the shop runs without Redis. */
  redis?: Part;
  /** The HTTP status the server answered with when it could not say it is ready (e.g. 503). */
  errorCode?: number;
  checkedAt: string;
}

/**
 * The shop's readiness (/readyz, ADR 0025): 200 with each part; 503 only while the database
 * cannot answer (Redis down keeps an instance ready); no answer at all: unreachable from here.
 */
export async function fetchShopStatus(signal?: AbortSignal): Promise<ShopStatus> {
  const checkedAt = new Date().toISOString();
  try {
    const ready = await apiRequest(
      '/readyz',
      () => import('@shop/contracts/health').then((m) => m.readinessResponseSchema),
      { auth: false, cache: 'no-store', ...(signal ? { signal } : {}) },
    );
    return {
      overall: ready.status === 'ok' ? 'ok' : 'down',
      server: 'up',
      database: ready.database,
      ...(ready.redis ? { redis: ready.redis } : {}),
      checkedAt,
    };
  } catch (error) {
    if (error instanceof ApiError && !error.isNetworkError)
      return {
        overall: 'down',
        server: 'up',
        database: 'down',
        ...(error.status >= 500 ? { errorCode: error.status } : {}),
        checkedAt,
      };
    return { overall: 'unreachable', server: 'unknown', database: 'unknown', checkedAt };
  }
}

export const shopStatusQuery = queryOptions({
  queryKey: ['site', 'status'],
  queryFn: async ({ signal }) => fetchShopStatus(signal),
  staleTime: 0,
  retry: false,
});
