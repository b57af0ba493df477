import {
  cancelPaymentResponseSchema,
  paymentStatusResponseSchema,
  regenerateQrResponseSchema,
  sandboxPayResponseSchema,
  type SandboxPayRequest,
} from '@shop/contracts/payments';
import { apiRequest } from '../../../lib/api-client.ts';

const orderPath = (orderId: string) => `/api/v1/orders/${encodeURIComponent(orderId)}`;

/** Payment calls on an order (shopping spec §7 "Orders") and the sandbox bank. */
export const paymentApi = {
  status: (orderId: string, signal?: AbortSignal) =>
    apiRequest(
      `${orderPath(orderId)}/payment-status`,
      paymentStatusResponseSchema,
      signal ? { signal } : {},
    ),
  cancel: (orderId: string) =>
    apiRequest(`${orderPath(orderId)}/cancel-payment`, cancelPaymentResponseSchema, {
      method: 'PUT',
    }),
  regenerateQr: (orderId: string) =>
    apiRequest(`${orderPath(orderId)}/regenerate-qr`, regenerateQrResponseSchema, {
      method: 'PUT',
    }),
  sandboxPay: (body: SandboxPayRequest) =>
    apiRequest('/api/v1/sandbox/bank/pay', sandboxPayResponseSchema, {
      method: 'POST',
      body,
      auth: false,
    }),
};
