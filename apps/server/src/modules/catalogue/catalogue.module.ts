import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { ResponseCache } from '../../platform/cache.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import type { MediaUrls } from '../../platform/media.ts';
import { createCatalogueCache } from './catalogue-cache.ts';
import { createCatalogueRepo } from './catalogue.repo.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { createCatalogueService, type CatalogueService } from './catalogue.service.ts';
import { createStockRepo } from './stock.repo.ts';

export interface CatalogueModule {
  service: CatalogueService;
  /** The cached answers (also the server-rendered pages' catalogue data). */
  cache: ResponseCache;
  /** Free cards per card product, for the metrics. */
  freeCardsPerProduct: ReturnType<typeof createStockRepo>['freeCardsPerProduct'];
}

/**
 * The catalogue (issue 4): its answers cached as bytes (ADR 0007) — with REDIS_URL every instance
 * drops them on a change — its routes, and `app.catalogueChanged()` for the write paths elsewhere.
 */
export async function registerCatalogueModule(
  app: FastifyInstance,
  deps: { config: Config; database: Database; media: MediaUrls; clock: Clock },
): Promise<CatalogueModule> {
  const cache = createCatalogueCache(deps.config, (err, what) => {
    app.log.warn({ err }, what);
  });
  // Serve only once subscribed to changes (bounded: a Redis failure is logged, not fatal).
  app.addHook('onReady', () => cache.ready());
  app.addHook('onClose', () => cache.close());
  const service = createCatalogueService(createCatalogueRepo(deps.database.db), deps.media, cache);
  app.decorate('catalogueChanged', () => service.catalogueChanged());
  await app.register(catalogueRoutes(service, cache, deps.clock));
  const stock = createStockRepo(deps.database.db);
  return { service, cache, freeCardsPerProduct: () => stock.freeCardsPerProduct() };
}
