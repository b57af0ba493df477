import { adminCatalogueMessages } from '@shop/contracts/admin-catalogue-messages';
import {
  adminMediaUploadResponseSchema,
  MEDIA_UPLOAD_MAX_BYTES,
} from '@shop/contracts/admin-media';
import { errorBodySchema } from '@shop/contracts/errors';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import type { MediaService } from '../media/media.service.ts';
import type { AuditService } from './audit.service.ts';
import { adminRoute, answer } from './admin-route.ts';
import { ADMIN_PREFIX, auditActorOf, staffOf } from './staff-access.ts';

/**
 * POST /api/v1/admin/media: one image as the raw request body, its type as the Content-Type
 * (ADR 0039: not multipart, one file per request needs no envelope). Its own plugin, so the
 * body parser taking any type as bytes reaches no other route.
 */
export const adminMediaRoutes =
  (media: MediaService, audit: AuditService): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    app.removeAllContentTypeParsers();
    // Every type read as bytes (up to the limit), so that the answer to SVG, HTML or JSON is the
    // service's clear 415, not Fastify's; an empty body arrives as an empty Buffer.
    app.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MEDIA_UPLOAD_MAX_BYTES },
      (_request, body, done) => {
        done(null, body);
      },
    );

    app.post(
      `${ADMIN_PREFIX}/media`,
      {
        ...adminRoute('admin', {
          summary:
            'Upload a PNG, JPEG or WebP image (the raw body, at most 2 MB; audited). Answers its /media/uploads/ URL; the same bytes twice give the same URL',
          response: {
            200: adminMediaUploadResponseSchema,
            413: errorBodySchema,
            415: errorBodySchema,
          },
        }),
        bodyLimit: MEDIA_UPLOAD_MAX_BYTES,
        // Fastify's own "too large" (the body limit) in the shop's words.
        errorHandler: (error: FastifyError) => {
          if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
            throw new AppError('PAYLOAD_TOO_LARGE', adminCatalogueMessages.mediaTooLarge);
          throw error;
        },
      },
      async (request) => {
        const actor = auditActorOf(request);
        const { upload } = await media.upload(
          {
            contentType: request.headers['content-type'],
            bytes: Buffer.isBuffer(request.body) ? request.body : undefined,
            createdBy: staffOf(request).id,
          },
          (tx, stored) =>
            audit.record(tx, actor, {
              action: 'media.upload',
              targetType: 'media',
              targetId: stored.url,
              after: stored,
            }),
        );
        return answer(request, adminCatalogueMessages.mediaUploaded, upload);
      },
    );
  };
