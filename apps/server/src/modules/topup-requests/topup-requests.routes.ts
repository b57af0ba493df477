import {
  ownTopupRequestListResponseSchema,
  ownTopupRequestResponseSchema,
  publicTopupRequestResponseSchema,
  topupRequestActionResponseSchema,
  topupRequestCreateSchema,
  topupRequestMessages,
  topupRequestSchemaMessages,
  topupRequestTokenParamsSchema,
} from '@shop/contracts/topup-requests';
import { addValidationMessages } from '@shop/contracts/validation-messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUserId, type AuthGuard } from '../../platform/auth.ts';
import { errorResponses, requestLanguage } from '../../platform/http.ts';
import type { TopupRequestsService } from './topup-requests.service.ts';

// This module's schema messages, in each language of a validation answer (platform/errors.ts).
addValidationMessages(topupRequestSchemaMessages);

const errors = errorResponses(400, 401, 404, 409, 429, 503);

/**
 * "Top me up" request links (issue 31): the maker's list, create and cancel; the link's public
 * read and "Pay for this top-up" (into the signed-in payer's cart). Nothing here is cached by a
 * shared cache.
 */
export const topupRequestsRoutes =
  (service: TopupRequestsService, guard: AuthGuard): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    const tags = ['topup-requests'];
    const config = { requestLimit: 'topupRequests' } as const;
    const user = (
      request: FastifyRequest,
      reply: FastifyReply,
      message: { en: string; my: string } = topupRequestMessages.loginRequired,
    ) => signedInUserId(guard, request, message, reply);

    app.get(
      '/api/v1/topup-requests',
      {
        config,
        schema: {
          tags,
          summary: 'The caller’s request links, newest first, each with its status',
          response: { 200: ownTopupRequestListResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        const data = await service.list(await user(request, reply), lang);
        return { success: true as const, message: topupRequestMessages.listed[lang], data };
      },
    );

    app.post(
      '/api/v1/topup-requests',
      {
        config,
        schema: {
          tags,
          summary:
            'Makes a request link for a top-up or data product to the caller’s number (201); 409 with 5 open, 429 after 10 a day',
          body: topupRequestCreateSchema,
          response: { 201: ownTopupRequestResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        const data = await service.create(await user(request, reply), request.body, lang);
        return reply
          .status(201)
          .send({ success: true as const, message: topupRequestMessages.created[lang], data });
      },
    );

    app.post(
      '/api/v1/topup-requests/:token/cancel',
      {
        config,
        schema: {
          tags,
          summary: 'Cancels one of the caller’s open requests (its link then says so)',
          params: topupRequestTokenParamsSchema,
          response: { 200: ownTopupRequestResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        const userId = await user(request, reply);
        const data = await service.cancel(userId, request.params.token, lang);
        return { success: true as const, message: topupRequestMessages.cancelled[lang], data };
      },
    );

    // Public: whoever holds the link, signed in or not.
    app.get(
      '/api/v1/topup-requests/:token',
      {
        config: { requestLimit: 'topupRequestReads' },
        schema: {
          tags,
          summary: 'A request as its link shows it: the number masked, the product, price and note',
          params: topupRequestTokenParamsSchema,
          response: { 200: publicTopupRequestResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        const data = await service.view(request.params.token, lang);
        void reply.header('cache-control', 'private, no-store');
        return { success: true as const, message: topupRequestMessages.fetched[lang], data };
      },
    );

    app.post(
      '/api/v1/topup-requests/:token/cart',
      {
        config,
        schema: {
          tags,
          summary:
            '"Pay for this top-up": the product for the number into the signed-in caller’s cart',
          params: topupRequestTokenParamsSchema,
          response: { 200: topupRequestActionResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        const userId = await user(request, reply, topupRequestMessages.loginToPay);
        await service.addToCart(userId, request.params.token, lang);
        return { success: true as const, message: topupRequestMessages.addedToCart[lang] };
      },
    );
  };
