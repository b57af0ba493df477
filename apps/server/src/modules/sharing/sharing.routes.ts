import { orderMessages } from '@shop/contracts/order-messages';
import { scratchCardRequestSchema, scratchCardResponseSchema } from '@shop/contracts/orders';
import { orderIdParamsSchema } from '@shop/contracts/payments';
import { plainSuccessSchema } from '@shop/contracts/responses';
import {
  aiLimitStatusResponseSchema,
  createShareTypeRequestSchema,
  generateStyleRequestSchema,
  generateStyleResponseSchema,
  shareCardParamsSchema,
  sharedOrderResponseSchema,
  shareIdParamsSchema,
  shareMessages,
  shareRequestSchema,
  shareResponseSchema,
  shareTypeIdParamsSchema,
  shareTypeListQuerySchema,
  shareTypeListResponseSchema,
  shareTypeResponseSchema,
} from '@shop/contracts/sharing';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUserId, type AuthGuard } from '../../platform/auth.ts';
import { errorResponses, requestLanguage } from '../../platform/http.ts';
import type { SharingService } from './sharing.service.ts';
import { shareSchemaMessages } from '@shop/contracts/share-schema-messages';
import { addValidationMessages } from '@shop/contracts/validation-messages';

// This module's schema messages, in each language of a validation answer (platform/errors.ts).
addValidationMessages(shareSchemaMessages);

const errors = errorResponses(400, 401, 404, 409, 429, 503);

/** The share calls (shopping spec §7 "Share", "Share types") and the public shared order. */
export const sharingRoutes =
  (service: SharingService, guard: AuthGuard): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    const tags = ['sharing'];
    const user = (request: FastifyRequest, reply: FastifyReply) =>
      signedInUserId(guard, request, shareMessages.loginRequired, reply);

    app.post(
      '/api/v1/orders/:orderId/share',
      {
        config: { requestLimit: 'orderActions' },
        schema: {
          tags,
          summary:
            'A gift link of a completed order (201); 208 with the same link when it has a live one',
          params: orderIdParamsSchema,
          body: shareRequestSchema,
          response: { 201: shareResponseSchema, 208: shareResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const userId = await user(request, reply);
        const { outcome, link } = await service.share(
          userId,
          request.params.orderId,
          request.body,
          requestLanguage(request),
        );
        return reply
          .status(outcome === 'created' ? 201 : 208)
          .send({ success: true as const, message: link.message, data: link });
      },
    );

    app.delete(
      '/api/v1/orders/:orderId/share',
      {
        config: { requestLimit: 'orderActions' },
        schema: {
          tags,
          summary: 'Disables the order’s share link (its page then says the link is invalid)',
          params: orderIdParamsSchema,
          response: { 200: plainSuccessSchema, ...errors },
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        await service.disable(await user(request, reply), request.params.orderId, lang);
        return { success: true as const, message: shareMessages.sharingDisabled[lang] };
      },
    );

    // Public: whoever holds a live link. Never cached by a shared cache (a link can be disabled).
    app.get(
      '/api/v1/shares/:shareId',
      {
        config: { requestLimit: 'shareReads' },
        schema: {
          tags,
          summary: 'The shared order: note, type, sender’s first name, items, E-load, cards masked',
          params: shareIdParamsSchema,
          response: { 200: sharedOrderResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        const data = await service.read(request.params.shareId, lang);
        void reply.header('cache-control', 'private, no-store');
        return { success: true as const, message: shareMessages.shareFetched[lang], data };
      },
    );

    app.put(
      '/api/v1/shares/:shareId/cards/:cardId/scratch',
      {
        config: { requestLimit: 'shareReveals' },
        schema: {
          tags,
          summary: 'Reveals one card’s PIN to the link’s holder and records that it was opened',
          params: shareCardParamsSchema,
          body: scratchCardRequestSchema,
          response: { 200: scratchCardResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        const data = await service.scratch(request.params.shareId, request.params.cardId, lang);
        void reply.header('cache-control', 'private, no-store');
        return { success: true as const, message: orderMessages.cardScratched[lang], data };
      },
    );

    app.get(
      '/api/v1/sharetypes',
      {
        config: { requestLimit: 'orderReads' },
        schema: {
          tags,
          summary: 'Built-in share types, then the caller’s own: page (1), limit (10), search',
          querystring: shareTypeListQuerySchema,
          response: { 200: shareTypeListResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        const { types, meta } = await service.listTypes(await user(request, reply), request.query);
        return {
          success: true as const,
          message: shareMessages.typesFetched[lang],
          data: types,
          meta,
        };
      },
    );

    app.post(
      '/api/v1/sharetypes',
      {
        config: { requestLimit: 'orderActions' },
        schema: {
          tags,
          summary: 'Adds a share type of the caller (at most 5); without a style one is generated',
          body: createShareTypeRequestSchema,
          response: { 201: shareTypeResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        const data = await service.addType(await user(request, reply), request.body, lang);
        return reply
          .status(201)
          .send({ success: true as const, message: shareMessages.typeAdded[lang], data });
      },
    );

    app.delete(
      '/api/v1/sharetypes/:id',
      {
        config: { requestLimit: 'orderActions' },
        schema: {
          tags,
          summary: 'Deletes one of the caller’s share types (links made with it keep their style)',
          params: shareTypeIdParamsSchema,
          response: { 200: plainSuccessSchema, ...errors },
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        await service.deleteType(await user(request, reply), request.params.id, lang);
        return { success: true as const, message: shareMessages.typeDeleted[lang] };
      },
    );

    app.post(
      '/api/v1/sharetypes/generate-style',
      {
        config: { requestLimit: 'orderActions' },
        schema: {
          tags,
          summary:
            '"AI style" of a title: colours, gradient, emoji, greeting; a daily limit per user',
          body: generateStyleRequestSchema,
          response: { 200: generateStyleResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        const data = await service.generateStyle(
          await user(request, reply),
          request.body.title,
          lang,
        );
        return { success: true as const, message: shareMessages.styleGenerated[lang], data };
      },
    );

    app.get(
      '/api/v1/sharetypes/ai-limit-status',
      {
        config: { requestLimit: 'orderReads' },
        schema: {
          tags,
          summary: 'AI styles used today (Yangon day), the daily limit and when it starts again',
          response: { 200: aiLimitStatusResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        const data = await service.aiLimitStatus(await user(request, reply));
        return { success: true as const, message: shareMessages.aiLimitFetched[lang], data };
      },
    );
  };
