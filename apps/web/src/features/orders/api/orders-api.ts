import type { OrderDisplayStatus } from '@shop/contracts/order-status';
import type {
  CardListFormat,
  Order,
  OrderFeedbackRequest,
  ResendCodesRequest,
} from '@shop/contracts/orders';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '../../../lib/api-client.ts';
import { withCooldown } from '../../../lib/fetch-cooldown.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/** Spec §9: order and order-list answers are cached 15 s, calls paused 10 s after an error. */
export const ORDER_CACHE_MS = 15_000;
export const ORDER_ERROR_PAUSE_MS = 10_000;
export const ORDERS_PER_PAGE = 10;
/** While an order is being fulfilled its page checks again this often. */
export const ORDER_PROGRESS_POLL_MS = 3000;

// The schemas arrive with the first order call rather than in the page's first JavaScript.
const schemas = () => import('@shop/contracts/orders');
const orderListSchema = () => schemas().then((m) => m.orderListResponseSchema);
const orderSchema = () => schemas().then((m) => m.orderResponseSchema);

const orderPath = (orderId: string) => `/api/v1/orders/${encodeURIComponent(orderId)}`;

export const ordersApi = {
  list: (params: { page: number; status: OrderDisplayStatus | null }, signal?: AbortSignal) => {
    const query = new URLSearchParams({
      page: String(params.page),
      limit: String(ORDERS_PER_PAGE),
    });
    if (params.status) query.set('status', params.status);
    const path = `/api/v1/orders?${query.toString()}`;
    return withCooldown(
      path,
      ORDER_ERROR_PAUSE_MS,
      () => apiRequest(path, orderListSchema, signal ? { signal } : {}),
      { signal },
    );
  },
  get: (orderId: string, signal?: AbortSignal) =>
    withCooldown(
      orderPath(orderId),
      ORDER_ERROR_PAUSE_MS,
      () => apiRequest(orderPath(orderId), orderSchema, signal ? { signal } : {}),
      { signal },
    ),
  scratch: (cardId: string) =>
    apiRequest(
      `/api/v1/cards/${encodeURIComponent(cardId)}/scratch`,
      () => schemas().then((m) => m.scratchCardResponseSchema),
      {
        method: 'PUT',
        body: { scratch: true },
      },
    ),
  feedback: (orderId: string, body: OrderFeedbackRequest) =>
    apiRequest(
      `${orderPath(orderId)}/feedback`,
      () => schemas().then((m) => m.orderFeedbackResponseSchema),
      {
        method: 'POST',
        body,
      },
    ),
  /** The codes e-mail again, to the order's address or to a new one (ADR 0050); answers the order. */
  resendCodes: (orderId: string, body: ResendCodesRequest) =>
    apiRequest(`${orderPath(orderId)}/codes/resend`, orderSchema, {
      method: 'POST',
      body,
    }),
  invoice: (orderId: string) => apiDownload(`${orderPath(orderId)}/invoice`),
  cards: (orderId: string, format: CardListFormat) =>
    apiDownload(`${orderPath(orderId)}/cards?format=${format}`),
};

const orderKeys = {
  all: ['orders'] as const,
  list: (page: number, status: OrderDisplayStatus | null) =>
    ['orders', 'list', page, status ?? 'all', currentLanguage()] as const,
  detail: (orderId: string) => ['orders', 'detail', orderId, currentLanguage()] as const,
};

export function useOrderList(page: number, status: OrderDisplayStatus | null) {
  return useQuery({
    queryKey: orderKeys.list(page, status),
    queryFn: ({ signal }) => ordersApi.list({ page, status }, signal),
    staleTime: ORDER_CACHE_MS,
    // A failed call is paused 10 s rather than retried at once (withCooldown).
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** An order still on its way (paid, being delivered) is checked again every 3 s. */
export const isOrderInProgress = (order: Order) =>
  order.status === 'processing' || (order.status === 'pending' && order.paymentStatus === 'paid');

/** How an order is read: one queryFn for every observer of its key (see useCachedOrder). */
const orderQuery = (orderId: string) => ({
  queryKey: orderKeys.detail(orderId),
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await ordersApi.get(orderId, signal)).data,
  staleTime: ORDER_CACHE_MS,
});

/**
 * The order as last loaded by useOrder (null before): read only, it never asks the server itself.
 * Disabled, not `skipToken`: an invalidation refetches with the queryFn the last observer gave
 * the query, and a skipToken observer left there made the order page's refresh after a cancel
 * fail ("Missing queryFn"), so it kept showing "waiting for payment" (lost-qr.spec, CI).
 */
export function useCachedOrder(orderId: string): Order | null {
  return useQuery({ ...orderQuery(orderId), enabled: false }).data ?? null;
}

export function useOrder(orderId: string) {
  return useQuery({
    ...orderQuery(orderId),
    retry: false,
    refetchInterval: (query) => {
      const order = query.state.data;
      return order && isOrderInProgress(order) ? ORDER_PROGRESS_POLL_MS : false;
    },
  });
}

/** After a change on the server (scratch, feedback, invoice) the cached answers are stale. */
export function useInvalidateOrders() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: orderKeys.all }).then(() => undefined);
}
