import {
  checkoutInitializeResponseSchema,
  paymentMethodSelectedResponseSchema,
  paymentMethodsResponseSchema,
  paymentSessionResponseSchema,
  type PaymentMethodId,
} from '@shop/contracts/checkout';
import { apiRequest } from '../../../lib/api-client.ts';

/** The checkout calls of shopping spec §7 "Checkout". A checkout session is the pending order. */
export const checkoutApi = {
  /** Built from the server cart with database prices; the server makes one order per cart. */
  initialize: () =>
    apiRequest('/api/v1/checkout/initialize', checkoutInitializeResponseSchema, {
      method: 'POST',
      body: {},
    }),
  paymentMethods: (sessionId: string) =>
    apiRequest(
      `/api/v1/checkout/payment-methods?sessionId=${encodeURIComponent(sessionId)}`,
      paymentMethodsResponseSchema,
    ),
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
