import {
  recipientCreateRequestSchema,
  recipientDeleteResponseSchema,
  recipientListResponseSchema,
  recipientMessages,
  recipientParamsSchema,
  recipientResponseSchema,
  recipientSchemaMessages,
  recipientUpdateRequestSchema,
} from '@shop/contracts/recipients';
import { addValidationMessages } from '@shop/contracts/validation-messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUserId, type AuthGuard } from '../../platform/auth.ts';
import { errorResponses, requestLanguage } from '../../platform/http.ts';
import type { RecipientsService } from './recipients.service.ts';

// This module's schema messages, in each language of a validation answer (platform/errors.ts).
addValidationMessages(recipientSchemaMessages);

const errors = errorResponses(400, 401, 404, 409);

/** The signed-in customer's saved recipients (issue 31): list, add, edit, delete. */
export const recipientsRoutes =
  (service: RecipientsService, guard: AuthGuard): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    const tags = ['recipients'];
    const config = { requestLimit: 'recipients' } as const;
    const user = (request: FastifyRequest) =>
      signedInUserId(guard, request, recipientMessages.loginRequired);

    app.get(
      '/api/v1/recipients',
      {
        config,
        schema: {
          tags,
          summary: 'The saved recipients, each with its usual product and last paid order line',
          response: { 200: recipientListResponseSchema, ...errors },
        },
      },
      async (request) => {
        const lang = requestLanguage(request);
        const data = await service.list(await user(request), lang);
        return { success: true as const, message: recipientMessages.listed[lang], data };
      },
    );

    app.post(
      '/api/v1/recipients',
      {
        config,
        schema: {
          tags,
          summary: 'Saves a number (201); 409 when it is saved already or the account has 20',
          body: recipientCreateRequestSchema,
          response: { 201: recipientResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        const data = await service.create(await user(request), request.body, lang);
        return reply
          .status(201)
          .send({ success: true as const, message: recipientMessages.created[lang], data });
      },
    );

    app.patch(
      '/api/v1/recipients/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Changes a saved number’s name, number, operator or usual product',
          params: recipientParamsSchema,
          body: recipientUpdateRequestSchema,
          response: { 200: recipientResponseSchema, ...errors },
        },
      },
      async (request) => {
        const lang = requestLanguage(request);
        const userId = await user(request);
        const data = await service.update(userId, request.params.id, request.body, lang);
        return { success: true as const, message: recipientMessages.updated[lang], data };
      },
    );

    app.delete(
      '/api/v1/recipients/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Deletes a saved number',
          params: recipientParamsSchema,
          response: { 200: recipientDeleteResponseSchema, ...errors },
        },
      },
      async (request) => {
        const lang = requestLanguage(request);
        await service.remove(await user(request), request.params.id);
        return { success: true as const, message: recipientMessages.deleted[lang] };
      },
    );
  };
