import { checkoutMessages } from '@shop/contracts/checkout';
import {
  cardIdParamsSchema,
  cardListQuerySchema,
  orderFeedbackRequestSchema,
  orderFeedbackResponseSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderMessages,
  orderResponseSchema,
  resendCodesRequestSchema,
  scratchCardRequestSchema,
  scratchCardResponseSchema,
} from '@shop/contracts/orders';
import { orderIdParamsSchema } from '@shop/contracts/payments';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUserId, type AuthGuard } from '../../platform/auth.ts';
import { errorResponses, requestLanguage } from '../../platform/http.ts';
import type { Download, OrderHistoryService } from './order-history.service.ts';

const errors = errorResponses(400, 401, 404, 409);

/** Order calls of the buyer (shopping spec §7 "Orders"); answers carry PINs: never cached. */
export const ordersRoutes =
  (service: OrderHistoryService, guard: AuthGuard): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    const tags = ['orders'];
    const user = (request: FastifyRequest, reply: FastifyReply) =>
      signedInUserId(guard, request, checkoutMessages.userNotAuthenticated, reply);
    const download = (reply: FastifyReply, file: Download) => {
      void reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('x-content-type-options', 'nosniff');
      if (file.invoiceNumber) void reply.header('x-invoice-number', file.invoiceNumber);
      return reply.send(file.body);
    };

    app.get(
      '/api/v1/orders',
      {
        config: { requestLimit: 'orderReads' },
        schema: {
          tags,
          summary: "The caller's orders, newest first: page (1), limit (10, up to 50), status",
          querystring: orderListQuerySchema,
          response: { 200: orderListResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        const { orders, meta } = await service.list(
          await user(request, reply),
          request.query,
          lang,
        );
        return {
          success: true as const,
          message: orderMessages.ordersFetched[lang],
          data: orders,
          meta,
        };
      },
    );

    app.get(
      '/api/v1/orders/:orderId',
      {
        config: { requestLimit: 'orderReads' },
        schema: {
          tags,
          summary:
            'One order of the caller: items, E-load results, cards (PIN null until scratched)',
          params: orderIdParamsSchema,
          response: { 200: orderResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        const data = await service.detail(await user(request, reply), request.params.orderId, lang);
        return { success: true as const, message: orderMessages.orderFetched[lang], data };
      },
    );

    app.put(
      '/api/v1/cards/:cardId/scratch',
      {
        config: { requestLimit: 'orderActions' },
        schema: {
          tags,
          summary: 'Reveal a card’s PIN (buyer only); scratching ends sharing of the order',
          params: cardIdParamsSchema,
          body: scratchCardRequestSchema,
          response: { 200: scratchCardResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        const data = await service.scratch(await user(request, reply), request.params.cardId, lang);
        return { success: true as const, message: orderMessages.cardScratched[lang], data };
      },
    );

    app.post(
      '/api/v1/orders/:orderId/feedback',
      {
        config: { requestLimit: 'orderActions' },
        schema: {
          tags,
          summary: 'Happiness Meter: rating 1–5 and an optional comment (a new one replaces it)',
          params: orderIdParamsSchema,
          body: orderFeedbackRequestSchema,
          response: { 200: orderFeedbackResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        const data = await service.saveFeedback(
          await user(request, reply),
          request.params.orderId,
          request.body,
          lang,
        );
        return { success: true as const, message: orderMessages.feedbackSaved[lang], data };
      },
    );

    app.post(
      '/api/v1/orders/:orderId/codes/resend',
      {
        config: { requestLimit: 'codesEmails' },
        schema: {
          tags,
          summary:
            'The codes e-mail again (buyer only), to the order’s address or to `email`, which becomes the order’s; 409 without delivered codes',
          params: orderIdParamsSchema,
          body: resendCodesRequestSchema,
          response: { 200: orderResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        const data = await service.resendCodes(
          await user(request, reply),
          request.params.orderId,
          request.body?.email ?? null,
          lang,
        );
        return { success: true as const, message: orderMessages.codesResent[lang], data };
      },
    );

    app.get(
      '/api/v1/orders/:orderId/invoice',
      {
        config: { requestLimit: 'documents' },
        schema: {
          tags,
          summary:
            'Invoice PDF of a completed order; the first one assigns the invoice number and ends sharing',
          params: orderIdParamsSchema,
          response: errors,
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        const file = await service.invoice(
          await user(request, reply),
          request.params.orderId,
          lang,
        );
        return download(reply, file);
      },
    );

    app.get(
      '/api/v1/orders/:orderId/cards',
      {
        config: { requestLimit: 'documents' },
        schema: {
          tags,
          summary:
            'The order’s cards with their PINs as CSV (default) or PDF; the download reveals them and ends sharing',
          params: orderIdParamsSchema,
          querystring: cardListQuerySchema,
          response: errors,
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        const file = await service.cardList(
          await user(request, reply),
          request.params.orderId,
          request.query.format,
          lang,
        );
        return download(reply, file);
      },
    );
  };
