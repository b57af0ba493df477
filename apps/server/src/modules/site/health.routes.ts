import { healthResponseSchema, readinessResponseSchema } from '@shop/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * /healthz: the process is up. /readyz: it can serve — 503 while the database cannot answer; Redis
 * is reported (down means limits are kept per instance, ADR 0025) but does not take the instance
 * out of the load balancer.
 */
export const healthRoutes =
  (ping: {
    database: () => Promise<boolean>;
    redis: (() => Promise<boolean>) | null;
  }): FastifyPluginAsyncZod =>
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
          summary: 'Database (and Redis, when configured) reachable',
          response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
        },
      },
      async (_request, reply) => {
        const [up, redisUp] = await Promise.all([ping.database(), ping.redis?.()]);
        return reply.status(up ? 200 : 503).send({
          status: up ? 'ok' : 'unavailable',
          database: up ? 'up' : 'down',
          ...(redisUp === undefined ? {} : { redis: redisUp ? 'up' : 'down' }),
        });
      },
    );
  };
