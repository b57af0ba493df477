import { checkoutMessages } from '@shop/contracts/checkout';
import { errorBodySchema } from '@shop/contracts/errors';
import {
  cancelPaymentResponseSchema,
  orderIdParamsSchema,
  paymentStatusResponseSchema,
  regenerateQrResponseSchema,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  webhookResponseSchema,
} from '@shop/contracts/payments';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthGuard } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { requestLanguage } from '../../platform/http.ts';
import type { PaymentsService } from './payments.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  503: errorBodySchema,
};

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Payment calls on an order (shopping spec §7 "Orders") and the acquirer webhook. */
export const paymentsRoutes =
  (service: PaymentsService, guard: AuthGuard): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['payments'];
    const user = async (request: FastifyRequest) => {
      const found = await guard.optionalUser(request);
      if (!found)
        throw new AppError(
          'UNAUTHORIZED',
          checkoutMessages.userNotAuthenticated[requestLanguage(request)],
        );
      return found.userId;
    };

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

    // The webhook is checked over the exact bytes received, so its JSON is parsed by the service.
    // eslint-disable-next-line @typescript-eslint/require-await
    await app.register(async (scope) => {
      const raw = scope.withTypeProvider<ZodTypeProvider>();
      raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
        done(null, body);
      });
      raw.post(
        '/api/v1/payments/webhook/:provider',
        {
          // Signed by the acquirer and checked first; limiting its few addresses would hold up paid
          // orders (ADR 0026).
          config: { requestLimit: false },
          schema: {
            tags,
            summary:
              'Acquirer callback, signed: x-webhook-signature v1=HMAC-SHA256(secret, "{x-webhook-timestamp}.{body}")',
            params: z.object({ provider: z.string().max(50) }),
            response: { 200: webhookResponseSchema, ...errors },
          },
        },
        async (request) => {
          const body = typeof request.body === 'string' ? request.body : '';
          const result = await service.handleWebhook(
            request.params.provider,
            {
              timestamp: header(request, WEBHOOK_TIMESTAMP_HEADER),
              signature: header(request, WEBHOOK_SIGNATURE_HEADER),
            },
            body,
          );
          return {
            success: true as const,
            message: result.duplicate ? 'Event already processed' : 'Event processed',
            data: { duplicate: result.duplicate },
          };
        },
      );
    });
  };
