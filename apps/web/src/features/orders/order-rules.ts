import {
  isCardKind,
  isPaidStatus,
  orderDisplayStatus,
  type OrderDisplayStatus,
} from '@shop/contracts/order-status';
import type { Order, OrderDetailItem } from '@shop/contracts/orders';

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
  if (redirect === 'success') return !isPaid(order);
  if (redirect === 'failed') return order.status !== 'failed' && order.paymentStatus !== 'failed';
  return false;
}

/**
 * An order still waiting for money whose last payment was refused or expired can be paid again
 * with a new QR (ADR 0017: a refusal does not end the order). Points payments need no QR.
 */
export const canPayAgain = (order: Order) =>
  order.status === 'pending' &&
  (order.paymentStatus === 'failed' || order.paymentStatus === 'expired') &&
  order.paymentMethod !== 'points';

/**
 * An order that still waits for its money (not paid, not cancelled, not ended): the order list
 * offers "Pay now" (a fresh QR) instead of "Buy again" (ADR 0022). Points pay at checkout.
 */
export const canPayNow = (order: Order) =>
  order.status === 'pending' &&
  (order.paymentStatus === 'pending' ||
    order.paymentStatus === 'failed' ||
    order.paymentStatus === 'expired') &&
  order.paymentMethod !== 'points';

/**
 * How the order is shown (ADR 0051): a failed order some of whose lines arrived is "Partly
 * delivered", one whose top-up is still being checked with the operator is not "Failed".
 */
export const shownStatus = (order: Pick<Order, 'status' | 'items'>): OrderDisplayStatus =>
  orderDisplayStatus(order.status, order.items);

/**
 * Completed orders, and the delivered part of partly delivered ones (ADR 0051), give an invoice
 * and the card list (spec §4 "Order statuses").
 */
export const hasInvoice = (order: Order) =>
  order.status === 'completed' || shownStatus(order) === 'partly_delivered';

/** The heading of a paid order's outcome: wholly or partly not delivered, or still being checked. */
export function outcomeTitleKey(order: Order) {
  const status = shownStatus(order);
  if (status === 'checking') return 'orders.refund.titleChecking';
  return status === 'partly_delivered' || order.refund?.partial
    ? 'orders.refund.titlePart'
    : 'orders.refund.titleWhole';
}

/**
 * Which lines go back into the cart on "Buy again", with the recipient number of top-ups. A line
 * that paid someone's "Top me up" request is not bought again: its number is the requester's, only
 * shown masked (ADR 0080); their next request is a new link.
 */
export function buyAgainLines(order: Order) {
  return order.items
    .filter((item) => !item.recipientMasked)
    .map((item) => ({
      productId: item.productId,
      quantity: item.quantity,
      phoneNumber: item.phoneNumber ?? undefined,
    }));
}

/** The money was taken (the contracts' one definition of "paid"). */
export const isPaid = (order: Pick<Order, 'paymentStatus'>) => isPaidStatus(order.paymentStatus);

/**
 * A top-up or data line that failed: "Try another number" puts it back in the cart. Not while the
 * operator is being asked whether it arrived (it may have).
 */
export const canTryAnotherNumber = (item: OrderDetailItem) =>
  item.status === 'failed' && !item.toCheck && (item.type === 'topup' || item.type === 'data');

/**
 * The order page says where the codes go (issue 26, ADR 0050): an order with card lines whose
 * cards were delivered, or are still to come (waiting for payment, being delivered).
 */
export const showsCodesEmail = (order: Order) =>
  order.email !== null &&
  order.items.some((item) => isCardKind(item.type)) &&
  (order.items.some((item) => item.cards.length > 0) ||
    order.status === 'pending' ||
    order.status === 'processing');
