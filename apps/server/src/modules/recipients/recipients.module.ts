import type { FastifyInstance } from 'fastify';
import type { AuthGuard } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import type { ProductSource } from '../cart/cart.service.ts';
import { recipientOrderRecords } from '../orders/orders.service.ts';
import { createRecipientsRepo } from './recipients.repo.ts';
import { recipientsRoutes } from './recipients.routes.ts';
import { createRecipientsService, type RecipientsService } from './recipients.service.ts';

/** Saved recipients (issue 31): the signed-in customer's numbers, with their usual and last buys. */
export async function registerRecipientsModule(
  app: FastifyInstance,
  deps: {
    database: Database;
    catalogue: Pick<ProductSource, 'getProducts'>;
    guard: AuthGuard;
    clock: Clock;
  },
): Promise<RecipientsService> {
  const service = createRecipientsService({
    repo: createRecipientsRepo(deps.database.db),
    catalogue: deps.catalogue,
    orders: recipientOrderRecords(deps.database.db),
    clock: deps.clock,
  });
  await app.register(recipientsRoutes(service, deps.guard));
  return service;
}
