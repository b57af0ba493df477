import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { AuthGuard } from '../../platform/auth.ts';
import type { Database } from '../../platform/db.ts';
import { createOrdersService } from '../orders/orders.service.ts';
import { checkoutRoutes } from './checkout.routes.ts';
import { createCheckoutService, type CheckoutDeps } from './checkout.service.ts';

/**
 * Checkout (issue 5): the cart becomes an order with its card hold, promo code and points, and its
 * first payment opens with the acquirer that collects the chosen method.
 */
export async function registerCheckoutModule(
  app: FastifyInstance,
  deps: Pick<
    CheckoutDeps,
    | 'cart'
    | 'payments'
    | 'methodsAvailable'
    | 'accountEmail'
    | 'accountBlocked'
    | 'loyalty'
    | 'promotions'
    | 'clock'
  > & { config: Config; database: Database; guard: AuthGuard },
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
