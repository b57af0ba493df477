import type { SandboxPayRequest } from '@shop/contracts/payments';
import { apiRequest } from '../../../lib/api-client.ts';

const orderPath = (orderId: string) => `/api/v1/orders/${encodeURIComponent(orderId)}`;

// The schemas arrive with the first payment call: the orders page's Pay Now button starts
// without the schema library (issue 29).
const schemas = () => import('@shop/contracts/payments');

/** Payment calls on an order (shopping spec §7 "Orders") and the sandbox bank. */
export const paymentApi = {
  status: (orderId: string, signal?: AbortSignal) =>
    apiRequest(
      `${orderPath(orderId)}/payment-status`,
      () => schemas().then((m) => m.paymentStatusResponseSchema),
      signal ? { signal } : {},
    ),
  cancel: (orderId: string) =>
    apiRequest(
      `${orderPath(orderId)}/cancel-payment`,
      () => schemas().then((m) => m.cancelPaymentResponseSchema),
      { method: 'PUT' },
    ),
  regenerateQr: (orderId: string) =>
    apiRequest(
      `${orderPath(orderId)}/regenerate-qr`,
      () => schemas().then((m) => m.regenerateQrResponseSchema),
      { method: 'PUT' },
    ),
  sandboxPay: (body: SandboxPayRequest) =>
    apiRequest(
      '/api/v1/sandbox/bank/pay',
      () => schemas().then((m) => m.sandboxPayResponseSchema),
      { method: 'POST', body, auth: false },
    ),
};
