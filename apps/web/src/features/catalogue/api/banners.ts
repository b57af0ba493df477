import type { Banner } from '@shop/contracts/catalogue';
import type { Language } from '@shop/contracts/i18n';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_SHORT_MS } from '../../../lib/cache-lifetimes.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export async function fetchBanners(signal?: AbortSignal): Promise<Banner[]> {
  const body = await apiRequest(
    '/api/v1/ads/banner',
    () => import('@shop/contracts/catalogue').then((m) => m.bannerListResponseSchema),
    signal ? { signal } : {},
  );
  return body.ads;
}

/** Home banners; the spec asks for an empty list, silently, when the call fails. */
export const bannersQuery = (language: Language) =>
  queryOptions({
    queryKey: ['banners', language],
    queryFn: async ({ signal }) => fetchBanners(signal).catch((): Banner[] => []),
    staleTime: CACHE_SHORT_MS,
  });

export function useBanners(language: Language) {
  return useQuery(bannersQuery(language));
}
