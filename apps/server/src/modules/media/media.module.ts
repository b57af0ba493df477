import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { createMediaRepo } from './media.repo.ts';
import { mediaRoutes } from './media.routes.ts';
import { createMediaService, type MediaService } from './media.service.ts';

/**
 * The shop's images: those uploaded through the back-office, kept in the database (ADR 0039) and
 * served as /media/uploads/<sha256>.<ext>, and those the shop ships (banners, category and
 * product art) under /media/.
 */
export async function registerMediaModule(
  app: FastifyInstance,
  deps: {
    database: Database;
    clock: Clock;
    imageCdnOrigin: string | null;
    /** The images the shop ships (apps/server/assets). */
    assetsFolder: string;
  },
): Promise<MediaService> {
  const uploads = createMediaService({
    repo: createMediaRepo(deps.database.db),
    clock: deps.clock,
    imageCdnOrigin: deps.imageCdnOrigin,
    assetsFolder: deps.assetsFolder,
  });
  // A route more specific than the /media/* wildcard below, which never sees these paths.
  await app.register(mediaRoutes(uploads));
  await app.register(fastifyStatic, {
    root: deps.assetsFolder,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '7d',
  });
  return uploads;
}
