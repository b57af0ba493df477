import {
  checkoutMessages,
  type PaymentMethodId,
  type PaymentSession,
} from '@shop/contracts/checkout';
import type { Language } from '@shop/contracts/i18n';
import { AppError } from '../../platform/errors.ts';
import { ownedPendingOrder, requireBuyer, type CheckoutContext } from './checkout-context.ts';
import { checkMethod } from './payment-methods.ts';

/**
 * Starts paying (MM QR, A+ or direct transfer; a repeated call returns the open payment), or
 * pays at once by points.
 */
export async function complete(
  ctx: CheckoutContext,
  userId: string | null,
  sessionId: string,
  requested: PaymentMethodId | undefined,
  lang: Language,
): Promise<PaymentSession> {
  const { payments, loyalty } = ctx;
  const user = await requireBuyer(ctx, userId, lang);
  const order = await ownedPendingOrder(ctx, user, sessionId, lang);
  const chosen = requested ?? order.paymentMethod;
  if (!chosen) throw new AppError('VALIDATION_ERROR', checkoutMessages.choosePaymentMethod[lang]);
  const method = await checkMethod(ctx, user, chosen, order.totalMmk, lang);
  if (method === 'points')
    return payments.payWithPoints(order.id, lang, (tx, locked) =>
      loyalty.redeemForOrder(
        tx,
        { userId: user, orderId: locked.id, points: loyalty.pointsNeededFor(locked.totalMmk) },
        lang,
      ),
    );
  const open = await payments.openSession(order.id, method);
  if (open) return open;
  return payments.startPayment(order.id, method, lang);
}
