import type { TopupRequestCreate } from '@shop/contracts/topup-requests';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

// The schemas arrive with the first call rather than in a page's first JavaScript.
const schemas = () => import('@shop/contracts/topup-requests');

const BASE = '/api/v1/topup-requests';
const tokenPath = (token: string) => `${BASE}/${encodeURIComponent(token)}`;

export const topupRequestsApi = {
  list: (signal?: AbortSignal) =>
    apiRequest(
      BASE,
      () => schemas().then((m) => m.ownTopupRequestListResponseSchema),
      signal ? { signal } : {},
    ),
  create: (body: TopupRequestCreate) =>
    apiRequest(BASE, () => schemas().then((m) => m.ownTopupRequestResponseSchema), {
      method: 'POST',
      body,
    }),
  cancel: (token: string) =>
    apiRequest(
      `${tokenPath(token)}/cancel`,
      () => schemas().then((m) => m.ownTopupRequestResponseSchema),
      { method: 'POST' },
    ),
  view: (token: string, signal?: AbortSignal) =>
    apiRequest(
      tokenPath(token),
      () => schemas().then((m) => m.publicTopupRequestResponseSchema),
      signal ? { signal } : {},
    ),
  addToCart: (token: string) =>
    apiRequest(
      `${tokenPath(token)}/cart`,
      () => schemas().then((m) => m.topupRequestActionResponseSchema),
      { method: 'POST' },
    ),
};

const keys = {
  all: ['topup-requests'] as const,
  list: () => ['topup-requests', 'list', currentLanguage()] as const,
  view: (token: string) => ['topup-requests', 'view', token, currentLanguage()] as const,
};

/** The signed-in customer's requests (not asked for while `enabled` is false). */
export function useOwnRequests(enabled: boolean) {
  return useQuery({
    queryKey: keys.list(),
    queryFn: async ({ signal }) => (await topupRequestsApi.list(signal)).data,
    enabled,
    staleTime: 10_000,
    retry: false,
  });
}

/** A request as its link shows it; null when the link is unknown (404). */
export function useRequestView(token: string) {
  return useQuery({
    queryKey: keys.view(token),
    queryFn: async ({ signal }) => (await topupRequestsApi.view(token, signal)).data,
    retry: false,
  });
}

export function useInvalidateRequests() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.all });
}
