import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { healthRoutes } from './health.routes.ts';

async function appWithDatabase(up: boolean, redisUp?: boolean) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(
    healthRoutes({
      database: () => Promise.resolve(up),
      redis: redisUp === undefined ? null : () => Promise.resolve(redisUp),
    }),
  );
  return app;
}

describe('health checks', () => {
  it('/readyz answers 503 when the database does not answer, while /healthz stays 200', async () => {
    const app = await appWithDatabase(false);
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'down' });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await app.close();
  });

  it('/readyz reports Redis when configured; Redis down keeps the instance ready (ADR 0025)', async () => {
    const app = await appWithDatabase(true, false);
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'up', redis: 'down' });
    await app.close();
    const withRedis = await appWithDatabase(true, true);
    expect((await withRedis.inject({ url: '/readyz' })).json()).toEqual({
      status: 'ok',
      database: 'up',
      redis: 'up',
    });
    await withRedis.close();
  });
});
