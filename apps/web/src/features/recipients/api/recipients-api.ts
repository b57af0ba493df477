import type { OperatorCode } from '@shop/contracts/phone';
import type { RecipientCreateRequest, RecipientUpdateRequest } from '@shop/contracts/recipients';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CACHE_SHORT_MS } from '../../../lib/cache-lifetimes.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

// The schemas arrive with the first call rather than in a page's first JavaScript.
const schemas = () => import('@shop/contracts/recipients');
const catalogueSchemas = () => import('@shop/contracts/catalogue');

const BASE = '/api/v1/recipients';
const recipientPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** The categories whose products are sent to a number: what a usual product is chosen from. */
const phoneCategories = ['mobile-topup', 'data-package'] as const;

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
  /** The top-up and data products of one operator, cheapest first (the usual product's choices). */
  async productsFor(operator: OperatorCode, signal?: AbortSignal) {
    const { PRODUCT_LIMIT_MAX } = await catalogueSchemas();
    const pages = await Promise.all(
      phoneCategories.map((category) =>
        apiRequest(
          `/api/v1/products/category/${category}?operator=${operator}&limit=${String(PRODUCT_LIMIT_MAX)}`,
          () => catalogueSchemas().then((m) => m.productListResponseSchema),
          signal ? { signal } : {},
        ),
      ),
    );
    return pages.flatMap((page) => page.data.filter((product) => product.status === 'active'));
  },
};

const keys = {
  all: ['recipients'] as const,
  list: () => ['recipients', 'list', currentLanguage()] as const,
  products: (operator: OperatorCode) =>
    ['recipients', 'products', operator, currentLanguage()] as const,
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

export function useOperatorProducts(operator: OperatorCode | null) {
  return useQuery({
    queryKey: keys.products(operator ?? 'MPT'),
    queryFn: ({ signal }) => recipientsApi.productsFor(operator ?? 'MPT', signal),
    enabled: operator !== null,
    staleTime: CACHE_SHORT_MS,
  });
}

/** Reads the list again after a change. */
export function useInvalidateRecipients() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.all });
}
