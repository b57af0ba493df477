import type { CallCentreContact } from '@shop/contracts/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_MEDIUM_MS } from '../../../lib/cache-lifetimes.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export async function fetchCallCentreContact(signal?: AbortSignal): Promise<CallCentreContact> {
  const body = await apiRequest(
    '/api/v1/site/contact',
    () => import('@shop/contracts/catalogue').then((m) => m.callCentreContactResponseSchema),
    signal ? { signal } : {},
  );
  return body.data;
}

export const callCentreContactQuery = queryOptions({
  queryKey: ['site', 'contact'],
  queryFn: async ({ signal }) => fetchCallCentreContact(signal),
  staleTime: CACHE_MEDIUM_MS,
});

export function useCallCentreContact() {
  return useQuery(callCentreContactQuery);
}
