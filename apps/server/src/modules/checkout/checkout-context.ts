import { authTexts } from '@shop/contracts/auth-rules';
import { checkoutMessages } from '@shop/contracts/checkout';
import type { Language } from '@shop/contracts/i18n';
import { isUuid } from '@shop/contracts/ids';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { CardHoldLimits } from '../../config.ts';
import type { CartService } from '../cart/cart.service.ts';
import type { LoyaltyService } from '../loyalty/loyalty.service.ts';
import type { OrderRow, OrdersService } from '../orders/orders.service.ts';
import type { PayableMethod } from '../payments/acquirer.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { PromotionsService } from '../promotions/promotions.service.ts';

/** What checkout is built from (createCheckoutService's argument). */
export interface CheckoutDeps {
  cart: CartService;
  orders: OrdersService;
  payments: PaymentsService;
  /** The methods the configured acquirer collects (none: no acquirer, nothing can be paid). */
  methodsAvailable: readonly PayableMethod[];
  /** The account's email: where codes go when checkout names no other address. */
  accountEmail: (userId: string) => Promise<string>;
  /** Whether the shop blocked the account (issue 17): a blocked account cannot buy. */
  accountBlocked: (userId: string) => Promise<boolean>;
  loyalty: LoyaltyService;
  promotions: PromotionsService;
  db: Db;
  clock: Clock;
  /** Bounds on the cards unpaid orders hold (ADR 0043). */
  cardHolds: CardHoldLimits;
  /** Checkout held a product's last free cards: the cached catalogue must show it out of stock. */
  stockChanged?: () => Promise<void>;
}

/**
 * What every checkout use case works with (issue 30): its deps and the services it calls. Built
 * once by createCheckoutService.
 */
export interface CheckoutContext {
  deps: CheckoutDeps;
  cart: CartService;
  orders: OrdersService;
  payments: PaymentsService;
  loyalty: LoyaltyService;
  promotions: PromotionsService;
}

export function createCheckoutContext(deps: CheckoutDeps): CheckoutContext {
  const { cart, orders, payments, loyalty, promotions } = deps;
  return { deps, cart, orders, payments, loyalty, promotions };
}

export function requireUser(userId: string | null, lang: Language): string {
  if (!userId) throw new AppError('UNAUTHORIZED', checkoutMessages.userNotAuthenticated[lang]);
  return userId;
}

/**
 * A blocked account cannot buy (issue 17). Its access tokens are refused already; this holds
 * for a request that passed that check just before the block.
 */
export async function requireBuyer(
  ctx: CheckoutContext,
  userId: string | null,
  lang: Language,
): Promise<string> {
  const user = requireUser(userId, lang);
  if (await ctx.deps.accountBlocked(user))
    throw new AppError('FORBIDDEN', authTexts.accountBlocked[lang]);
  return user;
}

export async function ownedPendingOrder(
  ctx: CheckoutContext,
  userId: string,
  orderId: string,
  lang: Language,
): Promise<OrderRow> {
  const found = isUuid(orderId) ? await ctx.orders.findOrder(orderId) : null;
  if (!found || found.order.userId !== userId)
    throw new AppError('NOT_FOUND', checkoutMessages.orderNotFound[lang]);
  const { order } = found;
  if (order.status !== 'pending' || order.paymentStatus === 'cancelled')
    throw new AppError('CONFLICT', checkoutMessages.notAwaitingPayment[lang]);
  return order;
}
