import type { FastifyInstance } from 'fastify';
import type { AuthGuard } from '../../platform/auth.ts';
import type { Database } from '../../platform/db.ts';
import { runPeriodically } from '../../platform/periodic.ts';
import { createCartRepo } from './cart.repo.ts';
import { cartRoutes } from './cart.routes.ts';
import {
  createCartService,
  GUEST_CART_IDLE_DAYS,
  type CartService,
  type ProductSource,
} from './cart.service.ts';

/** How often guest carts idle for GUEST_CART_IDLE_DAYS are looked for (hourly, on any instance). */
export const CART_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** The cart (issue 5): its routes, and the hourly purge of idle guest carts. */
export async function registerCartModule(
  app: FastifyInstance,
  deps: { database: Database; catalogue: ProductSource; guard: AuthGuard },
): Promise<CartService> {
  const repo = createCartRepo(deps.database.db);
  const cart = createCartService(repo, deps.catalogue);
  await app.register(cartRoutes(cart, deps.guard));
  runPeriodically(app, CART_SWEEP_INTERVAL_MS, 'guest cart purge failed', () =>
    repo.purgeIdleGuestCarts(GUEST_CART_IDLE_DAYS),
  );
  return cart;
}
