import {
  checkoutMessages,
  MMQR_MINIMUM_MMK,
  type PaymentMethod,
  type PaymentMethodId,
} from '@shop/contracts/checkout';
import type { Language, LocalizedText } from '@shop/contracts/i18n';
import { formatNumber } from '@shop/contracts/languages';
import { AppError } from '../../platform/errors.ts';
import type { PayableMethod } from '../payments/acquirer.ts';
import {
  ownedPendingOrder,
  requireBuyer,
  requireUser,
  type CheckoutContext,
} from './checkout-context.ts';

// The payment methods checkout offers (for an amount or an order) and the check of the one chosen.

const methodNames: Record<PaymentMethodId, LocalizedText> = {
  mmqr: { en: 'MM QR payment', my: 'MM QR ငွေပေးချေမှု' },
  aplus: { en: 'A+ wallet', my: 'A+ ပိုက်ဆံအိတ်' },
  direct: { en: 'Direct online transfer', my: 'အွန်လိုင်း တိုက်ရိုက်ငွေလွှဲ' },
  points: { en: 'Points payment', my: 'ပွိုင့်ဖြင့် ငွေပေးချေမှု' },
};

/** Why points cannot pay `amount` for this caller now, or null when they can. */
async function pointsBlocked(
  ctx: CheckoutContext,
  userId: string | null,
  amount: number | null,
  lang: Language,
): Promise<string | null> {
  const { loyalty } = ctx;
  if (!userId) return checkoutMessages.userNotAuthenticated[lang];
  if (amount === null) return null;
  const needed = loyalty.pointsNeededFor(amount);
  const { pointsBalance } = await loyalty.membership(userId);
  return pointsBalance >= needed
    ? null
    : checkoutMessages.insufficientPoints[lang]
        .replace('{needed}', formatNumber(needed, lang))
        .replace('{balance}', formatNumber(pointsBalance, lang));
}

function methods(
  ctx: CheckoutContext,
  amount: number | null,
  pointsMessage: string | null,
  lang: Language,
): PaymentMethod[] {
  const { deps } = ctx;
  // A method the configured acquirer does not collect is shown, off, with the reason.
  const unavailable = (id: PayableMethod) =>
    deps.methodsAvailable.length === 0
      ? checkoutMessages.providerUnavailable[lang]
      : deps.methodsAvailable.includes(id)
        ? null
        : checkoutMessages.paymentMethodUnavailable[lang];
  const entry = (id: PaymentMethodId, blocked: string | null, minAmount: number | null = null) => ({
    id,
    name: methodNames[id][lang],
    _nameMultilingual: methodNames[id],
    isEnabled: blocked === null,
    minAmount,
    message: blocked,
  });
  const belowMinimum =
    amount !== null && amount < MMQR_MINIMUM_MMK ? checkoutMessages.mmqrMinimum[lang] : null;
  return [
    entry('mmqr', unavailable('mmqr') ?? belowMinimum, MMQR_MINIMUM_MMK),
    entry('aplus', unavailable('aplus')),
    entry('direct', unavailable('direct')),
    entry('points', pointsMessage),
  ];
}

export async function checkMethod(
  ctx: CheckoutContext,
  userId: string,
  method: PaymentMethodId,
  total: number,
  lang: Language,
): Promise<PaymentMethodId> {
  const { deps } = ctx;
  if (method === 'points') {
    const blocked = await pointsBlocked(ctx, userId, total, lang);
    if (blocked) throw new AppError('CONFLICT', blocked);
    return method;
  }
  if (deps.methodsAvailable.length === 0)
    throw new AppError('SERVICE_UNAVAILABLE', checkoutMessages.providerUnavailable[lang]);
  if (!deps.methodsAvailable.includes(method))
    throw new AppError('VALIDATION_ERROR', checkoutMessages.paymentMethodUnavailable[lang]);
  if (method === 'mmqr' && total < MMQR_MINIMUM_MMK)
    throw new AppError('VALIDATION_ERROR', checkoutMessages.mmqrMinimum[lang]);
  return method;
}

export async function paymentMethodsForAmount(
  ctx: CheckoutContext,
  userId: string | null,
  amount: number | null,
  lang: Language,
): Promise<PaymentMethod[]> {
  return methods(ctx, amount, await pointsBlocked(ctx, userId, amount, lang), lang);
}

export async function paymentMethodsForSession(
  ctx: CheckoutContext,
  userId: string | null,
  sessionId: string,
  lang: Language,
): Promise<PaymentMethod[]> {
  const user = requireUser(userId, lang);
  const order = await ownedPendingOrder(ctx, user, sessionId, lang);
  return methods(ctx, order.totalMmk, await pointsBlocked(ctx, user, order.totalMmk, lang), lang);
}

export async function selectPaymentMethod(
  ctx: CheckoutContext,
  userId: string | null,
  sessionId: string,
  method: PaymentMethodId,
  lang: Language,
): Promise<{ orderId: string; paymentMethod: PaymentMethodId; amount: number }> {
  const user = await requireBuyer(ctx, userId, lang);
  const order = await ownedPendingOrder(ctx, user, sessionId, lang);
  await checkMethod(ctx, user, method, order.totalMmk, lang);
  await ctx.orders.setPaymentMethod(order.id, method);
  return { orderId: order.id, paymentMethod: method, amount: order.totalMmk };
}
