import { healthResponseSchema, readinessResponseSchema } from '@shop/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes =
  (ping: () => Promise<boolean>): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    app.get(
      '/healthz',
      {
        logLevel: 'warn',
        schema: {
          tags: ['platform'],
          summary: 'Process is up',
          response: { 200: healthResponseSchema },
        },
      },
      () => ({ status: 'ok' as const }),
    );
    app.get(
      '/readyz',
      {
        logLevel: 'warn',
        schema: {
          tags: ['platform'],
          summary: 'Database is reachable',
          response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
        },
      },
      async (_request, reply) => {
        const up = await ping();
        return reply
          .status(up ? 200 : 503)
          .send({ status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' });
      },
    );
  };
