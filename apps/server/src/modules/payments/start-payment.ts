import { checkoutMessages, type PaymentSession } from '@shop/contracts/checkout';
import type { Language } from '@shop/contracts/i18n';
import { AppError } from '../../platform/errors.ts';
import { holdDeadline, holdOverError } from '../orders/card-holds.ts';
import { orderRecords } from '../orders/orders.service.ts';
import type { PayableMethod } from './acquirer.ts';
import { acquirerFor, closeAtAcquirer, createAtAcquirer } from './acquirer-calls.ts';
import { createPaymentsRepo } from './payments.repo.ts';
import { notFound, type PaymentsContext } from './payments-context.ts';
import { sessionOf } from './session-view.ts';
import { endOverdue, holdStock, released } from './stock-holds.ts';

/**
 * A new payment for the order (the old open one, if any, is replaced). ADR 0043: its window
 * ends at the hold's deadline at the latest; past the deadline the order ends, its cards are
 * freed and the answer is 409 (check out again).
 */
export async function startPayment(
  ctx: PaymentsContext,
  orderId: string,
  method: PayableMethod,
  lang: Language,
): Promise<PaymentSession> {
  const { deps, clock } = ctx;
  const acquirer = acquirerFor(ctx, method, lang);
  const created = await createAtAcquirer(ctx, acquirer, orderId, method, lang);
  const createdHere = { provider: acquirer.name, reference: created.reference };
  const answer = await ctx
    .transaction(async (tx) => {
      const txOrders = orderRecords(tx);
      const txPayments = createPaymentsRepo(tx);
      // The account's checkout lock before the order's (checkout's lock order): the caps count
      // the account's holds under it.
      const owner = await txOrders.ownerOf(orderId);
      if (!owner) throw notFound(lang);
      await txOrders.lockUserCheckout(owner);
      const order = await txOrders.lockOrder(orderId);
      if (!order) throw notFound(lang);
      if (order.status !== 'pending' || order.paymentStatus === 'cancelled')
        throw new AppError('CONFLICT', checkoutMessages.notAwaitingPayment[lang]);
      const now = clock();
      if (now.getTime() >= holdDeadline(order.holdStartedAt, deps.cardHolds).getTime())
        return { overdue: true as const, freed: await endOverdue(ctx, tx, order) };
      if (order.totalMmk !== created.amountMmk)
        throw new AppError('CONFLICT', checkoutMessages.notAwaitingPayment[lang]);
      // The window the acquirer was given (computed a moment ago, so never past the deadline).
      const { expiresAt } = created;
      // No QR for cards that are gone: the reservation is extended to this payment's end.
      const items = await holdStock(ctx, tx, order, expiresAt, lang, true);
      const replaced = await txPayments.endPending(order.id, 'cancelled');
      const payment = await txPayments.insertPayment({
        orderId: order.id,
        provider: acquirer.name,
        method,
        reference: created.reference,
        amountMmk: created.amountMmk,
        payload: created.instruction.payload,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      });
      const updated = await txOrders.updateOrder(order.id, {
        paymentStatus: 'pending',
        paymentMethod: method,
      });
      return {
        overdue: false as const,
        session: sessionOf(ctx, updated, payment, items),
        replaced,
      };
    })
    .catch((err: unknown) => {
      // The order moved meanwhile (paid, cancelled, sold out): the new payment is not used.
      closeAtAcquirer(ctx, [createdHere]);
      throw err;
    });
  if (!answer.overdue) {
    closeAtAcquirer(ctx, answer.replaced);
    return answer.session;
  }
  closeAtAcquirer(ctx, [createdHere]);
  await released(ctx, answer.freed);
  throw holdOverError(deps.cardHolds, lang);
}
