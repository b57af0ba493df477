import { adminCatalogueMessages } from '@shop/contracts/admin-catalogue-messages';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import type { MediaService } from './media.service.ts';

/** A year: the URL names the bytes (their SHA-256), so they never change under it. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /media/uploads/<sha256>.<ext>: an image uploaded through the back-office, from the database,
 * so any instance answers it (ADR 0039). A route of its own, more specific than the /media/*
 * wildcard of the shipped images (@fastify/static), which therefore never sees these paths.
 */
export const mediaRoutes =
  (service: MediaService): FastifyPluginAsync =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    app.get<{ Params: { file: string } }>(
      '/media/uploads/:file',
      { schema: { hide: true } },
      async (request, reply) => {
        const row = await service.read(request.params.file);
        if (!row) throw new AppError('NOT_FOUND', adminCatalogueMessages.imageNotFound);
        const etag = `"${row.sha256}"`;
        void reply
          .header('cache-control', IMMUTABLE)
          .header('etag', etag)
          .header('x-content-type-options', 'nosniff');
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        return reply.type(row.contentType).header('content-length', row.size).send(row.bytes);
      },
    );
  };
