import {
  checkoutCompleteRequestSchema,
  checkoutInitializeRequestSchema,
  checkoutInitializeResponseSchema,
  checkoutMessages,
  checkoutPaymentMethodsQuerySchema,
  checkoutSessionRequestSchema,
  paymentMethodRequestSchema,
  paymentMethodSelectQuerySchema,
  paymentMethodSelectedResponseSchema,
  paymentMethodsQuerySchema,
  paymentMethodsResponseSchema,
  paymentSessionResponseSchema,
} from '@shop/contracts/checkout';
import type { Language } from '@shop/contracts/languages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuard } from '../../platform/auth.ts';
import { errorResponses, requestLanguage } from '../../platform/http.ts';
import type { CheckoutService } from './checkout.service.ts';
import { addValidationMessages } from '@shop/contracts/validation-messages';

// This module's schema message, in each language of a validation answer (platform/errors.ts):
// the codes address (checkout, and sending the codes again: ADR 0050).
addValidationMessages({ invalidEmail: checkoutMessages.invalidEmail });

const errors = errorResponses(400, 401, 403, 404, 409, 503);

function idempotencyKey(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  return Array.isArray(header) ? header[0] : header;
}

/** Checkout calls (shopping spec §7 "Checkout"). A checkout session is the pending order. */
export const checkoutRoutes =
  (service: CheckoutService, guard: AuthGuard): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    const tags = ['checkout'];
    const userId = async (request: FastifyRequest) =>
      (await guard.optionalUser(request))?.userId ?? null;
    /** A checkout call's answer: `work`'s data for the caller, with `message` in their language. */
    const answer = async <T>(
      request: FastifyRequest,
      message: 'paymentMethods' | 'paymentMethodSelected' | 'paymentCreated',
      work: (user: string | null, lang: Language) => Promise<T>,
    ) => {
      const lang = requestLanguage(request);
      const data = await work(await userId(request), lang);
      return { success: true as const, message: checkoutMessages[message][lang], data };
    };

    app.post(
      '/api/v1/checkout/initialize',
      {
        config: { requestLimit: 'checkout' },
        schema: {
          tags,
          summary:
            'Create the pending order from the cart (prices from the database). One open order per cart: the same cart (or the same Idempotency-Key) answers its open order (200), a changed cart cancels it and makes a new one (201)',
          body: checkoutInitializeRequestSchema,
          response: {
            200: checkoutInitializeResponseSchema,
            201: checkoutInitializeResponseSchema,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        const { order, created } = await service.initialize(
          await userId(request),
          request.body,
          idempotencyKey(request),
          lang,
          request.ip,
        );
        return reply.status(created ? 201 : 200).send({
          success: true as const,
          message: checkoutMessages.initialized[lang],
          data: order,
        });
      },
    );

    app.get(
      '/api/v1/checkout/payment-methods',
      {
        schema: {
          tags,
          summary: 'Payment methods for a checkout session, enabled by its amount',
          querystring: checkoutPaymentMethodsQuerySchema,
          response: { 200: paymentMethodsResponseSchema, ...errors },
        },
      },
      async (request) =>
        answer(request, 'paymentMethods', (user, lang) =>
          service.paymentMethodsForSession(user, request.query.sessionId, lang),
        ),
    );

    app.get(
      '/api/v1/payment-methods',
      {
        schema: {
          tags,
          summary: 'Payment methods, enabled for checkoutAmount (kyat) when given',
          querystring: paymentMethodsQuerySchema,
          response: { 200: paymentMethodsResponseSchema, ...errors },
        },
      },
      async (request) =>
        answer(request, 'paymentMethods', (user, lang) =>
          service.paymentMethodsForAmount(user, request.query.checkoutAmount ?? null, lang),
        ),
    );

    app.post(
      '/api/v1/checkout/payment-method',
      {
        config: { requestLimit: 'checkout' },
        schema: {
          tags,
          summary: 'Choose the payment method of a checkout session (MM QR needs 1000 MMK)',
          querystring: paymentMethodSelectQuerySchema,
          body: paymentMethodRequestSchema,
          response: { 200: paymentMethodSelectedResponseSchema, ...errors },
        },
      },
      async (request) =>
        answer(request, 'paymentMethodSelected', async (user, lang) => {
          const { sessionId, paymentMethod } = request.body;
          const data = await service.selectPaymentMethod(user, sessionId, paymentMethod, lang);
          return { ...data, sessionId: data.orderId };
        }),
    );

    app.post(
      '/api/v1/checkout/complete',
      {
        config: { requestLimit: 'checkout' },
        schema: {
          tags,
          summary:
            'Start paying: MM QR payload (300 s), A+ request or bank page; a repeated call returns the open payment',
          body: checkoutCompleteRequestSchema,
          response: { 200: paymentSessionResponseSchema, ...errors },
        },
      },
      async (request) =>
        answer(request, 'paymentCreated', (user, lang) =>
          service.complete(user, request.body.sessionId, request.body.paymentMethod, lang),
        ),
    );

    app.post(
      '/api/v1/checkout/direct',
      {
        config: { requestLimit: 'checkout' },
        schema: {
          tags,
          summary: 'Pay a checkout session by direct online transfer (answers the bank page URL)',
          body: checkoutSessionRequestSchema,
          response: { 200: paymentSessionResponseSchema, ...errors },
        },
      },
      async (request) =>
        answer(request, 'paymentCreated', (user, lang) =>
          service.complete(user, request.body.sessionId, 'direct', lang),
        ),
    );
  };
