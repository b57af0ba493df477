import {
  cartResponseSchema,
  removeUnavailableResponseSchema,
  type CartAddRequest,
  type CartUpdateRequest,
} from '@shop/contracts/cart';
import { apiRequest } from '../../../lib/api-client.ts';
import { getGuestId } from '../../../lib/guest-session.ts';

/** The cart calls of shopping spec §7 "Cart"; every answer carries the cart after the change. */
export const cartApi = {
  /**
   * Sends the guest id beside the bearer token too: the server then merges the guest cart into
   * the user's cart (the reload after signing in keeps what the guest collected).
   */
  get: () => apiRequest('/api/v1/cart', cartResponseSchema, { headers: { gid: getGuestId() } }),
  add: (body: CartAddRequest) =>
    apiRequest('/api/v1/cart/add', cartResponseSchema, { method: 'POST', body }),
  update: (body: CartUpdateRequest) =>
    apiRequest('/api/v1/cart/update', cartResponseSchema, { method: 'PUT', body }),
  /** One line of the product (a top-up is one line per recipient). */
  remove: (productId: string, lineId: string) =>
    apiRequest(
      `/api/v1/cart/remove/${encodeURIComponent(productId)}?lineId=${encodeURIComponent(lineId)}`,
      cartResponseSchema,
      { method: 'DELETE' },
    ),
  clear: () => apiRequest('/api/v1/cart/clear', cartResponseSchema, { method: 'DELETE' }),
  removeUnavailable: () =>
    apiRequest('/api/v1/cart/remove-unavailable', removeUnavailableResponseSchema, {
      method: 'POST',
      body: {},
    }),
};
