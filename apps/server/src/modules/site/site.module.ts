import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.ts';
import type { Database } from '../../platform/db.ts';
import { pingRedis } from '../../platform/redis.ts';
import { createClaimsService } from './claims.service.ts';
import { createContactRepo } from './contact.repo.ts';
import { contactRoutes } from './contact.routes.ts';
import { createContactService } from './contact.service.ts';
import { createFestivalsService, type FestivalsService } from './festivals.service.ts';
import { healthRoutes } from './health.routes.ts';
import { siteExtrasRoutes } from './site-extras.routes.ts';

export interface SiteModule {
  /** The festival windows (the owner's, else FESTIVAL_DATES), for the back-office. */
  festivals: FestivalsService;
}

/**
 * The shop's own pages' data: /healthz and /readyz, the call-centre contact, the festival windows,
 * the owner's claims on Home and the analytics events.
 */
export async function registerSiteModule(
  app: FastifyInstance,
  deps: { config: Config; database: Database; redis: Redis | null },
): Promise<SiteModule> {
  const { database, redis } = deps;
  const contactRepo = createContactRepo(database.db);
  const festivals = createFestivalsService({
    repo: contactRepo,
    configured: deps.config.festivals,
  });
  await app.register(
    healthRoutes({ database: () => database.ping(), redis: redis ? () => pingRedis(redis) : null }),
  );
  await app.register(contactRoutes(createContactService(contactRepo)));
  await app.register(
    siteExtrasRoutes({ db: database.db, festivals, claims: createClaimsService(contactRepo) }),
  );
  return { festivals };
}
