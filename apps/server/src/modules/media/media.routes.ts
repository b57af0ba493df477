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
 * `?w=<150|300|600|1200>[&format=avif|webp|<ext>]` asks for a smaller copy (ADR 0067); without a
 * format the Accept header picks it, and the answer says it varies by Accept.
 */
export const mediaRoutes =
  (service: MediaService): FastifyPluginAsync =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    app.get<{ Params: { file: string }; Querystring: Record<string, unknown> }>(
      '/media/uploads/:file',
      { schema: { hide: true } },
      async (request, reply) => {
        const image = await service.readSized(
          request.params.file,
          request.query,
          request.headers.accept,
        );
        if (!image) throw new AppError('NOT_FOUND', adminCatalogueMessages.imageNotFound);
        const etag = `"${image.tag}"`;
        void reply
          .header('cache-control', IMMUTABLE)
          .header('etag', etag)
          .header('x-content-type-options', 'nosniff');
        if (image.negotiated) void reply.header('vary', 'Accept');
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        return reply.type(image.contentType).header('content-length', image.size).send(image.bytes);
      },
    );
  };
