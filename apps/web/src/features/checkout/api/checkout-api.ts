import {
  checkoutInitializeResponseSchema,
  paymentMethodSelectedResponseSchema,
  paymentMethodsResponseSchema,
  paymentSessionResponseSchema,
  type PaymentMethodId,
} from '@shop/contracts/checkout';
import { apiRequest } from '../../../lib/api-client.ts';
import { withCooldown } from '../../../lib/fetch-cooldown.ts';

/** Shopping spec §9: payment methods are cached 30 s, and the call paused 10 s after an error. */
export const PAYMENT_METHODS_CACHE_MS = 30_000;
const PAYMENT_METHODS_ERROR_PAUSE_MS = 10_000;

/** The checkout calls of shopping spec §7 "Checkout". A checkout session is the pending order. */
export const checkoutApi = {
  /**
   * Built from the server cart with database prices; the server makes one order per cart. With a
   * promo code the answer is the order with its discount, or a 4xx saying why the code cannot be
   * used (ADR 0035). With an e-mail the codes go there (the account's without one); another
   * address keeps the same order (ADR 0050).
   */
  initialize: (promoCode: string | null = null, email: string | null = null) =>
    apiRequest('/api/v1/checkout/initialize', checkoutInitializeResponseSchema, {
      method: 'POST',
      body: { ...(promoCode ? { promoCode } : {}), ...(email ? { email } : {}) },
    }),
  /** Paused 10 s after an error (spec §9); the dialog caches the answer 30 s (PAYMENT_METHODS_CACHE_MS). */
  paymentMethods: (sessionId: string) => {
    const path = `/api/v1/checkout/payment-methods?sessionId=${encodeURIComponent(sessionId)}`;
    return withCooldown(path, PAYMENT_METHODS_ERROR_PAUSE_MS, () =>
      apiRequest(path, paymentMethodsResponseSchema),
    );
  },
  selectPaymentMethod: (sessionId: string, paymentMethod: PaymentMethodId) =>
    apiRequest(
      '/api/v1/checkout/payment-method?isEnabled=true',
      paymentMethodSelectedResponseSchema,
      {
        method: 'POST',
        body: { sessionId, paymentMethod },
      },
    ),
  complete: (sessionId: string, paymentMethod: PaymentMethodId) =>
    apiRequest('/api/v1/checkout/complete', paymentSessionResponseSchema, {
      method: 'POST',
      body: { sessionId, paymentMethod },
    }),
};
