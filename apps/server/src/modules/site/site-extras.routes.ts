import { errorBodySchema } from '@shop/contracts/errors';
import { plainSuccessSchema } from '@shop/contracts/responses';
import { shopClaimsResponseSchema } from '@shop/contracts/shop-claims';
import {
  analyticsEventsRequestSchema,
  analyticsMessages,
  ANALYTICS_CURRENCY,
  festivalsResponseSchema,
} from '@shop/contracts/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.ts';
import { cachedForAMinute, requestLanguage } from '../../platform/http.ts';
import type { ClaimsService } from './claims.service.ts';
import type { FestivalsService } from './festivals.service.ts';
import { analyticsEvents } from './site.tables.ts';
import { analyticsSchemaMessages } from '@shop/contracts/analytics-schema-messages';
import { addValidationMessages } from '@shop/contracts/validation-messages';

// This module's schema messages, in each language of a validation answer (platform/errors.ts).
addValidationMessages(analyticsSchemaMessages);

/**
 * The festival windows (the overlay's dates) and first-party analytics (issue 16), the shop's
 * claims on Home (issue 17). Analytics keep no account and no address; money parameters are in MMK
 * (spec §9).
 */
export const siteExtrasRoutes =
  (deps: { db: Db; festivals: FestivalsService; claims: ClaimsService }): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    const tags = ['site'];

    app.get(
      '/api/v1/site/festivals',
      {
        schema: {
          tags,
          summary:
            'Thadingyut windows (Yangon dates, inclusive): the back-office’s, else FESTIVAL_DATES',
          response: { 200: festivalsResponseSchema },
        },
      },
      // Edited in the back-office (issue 17).
      async (_request, reply) => cachedForAMinute(reply, await deps.festivals.list()),
    );

    app.get(
      '/api/v1/site/claims',
      {
        schema: {
          tags,
          summary: 'The shop’s claims on Home in English and Burmese; null: the built-in ones',
          response: { 200: shopClaimsResponseSchema },
        },
      },
      // Edited in the back-office (issue 17).
      async (_request, reply) => cachedForAMinute(reply, await deps.claims.list()),
    );

    app.post(
      '/api/v1/analytics/events',
      {
        config: { requestLimit: 'analytics' },
        bodyLimit: 16 * 1024,
        schema: {
          tags,
          summary: 'Analytics events of a visitor who accepted cookies (up to 20 per call)',
          body: analyticsEventsRequestSchema,
          response: { 202: plainSuccessSchema, 400: errorBodySchema },
        },
      },
      async (request, reply) => {
        await deps.db.insert(analyticsEvents).values(
          request.body.events.map((event) => ({
            name: event.name,
            params: { ...event.params, currency: ANALYTICS_CURRENCY },
            occurredAt: new Date(event.at),
          })),
        );
        return reply.status(202).send({
          success: true as const,
          message: analyticsMessages.recorded[requestLanguage(request)],
        });
      },
    );
  };
