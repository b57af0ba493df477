import type { RecipientCreateRequest, RecipientUpdateRequest } from '@shop/contracts/recipients';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

// The schemas arrive with the first call rather than in a page's first JavaScript.
const schemas = () => import('@shop/contracts/recipients');

const BASE = '/api/v1/recipients';
const recipientPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const recipientsApi = {
  list: (signal?: AbortSignal) =>
    apiRequest(
      BASE,
      () => schemas().then((m) => m.recipientListResponseSchema),
      signal ? { signal } : {},
    ),
  create: (body: RecipientCreateRequest) =>
    apiRequest(BASE, () => schemas().then((m) => m.recipientResponseSchema), {
      method: 'POST',
      body,
    }),
  update: (id: string, body: RecipientUpdateRequest) =>
    apiRequest(recipientPath(id), () => schemas().then((m) => m.recipientResponseSchema), {
      method: 'PATCH',
      body,
    }),
  remove: (id: string) =>
    apiRequest(recipientPath(id), () => schemas().then((m) => m.recipientDeleteResponseSchema), {
      method: 'DELETE',
    }),
};

const keys = {
  all: ['recipients'] as const,
  list: () => ['recipients', 'list', currentLanguage()] as const,
};

/** The signed-in customer's saved numbers (not asked for while `enabled` is false: a guest). */
export function useRecipients(enabled = true) {
  return useQuery({
    queryKey: keys.list(),
    queryFn: async ({ signal }) => (await recipientsApi.list(signal)).data,
    enabled,
    // A change made here reads the list again at once (useInvalidateRecipients).
    staleTime: 30_000,
    retry: false,
  });
}

/** Reads the list again after a change. */
export function useInvalidateRecipients() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.all });
}
