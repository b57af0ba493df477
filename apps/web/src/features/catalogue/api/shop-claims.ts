import type { ShopClaim } from '@shop/contracts/shop-claims';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_SHORT_MS } from '../../../lib/cache-lifetimes.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export async function fetchShopClaims(signal?: AbortSignal): Promise<ShopClaim[] | null> {
  const body = await apiRequest(
    '/api/v1/site/claims',
    () => import('@shop/contracts/shop-claims').then((m) => m.shopClaimsResponseSchema),
    signal ? { signal } : {},
  );
  return body.data;
}

/**
 * The owner's claims on Home (issue 17), both languages in one answer; null: none set, or the call
 * failed — Home then shows its built-in claims, silently, as the banners do.
 */
export const shopClaimsQuery = queryOptions({
  queryKey: ['site', 'claims'],
  queryFn: async ({ signal }) => fetchShopClaims(signal).catch(() => null),
  staleTime: CACHE_SHORT_MS,
});

export function useShopClaims() {
  return useQuery(shopClaimsQuery);
}
