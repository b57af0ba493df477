import {
  PRODUCT_LIMIT_DEFAULT,
  type PaginationMeta,
  type Product,
} from '@shop/contracts/catalogue';
import type { Language } from '@shop/contracts/i18n';
import { operatorCodes, type OperatorCode } from '@shop/contracts/phone';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

/** The four sorts of the listing (shopping spec §2, §9), mapped onto the API's sortField/sortOrder. */
export const productSorts = {
  'price-asc': { sortField: 'price', sortOrder: 'asc' },
  'price-desc': { sortField: 'price', sortOrder: 'desc' },
  'name-asc': { sortField: 'name', sortOrder: 'asc' },
  'name-desc': { sortField: 'name', sortOrder: 'desc' },
} as const;
export type ProductSort = keyof typeof productSorts;
export const DEFAULT_PRODUCT_SORT: ProductSort = 'price-asc';
/** Shopping spec §9 "Page defaults": the server's default page size, asked for explicitly. */
export const PRODUCTS_PER_PAGE = PRODUCT_LIMIT_DEFAULT;

export interface ProductPage {
  products: Product[];
  meta: PaginationMeta;
  /** The category does not exist (the API's 404): the page is the 404 page (issue 26). */
  notFound?: true;
}

export interface ProductListParams {
  /** Category id or slug; the API accepts either. */
  category: string;
  page: number;
  sort: ProductSort;
  operator: OperatorCode | null;
}

export async function fetchCategoryProducts(
  params: ProductListParams,
  signal?: AbortSignal,
): Promise<ProductPage> {
  const { sortField, sortOrder } = productSorts[params.sort];
  const query = new URLSearchParams({
    page: String(params.page),
    limit: String(PRODUCTS_PER_PAGE),
    sortField,
    sortOrder,
  });
  if (params.operator) query.set('operator', params.operator);
  const body = await apiRequest(
    `/api/v1/products/category/${encodeURIComponent(params.category)}?${query.toString()}`,
    // The schema library arrives with the answer, not with the listing (issue 29: the listing's
    // products come rendered by the server, so its first JavaScript need not check them).
    () => import('@shop/contracts/catalogue').then((m) => m.productListResponseSchema),
    signal ? { signal } : {},
  );
  return { products: body.data, meta: body.meta };
}

/** Spec §7: "On failure an empty list with page 1 of 1, silently." */
const emptyPage: ProductPage = {
  products: [],
  meta: { page: 1, totalPages: 1, total: 0, limit: PRODUCTS_PER_PAGE },
};

export const categoryProductsQuery = (params: ProductListParams, language: Language) =>
  queryOptions({
    queryKey: ['products', 'category', params, language],
    queryFn: async ({ signal }) =>
      fetchCategoryProducts(params, signal).catch((error: unknown): ProductPage =>
        error instanceof ApiError && error.status === 404
          ? { ...emptyPage, notFound: true }
          : emptyPage,
      ),
    staleTime: 60_000,
  });

export function useCategoryProducts(params: ProductListParams, language: Language) {
  return useQuery({
    ...categoryProductsQuery(params, language),
    placeholderData: keepPreviousData,
  });
}

export const isSort = (value: string | null): value is ProductSort =>
  value !== null && Object.hasOwn(productSorts, value);
const isOperator = (value: string | null): value is OperatorCode =>
  value !== null && (operatorCodes as readonly string[]).includes(value);

/** The listing's state from its URL (?operator=&sort=&page=); unknown values fall back to defaults. */
export function listingParamsFromSearch(search: string): Omit<ProductListParams, 'category'> {
  const params = new URLSearchParams(search);
  const sortParam = params.get('sort');
  const operatorParam = params.get('operator')?.toUpperCase() ?? null;
  const pageParam = Number(params.get('page') ?? '1');
  return {
    sort: isSort(sortParam) ? sortParam : DEFAULT_PRODUCT_SORT,
    operator: isOperator(operatorParam) ? operatorParam : null,
    page: Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1,
  };
}
