import type { Order } from '@shop/contracts/orders';

/** The outcome the payment redirect put in the URL (`/orders/{id}?status=success|failed`). */
export type RedirectStatus = 'success' | 'failed';

export function readRedirectStatus(search: string): RedirectStatus | null {
  const status = new URLSearchParams(search).get('status');
  return status === 'success' || status === 'failed' ? status : null;
}

/**
 * Spec §4 "Payment QR modal": a success URL with a non-success order, or a failed URL with a
 * different order status, is a 'Payment Status Mismatch' — the customer is told to contact support.
 * Success means the order was paid (then it is being delivered, delivered, or failed in delivery
 * and refunded); failed means the order ended failed or its payment did not go through.
 */
export function paymentStatusMismatch(redirect: RedirectStatus | null, order: Order): boolean {
  if (redirect === 'success') return order.paymentStatus !== 'paid';
  if (redirect === 'failed') return order.status !== 'failed' && order.paymentStatus !== 'failed';
  return false;
}

/** Only completed orders give codes to scratch and an invoice (spec §4 "Order statuses"). */
export const hasInvoice = (order: Order) => order.status === 'completed';

/** Which lines go back into the cart on "Buy again", with the recipient number of top-ups. */
export function buyAgainLines(order: Order) {
  return order.items.map((item) => ({
    productId: item.productId,
    quantity: item.quantity,
    phoneNumber: item.phoneNumber ?? undefined,
  }));
}
