import * as z from 'zod/mini';

export const healthResponseSchema = z.object({ status: z.literal('ok') });
export const readinessResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  /** Only when the shop runs with Redis (REDIS_URL). */
  redis: z.optional(z.enum(['up', 'down'])),
});
