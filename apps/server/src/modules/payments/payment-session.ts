import {
  checkoutMessages,
  type PaymentSession,
  type PaymentStatus,
  type OrderStatus,
} from '@shop/contracts/checkout';
import type { Language } from '@shop/contracts/i18n';
import { isUuid } from '@shop/contracts/ids';
import { isPaidStatus } from '@shop/contracts/order-status';
import { AppError } from '../../platform/errors.ts';
import { orderRecords, type OrderRow } from '../orders/orders.service.ts';
import type { EndedPayment, PayableMethod } from './acquirer.ts';
import { closeAtAcquirer } from './acquirer-calls.ts';
import { createPaymentsRepo } from './payments.repo.ts';
import { notFound, type PaymentsContext } from './payments-context.ts';
import { sessionOf } from './session-view.ts';
import { startPayment } from './start-payment.ts';
import { cancelLocked, expireDue, released } from './stock-holds.ts';

async function ownedOrder(
  ctx: PaymentsContext,
  userId: string,
  orderId: string,
  lang: Language,
): Promise<OrderRow> {
  if (!isUuid(orderId)) throw notFound(lang);
  const found = await ctx.orders.findOrder(orderId);
  // Another customer's order is "not found": its existence is not revealed.
  if (!found || found.order.userId !== userId) throw notFound(lang);
  return found.order;
}

/** The open payment of this method if one is still payable (a repeated complete reuses it). */
export async function openSession(
  ctx: PaymentsContext,
  orderId: string,
  method: PayableMethod,
): Promise<PaymentSession | null> {
  await expireDue(ctx, orderId);
  const payments = createPaymentsRepo(ctx.deps.db);
  const latest = await payments.latestForOrder(orderId);
  const found = await ctx.orders.findOrder(orderId);
  if (!latest || !found || latest.status !== 'pending' || latest.method !== method) return null;
  if (found.order.status !== 'pending') return null;
  return sessionOf(ctx, found.order, latest, found.items);
}

export async function paymentStatus(
  ctx: PaymentsContext,
  userId: string,
  orderId: string,
  lang: Language,
) {
  await ownedOrder(ctx, userId, orderId, lang);
  await expireDue(ctx, orderId);
  const order = await ownedOrder(ctx, userId, orderId, lang);
  const latest = await createPaymentsRepo(ctx.deps.db).latestForOrder(orderId);
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    paymentStatus: order.paymentStatus,
    status: order.status,
    paymentMethod: order.paymentMethod,
    amount: order.totalMmk,
    expiresAt: latest?.status === 'pending' ? latest.expiresAt.toISOString() : null,
  };
}

/** Pay Again: a new QR (or A+/transfer request) for a pending order. */
export async function regenerate(
  ctx: PaymentsContext,
  userId: string,
  orderId: string,
  lang: Language,
): Promise<PaymentSession> {
  const order = await ownedOrder(ctx, userId, orderId, lang);
  const method = order.paymentMethod ?? 'mmqr';
  if (method === 'points')
    throw new AppError('VALIDATION_ERROR', checkoutMessages.paymentMethodUnavailable[lang]);
  return startPayment(ctx, order.id, method, lang);
}

export async function cancel(
  ctx: PaymentsContext,
  userId: string,
  orderId: string,
  lang: Language,
): Promise<{ orderId: string; status: OrderStatus; paymentStatus: PaymentStatus }> {
  await ownedOrder(ctx, userId, orderId, lang);
  let freed = 0;
  let ended: EndedPayment[] = [];
  const answer = await ctx.transaction(async (tx) => {
    const txOrders = orderRecords(tx);
    const order = await txOrders.lockOrder(orderId);
    if (!order) throw notFound(lang);
    if (order.status === 'cancelled')
      return { orderId, status: order.status, paymentStatus: order.paymentStatus };
    if (
      isPaidStatus(order.paymentStatus) ||
      order.status === 'processing' ||
      order.status === 'completed'
    )
      throw new AppError('CONFLICT', checkoutMessages.alreadyPaid[lang]);
    if (order.status !== 'pending')
      throw new AppError('CONFLICT', checkoutMessages.notAwaitingPayment[lang]);
    const cancelled = await cancelLocked(ctx, tx, [order.id]);
    freed = cancelled.freed;
    ended = cancelled.ended;
    const updated = await txOrders.findOrder(order.id);
    if (!updated) throw notFound(lang);
    return {
      orderId,
      status: updated.order.status,
      paymentStatus: updated.order.paymentStatus,
    };
  });
  closeAtAcquirer(ctx, ended);
  await released(ctx, freed);
  return answer;
}
