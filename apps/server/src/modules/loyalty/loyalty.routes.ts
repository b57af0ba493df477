import { bonusDaysResponseSchema } from '@shop/contracts/bonus-days';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cachedForAMinute } from '../../platform/http.ts';
import type { BonusDaysService } from './bonus-days.service.ts';

/** The loyalty room's one public read: the bonus-point days on now or coming (ADR 0081). */
export const loyaltyRoutes =
  (bonusDays: Pick<BonusDaysService, 'upcoming'>): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    app.get(
      '/api/v1/loyalty/bonus-days',
      {
        schema: {
          tags: ['loyalty'],
          summary:
            'Bonus-point days on today (Yangon) or starting within 14 days: names, Yangon dates (inclusive), multiplier',
          response: { 200: bonusDaysResponseSchema },
        },
      },
      // Edited in the back-office, as the festival dates.
      async (_request, reply) => cachedForAMinute(reply, await bonusDays.upcoming()),
    );
  };
