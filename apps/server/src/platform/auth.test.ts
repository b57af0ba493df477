import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthGuard, type Caller } from './auth.ts';
import { AppError, registerErrorHandler } from './errors.ts';

/**
 * The guard other modules (cart, orders) build on: a small app with a verifier that knows one
 * token, so the hook's behaviour is seen without the account module.
 */
describe('auth guard: requireUser and resolveCaller', () => {
  let app: FastifyInstance;
  let verifications = 0;
  beforeAll(async () => {
    app = Fastify();
    registerErrorHandler(app);
    await app.register(fastifyCookie);
    const guard = createAuthGuard(
      {
        verifyAccessToken: (token) => {
          verifications += 1;
          if (token === 'good') return Promise.resolve({ userId: 'u1', sessionId: 's1' });
          if (token === 'replaced')
            return Promise.reject(new AppError('OTHER_DEVICE_LOGIN', 'another device'));
          return Promise.reject(new AppError('UNAUTHORIZED', 'Invalid access token'));
        },
      },
      { secureCookies: false, clock: () => new Date('2030-01-01T00:00:00Z') },
    );
    app.get('/me', async (request) => {
      const user = await guard.requireUser(request);
      // A second ask in the same request is answered from the first verification.
      await guard.requireUser(request);
      return user;
    });
    app.get('/cart', async (request, reply): Promise<Caller> => {
      const caller = await guard.resolveCaller(request, reply);
      await guard.resolveCaller(request, reply);
      return caller;
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('requireUser: the user of a good bearer token, verified once per request', async () => {
    verifications = 0;
    const res = await app.inject({ url: '/me', headers: { authorization: 'Bearer good' } });
    expect(res.json()).toEqual({ kind: 'user', userId: 'u1', sessionId: 's1' });
    expect(verifications).toBe(1);
  });

  it('requireUser: 401 without a token, with a bad one, and the other-device code passes through', async () => {
    const none = await app.inject({ url: '/me', headers: { 'accept-language': 'en' } });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error: 'Please log in to continue' });
    expect(
      (await app.inject({ url: '/me', headers: { authorization: 'Bearer bad' } })).statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ url: '/me', headers: { authorization: 'Basic abc' } })).statusCode,
    ).toBe(401);
    const replaced = await app.inject({
      url: '/me',
      headers: { authorization: 'Bearer replaced' },
    });
    expect(replaced.statusCode).toBe(401);
    expect(replaced.json()).toMatchObject({ code: 'OTHER_DEVICE_LOGIN' });
  });

  it('resolveCaller: a user with a bearer token; a bad token is a 401, not a silent guest', async () => {
    const user = await app.inject({
      url: '/cart',
      headers: { authorization: 'Bearer good', gid: 'x' },
    });
    expect(user.json()).toMatchObject({ kind: 'user', userId: 'u1' });
    expect(user.headers['x-guest-id']).toBeUndefined();
    const bad = await app.inject({ url: '/cart', headers: { authorization: 'Bearer bad' } });
    expect(bad.statusCode).toBe(401);
  });

  it('resolveCaller: a guest by header gid, by cookie, or a new one issued once', async () => {
    const gid = 'guest_1893456000000_0123456789abcdef0123456789abcdef';
    expect((await app.inject({ url: '/cart', headers: { gid } })).json()).toEqual({
      kind: 'guest',
      gid,
    });
    expect((await app.inject({ url: '/cart', cookies: { gid } })).json()).toEqual({
      kind: 'guest',
      gid,
    });
    const fresh = await app.inject({ url: '/cart' });
    const issued = fresh.json<{ kind: string; gid: string }>();
    expect(issued.kind).toBe('guest');
    expect(issued.gid).toMatch(/^guest_1893456000000_[0-9a-f]{32}$/);
    expect(fresh.headers['x-guest-id']).toBe(issued.gid);
    expect(fresh.cookies.filter((c) => c.name === 'gid')).toHaveLength(1);
  });
});
