import { checkoutMessages } from '@shop/contracts/checkout';
import {
  cancelPaymentResponseSchema,
  orderIdParamsSchema,
  paymentStatusResponseSchema,
  regenerateQrResponseSchema,
} from '@shop/contracts/payments';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUserId, type AuthGuard } from '../../platform/auth.ts';
import { errorResponses, requestLanguage } from '../../platform/http.ts';
import type { PaymentsService } from './payments.service.ts';

const errors = errorResponses(400, 401, 404, 409, 503);

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Payment calls on an order (shopping spec §7 "Orders") and the acquirer webhook. */
export const paymentsRoutes =
  (service: PaymentsService, guard: AuthGuard): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['payments'];
    const user = (request: FastifyRequest) =>
      signedInUserId(guard, request, checkoutMessages.userNotAuthenticated);

    app.get(
      '/api/v1/orders/:orderId/payment-status',
      {
        config: { requestLimit: 'orderReads' },
        schema: {
          tags,
          summary:
            'Polled every 3 s by the payment modal; data.paymentStatus paid | failed | expired | …',
          params: orderIdParamsSchema,
          response: { 200: paymentStatusResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        const data = await service.paymentStatus(await user(request), request.params.orderId, lang);
        void reply.header('cache-control', 'no-store');
        return { success: true as const, message: checkoutMessages.paymentStatus[lang], data };
      },
    );

    app.put(
      '/api/v1/orders/:orderId/regenerate-qr',
      {
        config: { requestLimit: 'payment' },
        schema: {
          tags,
          summary: 'Pay Again: a new payment (QR valid 300 s) for a pending order',
          params: orderIdParamsSchema,
          response: { 200: regenerateQrResponseSchema, ...errors },
        },
      },
      async (request) => {
        const lang = requestLanguage(request);
        const data = await service.regenerate(await user(request), request.params.orderId, lang);
        return { success: true as const, message: checkoutMessages.qrRegenerated[lang], data };
      },
    );

    app.put(
      '/api/v1/orders/:orderId/cancel-payment',
      {
        config: { requestLimit: 'payment' },
        schema: {
          tags,
          summary: 'Cancel a pending order and its payment (idempotent)',
          params: orderIdParamsSchema,
          response: { 200: cancelPaymentResponseSchema, ...errors },
        },
      },
      async (request) => {
        const lang = requestLanguage(request);
        const data = await service.cancel(await user(request), request.params.orderId, lang);
        return { success: true as const, message: checkoutMessages.paymentCancelled[lang], data };
      },
    );

    // A callback is checked by its provider over the exact bytes received (ADR 0058): JSON, form
    // and text bodies reach it as strings, a GET with its query; the reply is the provider's own
    // (the sandbox's JSON, KBZPay's plain `success`).
    // eslint-disable-next-line @typescript-eslint/require-await
    await app.register(async (scope) => {
      const raw = scope.withTypeProvider<ZodTypeProvider>();
      for (const type of ['application/json', 'application/x-www-form-urlencoded', 'text/plain'])
        raw.addContentTypeParser(type, { parseAs: 'string' }, (_req, body, done) => {
          done(null, body);
        });
      raw.route({
        method: ['GET', 'POST'],
        url: '/api/v1/payments/webhook/:provider',
        // Checked by its provider first; limiting the acquirer's few addresses would hold up paid
        // orders (ADR 0026).
        config: { requestLimit: false },
        schema: {
          tags,
          summary:
            'Acquirer callback, checked by the provider\'s adapter (sandbox: x-webhook-signature v1=HMAC-SHA256(secret, "{x-webhook-timestamp}.{body}")); answered as the provider expects',
          params: z.object({ provider: z.string().max(50) }),
          querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
          response: {
            200: z.string().describe("the provider's acknowledgement, sent as it is"),
            ...errors,
          },
        },
        handler: async (request, reply) => {
          const headers: Record<string, string | undefined> = {};
          for (const name of Object.keys(request.headers)) headers[name] = header(request, name);
          const query: Record<string, string> = {};
          for (const [name, value] of Object.entries(request.query))
            query[name] = Array.isArray(value) ? (value[0] ?? '') : value;
          const { ack } = await service.handleCallback(request.params.provider, {
            method: request.method,
            rawBody: typeof request.body === 'string' ? request.body : '',
            contentType: header(request, 'content-type'),
            headers,
            query,
          });
          return reply.code(ack.status).type(ack.contentType).send(ack.body);
        },
      });
    });
  };
