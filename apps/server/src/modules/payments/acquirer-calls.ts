import { checkoutMessages } from '@shop/contracts/checkout';
import type { Language } from '@shop/contracts/i18n';
import type { WebhookEvent } from '@shop/contracts/payments';
import { AppError } from '../../platform/errors.ts';
import { holdUntil } from '../orders/card-holds.ts';
import { randomBase32 } from '../orders/orders.service.ts';
import { AcquirerError, type Acquirer, type EndedPayment, type PayableMethod } from './acquirer.ts';
import { createPaymentsRepo, type PaymentRow } from './payments.repo.ts';
import { notFound, type PaymentsContext } from './payments-context.ts';

/** The acquirer that collects `method`: the first PAYMENT_PROVIDER names (ADR 0059). */
export function acquirerFor(ctx: PaymentsContext, method: PayableMethod, lang: Language): Acquirer {
  const acquirer = ctx.deps.acquirers.find((a) => a.methods.includes(method));
  if (!acquirer)
    throw new AppError('SERVICE_UNAVAILABLE', checkoutMessages.providerUnavailable[lang]);
  return acquirer;
}

/**
 * The acquirer's payment for an order, created before the order is locked: the call may take
 * seconds and no transaction or lock waits on it. A failure or a timeout is a clean 503.
 */
export async function createAtAcquirer(
  ctx: PaymentsContext,
  acquirer: Acquirer,
  orderId: string,
  method: PayableMethod,
  lang: Language,
) {
  const order = await ctx.orders.findOrder(orderId);
  if (!order) throw notFound(lang);
  if (order.order.status !== 'pending' || order.order.paymentStatus === 'cancelled')
    throw new AppError('CONFLICT', checkoutMessages.notAwaitingPayment[lang]);
  const now = ctx.clock();
  const expiresAt = holdUntil(order.order.holdStartedAt, now, ctx.deps.cardHolds);
  const reference = `P${randomBase32(19)}`;
  try {
    const instruction = await acquirer.createPayment({
      method,
      reference,
      orderNumber: order.order.orderNumber,
      amountMmk: order.order.totalMmk,
      now,
      expiresAt,
    });
    return { reference, expiresAt, amountMmk: order.order.totalMmk, instruction };
  } catch (err) {
    if (!(err instanceof AcquirerError)) throw err;
    ctx.deps.log.warn(
      { provider: acquirer.name, orderId, err: err.message, ...err.details },
      'acquirer could not create the payment',
    );
    throw new AppError('SERVICE_UNAVAILABLE', checkoutMessages.providerUnavailable[lang]);
  }
}

/**
 * Closes payments at the acquirer after the shop ended them, in the background: the customer's
 * answer does not wait on the provider, and a failure is only logged.
 */
export function closeAtAcquirer(ctx: PaymentsContext, ended: readonly EndedPayment[]): void {
  for (const { provider, reference } of ended) {
    const acquirer = ctx.deps.acquirers.find((a) => a.name === provider);
    if (!acquirer?.cancelPayment) continue;
    void acquirer.cancelPayment(reference).catch((err: unknown) => {
      ctx.deps.log.warn(
        { provider, reference, err: err instanceof Error ? err.message : err },
        'acquirer could not close a payment (paid anyway, it is flagged for refund)',
      );
    });
  }
}

/** The provider's event for a payment, or null (no news, or the provider did not answer). */
export async function queryEvent(
  ctx: PaymentsContext,
  acquirer: Acquirer,
  payment: Pick<PaymentRow, 'reference' | 'amountMmk' | 'createdAt'>,
): Promise<WebhookEvent | null> {
  if (!acquirer.queryPayment) return null;
  try {
    return (await acquirer.queryPayment(payment)).event;
  } catch (err) {
    ctx.deps.log.warn(
      {
        provider: acquirer.name,
        reference: payment.reference,
        err: err instanceof Error ? err.message : err,
      },
      'acquirer status query failed (asked again at the next sweep)',
    );
    return null;
  }
}

/** A callback that proves nothing (A+): only the provider's own status may pay. */
export async function confirmByQuery(
  ctx: PaymentsContext,
  acquirer: Acquirer,
  reference: string,
): Promise<WebhookEvent | null> {
  const payment = await createPaymentsRepo(ctx.deps.db).findByReference(acquirer.name, reference);
  return payment ? queryEvent(ctx, acquirer, payment) : null;
}
