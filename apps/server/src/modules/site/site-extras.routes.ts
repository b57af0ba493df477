import { errorBodySchema } from '@shop/contracts/errors';
import { plainSuccessSchema } from '@shop/contracts/responses';
import {
  analyticsEventsRequestSchema,
  analyticsMessages,
  ANALYTICS_CURRENCY,
  festivalsResponseSchema,
} from '@shop/contracts/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.ts';
import { requestLanguage } from '../../platform/http.ts';
import { analyticsEvents } from './site.tables.ts';

/**
 * The festival windows (the overlay's dates) and first-party analytics (issue 16). Analytics keep
 * no account and no address; money parameters are in MMK (spec §9).
 */
export const siteExtrasRoutes =
  (deps: { db: Db; festivals: { start: string; end: string }[] }): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    const tags = ['site'];
    const festivals = deps.festivals.map((w) => ({ name: 'thadingyut' as const, ...w }));

    app.get(
      '/api/v1/site/festivals',
      {
        schema: {
          tags,
          summary: 'Thadingyut windows (Yangon dates, inclusive) from the server configuration',
          response: { 200: festivalsResponseSchema },
        },
      },
      async (_request, reply) =>
        reply
          .header('cache-control', 'public, max-age=3600')
          .send({ success: true as const, data: festivals }),
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
