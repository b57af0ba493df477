import {
  notificationMessages,
  pushSubscriptionRequestSchema,
  pushUnsubscribeRequestSchema,
  vapidKeyResponseSchema,
} from '@shop/contracts/notifications';
import { plainSuccessSchema } from '@shop/contracts/responses';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUserId, type AuthGuard } from '../../platform/auth.ts';
import { errorResponses, requestLanguage } from '../../platform/http.ts';
import type { PushService } from './push.service.ts';
import { notificationSchemaMessages } from '@shop/contracts/notification-schema-messages';
import { addValidationMessages } from '@shop/contracts/validation-messages';

// This module's schema messages, in each language of a validation answer (platform/errors.ts).
addValidationMessages(notificationSchemaMessages);

const errors = errorResponses(400, 401);

/** Web Push calls (issue 16): the VAPID key, and a device's subscription on and off. */
export const notificationsRoutes =
  (service: PushService, guard: AuthGuard): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    const tags = ['notifications'];
    const user = (request: FastifyRequest) =>
      signedInUserId(guard, request, notificationMessages.loginRequired);

    app.get(
      '/api/v1/notifications/vapid-public-key',
      {
        schema: {
          tags,
          summary: 'The application server key a browser subscribes with (PushManager.subscribe)',
          response: { 200: vapidKeyResponseSchema },
        },
      },
      (request) => ({
        success: true as const,
        message: notificationMessages.vapidKey[requestLanguage(request)],
        data: { publicKey: service.publicKey },
      }),
    );

    app.post(
      '/api/v1/notifications/subscriptions',
      {
        config: { requestLimit: 'orderActions' },
        schema: {
          tags,
          summary: 'Stores this device’s push subscription for the signed-in user (201)',
          body: pushSubscriptionRequestSchema,
          response: { 201: plainSuccessSchema, ...errors },
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        await service.subscribe(await user(request), request.body, lang);
        return reply
          .status(201)
          .send({ success: true as const, message: notificationMessages.subscribed[lang] });
      },
    );

    app.delete(
      '/api/v1/notifications/subscriptions',
      {
        config: { requestLimit: 'orderActions' },
        schema: {
          tags,
          summary: 'Removes this device’s push subscription (idempotent)',
          body: pushUnsubscribeRequestSchema,
          response: { 200: plainSuccessSchema, ...errors },
        },
      },
      async (request) => {
        const lang = requestLanguage(request);
        await service.unsubscribe(await user(request), request.body.endpoint);
        return { success: true as const, message: notificationMessages.unsubscribed[lang] };
      },
    );
  };
