import type { FestivalWindow } from '@shop/contracts/festivals';
import { queryOptions } from '@tanstack/react-query';
import { CACHE_VERY_LONG_MS } from '../../../lib/cache-lifetimes.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export async function fetchFestivals(signal?: AbortSignal): Promise<FestivalWindow[]> {
  const body = await apiRequest(
    '/api/v1/site/festivals',
    () => import('@shop/contracts/festivals').then((m) => m.festivalsResponseSchema),
    signal ? { signal } : {},
  );
  return body.data;
}

/** The festival windows (issue 16); a failed call means no festival, silently. */
export const festivalsQuery = queryOptions({
  queryKey: ['site', 'festivals'],
  queryFn: async ({ signal }) => fetchFestivals(signal).catch((): FestivalWindow[] => []),
  staleTime: CACHE_VERY_LONG_MS,
});
