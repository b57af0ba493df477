import { checkoutMessages, type PaymentSession } from '@shop/contracts/checkout';
import type { Language } from '@shop/contracts/i18n';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { orderRecords, randomBase32, type OrderRow } from '../orders/orders.service.ts';
import { afterPaid } from './apply-callback.ts';
import { createPaymentsRepo } from './payments.repo.ts';
import {
  ABANDONED_ORDER_MS,
  FULFIL_ORDER_JOB,
  notFound,
  type PaymentsContext,
} from './payments-context.ts';
import { sessionOf } from './session-view.ts';
import { holdStock } from './stock-holds.ts';

/**
 * Payment by points: `redeem` debits the ledger in this transaction (or throws, changing
 * nothing); the order is then paid and its fulfilment job written, as the webhook does.
 */
export async function payWithPoints(
  ctx: PaymentsContext,
  orderId: string,
  lang: Language,
  redeem: (tx: Db, order: OrderRow) => Promise<void>,
): Promise<PaymentSession> {
  const session_ = await ctx.transaction(async (tx) => {
    const txOrders = orderRecords(tx);
    const txPayments = createPaymentsRepo(tx);
    const order = await txOrders.lockOrder(orderId);
    if (!order) throw notFound(lang);
    if (order.status !== 'pending' || order.paymentStatus === 'cancelled')
      throw new AppError('CONFLICT', checkoutMessages.notAwaitingPayment[lang]);
    const now = ctx.clock();
    const items = await holdStock(
      ctx,
      tx,
      order,
      new Date(now.getTime() + ABANDONED_ORDER_MS),
      lang,
    );
    await redeem(tx, order);
    await txPayments.endPending(order.id, 'cancelled');
    const payment = await txPayments.insertPayment({
      orderId: order.id,
      provider: 'points',
      method: 'points',
      reference: `PTS${randomBase32(17)}`,
      amountMmk: order.totalMmk,
      status: 'paid',
      payload: '',
      expiresAt: now,
      paidAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const updated = await txOrders.updateOrder(order.id, {
      status: 'processing',
      paymentStatus: 'paid',
      paymentMethod: 'points',
      paidAt: now,
    });
    await enqueueJob(tx, {
      type: FULFIL_ORDER_JOB,
      dedupeKey: `${FULFIL_ORDER_JOB}:${order.id}`,
      payload: { orderId: order.id },
    });
    return { session: sessionOf(ctx, updated, payment, items), userId: order.userId };
  });
  await afterPaid(ctx, { userId: session_.userId, orderId });
  return session_.session;
}
