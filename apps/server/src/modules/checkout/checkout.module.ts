import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { AuthGuard } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import type { CartService } from '../cart/cart.service.ts';
import type { LoyaltyService } from '../loyalty/loyalty.service.ts';
import { createOrdersService } from '../orders/orders.service.ts';
import type { PayableMethod } from '../payments/acquirer.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { PromotionsService } from '../promotions/promotions.service.ts';
import { checkoutRoutes } from './checkout.routes.ts';
import { createCheckoutService } from './checkout.service.ts';

/**
 * Checkout (issue 5): the cart becomes an order with its card hold, promo code and points, and its
 * first payment opens with the acquirer that collects the chosen method.
 */
export async function registerCheckoutModule(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    clock: Clock;
    guard: AuthGuard;
    cart: CartService;
    payments: PaymentsService;
    /** The methods the configured acquirers collect. */
    methodsAvailable: readonly PayableMethod[];
    /** The account's email (codes go there unless checkout names another address). */
    accountEmail: (userId: string) => Promise<string>;
    /** Whether the shop blocked the account (issue 17). */
    accountBlocked: (userId: string) => Promise<boolean>;
    loyalty: LoyaltyService;
    promotions: PromotionsService;
  },
): Promise<void> {
  const { database, clock } = deps;
  const checkout = createCheckoutService({
    cart: deps.cart,
    orders: createOrdersService(database.db, clock),
    payments: deps.payments,
    methodsAvailable: deps.methodsAvailable,
    accountEmail: deps.accountEmail,
    accountBlocked: deps.accountBlocked,
    loyalty: deps.loyalty,
    promotions: deps.promotions,
    cardHolds: deps.config.cardHolds,
    db: database.db,
    clock,
    stockChanged: () => app.catalogueChanged(),
  });
  await app.register(checkoutRoutes(checkout, deps.guard));
}
