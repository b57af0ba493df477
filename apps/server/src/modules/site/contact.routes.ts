import { callCentreContactResponseSchema } from '@shop/contracts/catalogue';
import { errorBodySchema } from '@shop/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cachedForAMinute } from '../../platform/http.ts';
import type { ContactService } from './contact.service.ts';

export const contactRoutes =
  (service: ContactService): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    app.get(
      '/api/v1/site/contact',
      {
        schema: {
          tags: ['site'],
          summary: 'Call-centre phone, email and business hours',
          description:
            'workingDays are ISO weekdays (1 = Monday); start and end are HH:MM on the clock of ' +
            'timezone (Asia/Yangon). Open when start <= local time < end on a working day.',
          response: { 200: callCentreContactResponseSchema, 404: errorBodySchema },
        },
      },
      async (_request, reply) => cachedForAMinute(reply, await service.callCentreContact()),
    );
  };
