import type { Category } from '@shop/contracts/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_SHORT_MS } from '../../../lib/cache-lifetimes.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Language } from '@shop/contracts/i18n';

export async function fetchParentCategories(signal?: AbortSignal): Promise<Category[]> {
  const body = await apiRequest(
    '/api/v1/categories/parents?isActive=true&sortField=order&sortOrder=asc',
    () => import('@shop/contracts/catalogue').then((m) => m.categoryListResponseSchema),
    {
      ...(signal ? { signal } : {}),
    },
  );
  return body.data;
}

/** Categories of the home grid; the spec asks for an empty list, silently, when the call fails. */
export const parentCategoriesQuery = (language: Language) =>
  queryOptions({
    queryKey: ['categories', 'parents', language],
    queryFn: async ({ signal }) => fetchParentCategories(signal).catch((): Category[] => []),
    staleTime: CACHE_SHORT_MS,
  });

export function useParentCategories(language: Language) {
  return useQuery(parentCategoriesQuery(language));
}
