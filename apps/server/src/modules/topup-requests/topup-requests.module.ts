import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { AuthGuard } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import type { Mailer } from '../../platform/messaging.ts';
import type { CartService, ProductSource } from '../cart/cart.service.ts';
import type { PushService } from '../notifications/push.service.ts';
import { noteScreen } from '../sharing/sharing.module.ts';
import { createTopupRequestsRepo } from './topup-requests.repo.ts';
import { topupRequestsRoutes } from './topup-requests.routes.ts';
import { createTopupRequestsService, type TopupRequestsService } from './topup-requests.service.ts';

/**
 * "Top me up" request links (issue 31, ADR 0080): notes screened as gift-link notes are; the
 * requester told from fulfilment's delivery of the paying line, in a job lane of its own.
 */
export async function registerTopupRequestsModule(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    catalogue: Pick<ProductSource, 'getProducts'>;
    cart: Pick<CartService, 'add'>;
    push: Pick<PushService, 'sendToAccount'>;
    mailer: Mailer;
    accountEmail: (userId: string) => Promise<string | null>;
    guard: AuthGuard;
    clock: Clock;
  },
): Promise<TopupRequestsService> {
  const service = createTopupRequestsService({
    repo: createTopupRequestsRepo(deps.database.db),
    catalogue: deps.catalogue,
    cart: deps.cart,
    screen: noteScreen(deps.config),
    clock: deps.clock,
    publicUrl: deps.config.publicUrl,
    push: deps.push,
    mailer: deps.mailer,
    accountEmail: deps.accountEmail,
    concurrency: deps.config.push.concurrency,
  });
  // The link's page (the app's page at /topmeup/<token>) and its calls: never indexed.
  app.addHook('onRequest', (request, reply, done) => {
    if (/^\/(topmeup|api\/v1\/topup-requests)(\/|\?|$)/i.test(request.url))
      void reply.header('x-robots-tag', 'noindex, nofollow');
    done();
  });
  await app.register(topupRequestsRoutes(service, deps.guard));
  return service;
}
