import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import type { ErrorBody } from '@shop/contracts/errors';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeLimits } from './modules/auth/auth.service.ts';
import {
  createShopTest,
  MPT_PHONE,
  signedIn,
  type ShopTest,
  openShopTest,
} from './test/checkout-kit.ts';
import { platformTexts } from './platform/errors.ts';
import {
  registerRequestLimits,
  requestLimitGroups,
  requestLimitOf,
  type RequestLimitGroup,
} from './platform/request-limits.ts';
import { redisKeys } from './test/app-kit.ts';
import { startTcpProxy, type TcpProxy } from './test/fault-kit.ts';

/**
 * Request limits (issue 13 "Limits and hygiene", ADR 0026): every write route and the expensive
 * reads, per account when signed in, else per client address; 429 with the API's error body in the
 * request's language and Retry-After. The numbers here are the ADR's times FACTOR.
 */

const FACTOR = 0.1;
const env = { REQUEST_LIMIT_FACTOR: String(FACTOR) };
const max = (group: RequestLimitGroup, kind: 'account' | 'address' = 'address') =>
  requestLimitOf(group, kind, FACTOR);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Call {
  method: Method;
  /** A fresh url per call where the route caches answers by url. */
  url: (i: number) => string;
  payload?: object;
}

/** One route of each group, called anonymously (each answers 400 or 401 until the limit). */
const someId = randomUUID();
const groupCalls: Record<RequestLimitGroup, Call> = {
  session: { method: 'POST', url: () => '/api/v1/auth/refresh-token', payload: {} },
  register: { method: 'POST', url: () => '/api/v1/auth/register', payload: {} },
  codeSends: { method: 'POST', url: () => '/api/v1/auth/verify/email/send', payload: {} },
  codeChecks: { method: 'POST', url: () => '/api/v1/auth/verify/otp', payload: {} },
  password: { method: 'PUT', url: () => '/api/v1/users/password', payload: {} },
  cart: { method: 'POST', url: () => '/api/v1/cart/add', payload: {} },
  checkout: { method: 'POST', url: () => '/api/v1/checkout/initialize' },
  payment: { method: 'POST', url: () => '/api/v1/sandbox/bank/pay', payload: {} },
  orderActions: { method: 'PUT', url: () => `/api/v1/cards/${someId}/scratch` },
  codesEmails: { method: 'POST', url: () => `/api/v1/orders/${someId}/codes/resend`, payload: {} },
  orderReads: { method: 'GET', url: () => '/api/v1/orders' },
  recipients: { method: 'GET', url: () => '/api/v1/recipients' },
  topupRequests: { method: 'GET', url: () => '/api/v1/topup-requests' },
  topupRequestReads: { method: 'GET', url: () => '/api/v1/topup-requests/unknown' },
  documents: { method: 'GET', url: () => `/api/v1/orders/${someId}/invoice` },
  shareReads: { method: 'GET', url: () => '/api/v1/shares/unknown' },
  analytics: { method: 'POST', url: () => '/api/v1/analytics/events', payload: {} },
  shareReveals: {
    method: 'PUT',
    url: () => `/api/v1/shares/unknown/cards/${someId}/scratch`,
    payload: { scratch: true },
  },
  catalogue: { method: 'GET', url: (i) => `/api/v1/products/${randomUUID()}?n=${String(i)}` },
  staffSignIn: { method: 'POST', url: () => '/api/v1/admin/auth/login', payload: {} },
  admin: { method: 'GET', url: () => '/api/v1/admin/dashboard' },
};

const errorOf = (res: { json(): unknown }) => res.json() as ErrorBody;

let addressCounter = 0;
/** A client address no other test uses. */
const newAddress = () => {
  addressCounter += 1;
  return `10.26.${String(Math.floor(addressCounter / 250))}.${String((addressCounter % 250) + 1)}`;
};

function send(
  s: ShopTest,
  call: Call,
  i: number,
  remoteAddress: string,
  headers: Record<string, string> = {},
) {
  return s.t.app.inject({
    method: call.method,
    url: call.url(i),
    remoteAddress,
    headers: { 'accept-language': 'en', ...headers },
    ...(call.payload ? { payload: call.payload } : {}),
  });
}

/** Sends `count` calls; answers their status codes. */
async function statuses(
  s: ShopTest,
  call: Call,
  count: number,
  remoteAddress: string,
  headers: Record<string, string> = {},
) {
  const codes: number[] = [];
  for (let i = 0; i < count; i += 1)
    codes.push((await send(s, call, i, remoteAddress, headers)).statusCode);
  return codes;
}

/** A valid cart line: an MPT top-up (no stock needed). */
const topUp = (s: ShopTest) => ({
  productId: s.catalogue.productId('T-MPT-1000'),
  quantity: 1,
  phoneNumber: MPT_PHONE,
});

const cartAdd: Call = { method: 'POST', url: () => '/api/v1/cart/add', payload: {} };

function expectRefusal(
  res: Awaited<ReturnType<typeof send>>,
  language: 'en' | 'my',
  windowSeconds = 60,
) {
  expect(res.statusCode).toBe(429);
  const text = platformTexts.tooManyRequests[language];
  expect(errorOf(res)).toEqual({
    success: false,
    error: text,
    message: text,
    code: 'TOO_MANY_REQUESTS',
  });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe('request limits per group, account and address (ADR 0026)', () => {
  const s = openShopTest(env);

  it.each(Object.keys(groupCalls) as RequestLimitGroup[])(
    '%s: the address limit answers 429 with the error body and Retry-After, in English and Burmese',
    async (group) => {
      const call = groupCalls[group];
      const address = newAddress();
      const limit = max(group);
      const before = await statuses(s, call, limit, address);
      expect(before.filter((code) => code === 429)).toEqual([]);
      const windowSeconds = requestLimitGroups[group].windowMs / 1000;
      expectRefusal(await send(s, call, limit, address), 'en', windowSeconds);
      expectRefusal(
        await send(s, call, limit + 1, address, { 'accept-language': 'my' }),
        'my',
        windowSeconds,
      );
      // Another address is not refused.
      expect((await send(s, call, limit + 2, newAddress())).statusCode).not.toBe(429);
    },
  );

  it('two accounts at one address each have their own limit', async () => {
    const address = newAddress();
    const a = await signedIn(s);
    const b = await signedIn(s);
    const limit = max('cart', 'account');
    expect(await statuses(s, cartAdd, limit, address, a.headers)).not.toContain(429);
    expectRefusal(await send(s, cartAdd, limit, address, a.headers), 'en');
    // B, at the same address, adds a product.
    const added = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/add',
      remoteAddress: address,
      headers: b.headers,
      payload: topUp(s),
    });
    expect(added.statusCode).toBe(200);
    // A is refused at any address: the account is counted, not where it is.
    expectRefusal(await send(s, cartAdd, 0, newAddress(), a.headers), 'en');
  });

  it('an anonymous flood from one address does not stop a signed-in customer there, and refused requests count against nothing else', async () => {
    const address = newAddress();
    const customer = await signedIn(s);
    const flood = await statuses(s, cartAdd, max('cart') * 2, address);
    expect(flood.filter((code) => code === 429)).toHaveLength(max('cart'));
    const added = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/add',
      remoteAddress: address,
      headers: customer.headers,
      payload: topUp(s),
    });
    expect(added.statusCode).toBe(200);

    // An account's refused requests do not count against its address.
    const other = newAddress();
    const refused = await statuses(s, cartAdd, max('cart', 'account') * 3, other, customer.headers);
    expect(refused.filter((code) => code === 429).length).toBeGreaterThan(max('cart', 'account'));
    expect(await statuses(s, cartAdd, max('cart'), other)).not.toContain(429);
  });

  it('a code send refused by the request limit never reaches the code limits (no cooldown started)', async () => {
    const address = newAddress();
    const victim = `victim.${randomBytes(4).toString('hex')}@example.com`;
    // The address's budget is spent on bad requests, then it asks codes for the victim.
    await statuses(s, groupCalls.codeSends, max('codeSends'), address);
    const sendTo = (remoteAddress: string) =>
      s.t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/verify/email/send',
        remoteAddress,
        headers: { 'accept-language': 'en' },
        payload: { email: victim },
      });
    for (let i = 0; i < 3; i += 1) expect((await sendTo(address)).statusCode).toBe(429);
    // Elsewhere the victim's address gets its mail at once: no cooldown, no count was started.
    expect((await sendTo(newAddress())).statusCode).toBe(200);
  });

  it('a forged or expired bearer token is counted by address, not as an account', async () => {
    const address = newAddress();
    const forged = { authorization: `Bearer ${'x'.repeat(40)}.${'y'.repeat(40)}.z` };
    const codes = await statuses(s, cartAdd, max('cart') + 1, address, forged);
    expect(codes.at(-1)).toBe(429);
    expect(codes.filter((code) => code === 429)).toHaveLength(1);
    // The same address without a token is refused too: one counter.
    expect((await send(s, cartAdd, 0, address)).statusCode).toBe(429);
  });

  it('catalogue answers served from the URL cache are not counted', async () => {
    const address = newAddress();
    const banners = { method: 'GET', url: () => '/api/v1/ads/banner' } satisfies Call;
    const codes = await statuses(s, banners, max('catalogue') * 3, address);
    expect(codes.every((code) => code === 200)).toBe(true);
  });

  it('the login and code limits of ADR 0013/0014 still answer first at the default numbers', () => {
    // Their windows are 10 minutes and an hour; ours a minute: ours are higher per minute.
    expect(requestLimitOf('codeSends', 'address', 1)).toBeGreaterThan(
      codeLimits.sendsPerAddress.max,
    );
    expect(requestLimitOf('codeChecks', 'address', 1)).toBeGreaterThan(
      codeLimits.checksPerAddress.max,
    );
    expect(requestLimitOf('register', 'address', 1)).toBeGreaterThan(
      codeLimits.signUpsPerAddress.max,
    );
  });
});

describe('request limit memory is bounded (REQUEST_LIMIT_MEMORY_KEYS)', () => {
  const s = openShopTest({ ...env, REQUEST_LIMIT_MEMORY_KEYS: '10' });

  it('keeps at most that many counters per group: the least recently used goes first', async () => {
    const first = newAddress();
    await statuses(s, cartAdd, max('cart'), first);
    expect((await send(s, cartAdd, 0, first)).statusCode).toBe(429);
    // Ten other addresses push the first one's counter out.
    for (let i = 0; i < 10; i += 1) await send(s, cartAdd, 0, newAddress());
    expect((await send(s, cartAdd, 0, first)).statusCode).toBe(400);
  });
});

describe('every write route under /api/ names its request limit', () => {
  it('a write route without one stops the start', async () => {
    const app = Fastify({ logger: false });
    await registerRequestLimits(app, {
      config: { enabled: true, factor: 1, memoryKeys: 100 },
      redis: null,
      prefix: 'test:',
      accountOf: () => Promise.resolve(null),
      log: pino({ level: 'silent' }),
    });
    app.get('/api/v1/anything', () => 'read');
    app.post('/api/v1/named', { config: { requestLimit: 'cart' } }, () => 'ok');
    expect(() => app.post('/api/v1/unnamed', () => 'write')).toThrow(
      'POST /api/v1/unnamed has no config.requestLimit (ADR 0026): name its group',
    );
    await app.close();
  });
});

/** A TCP port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('Redis configured but not reachable', () => {
  let s: ShopTest;
  beforeAll(async () => {
    const port = await closedPort();
    s = await createShopTest({ ...env, REDIS_URL: `redis://127.0.0.1:${String(port)}` });
  });
  afterAll(() => s.t.close());

  it('requests are served at once and still limited, by this instance', async () => {
    const address = newAddress();
    const started = performance.now();
    const codes = await statuses(s, cartAdd, max('cart'), address);
    expect(codes.every((code) => code === 400)).toBe(true);
    expect(performance.now() - started).toBeLessThan(2000);
    expectRefusal(await send(s, cartAdd, 0, address), 'en');
  });
});

const hostPort = (url: string) => {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || 0) };
};

describe.runIf(process.env.TEST_REDIS_URL)('request limits on Redis', () => {
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  let proxy: TcpProxy;
  let one: ShopTest;
  let two: ShopTest;
  beforeAll(async () => {
    proxy = await startTcpProxy(hostPort(process.env.TEST_REDIS_URL ?? ''));
    // Two instances on one Redis; the second through a proxy the test can break.
    one = await createShopTest({
      ...env,
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      REDIS_KEY_PREFIX: prefix,
    });
    two = await createShopTest({
      ...env,
      REDIS_URL: `redis://127.0.0.1:${String(proxy.port)}`,
      REDIS_KEY_PREFIX: prefix,
    });
  });
  afterAll(async () => {
    await one.t.close();
    await two.t.close();
    await proxy.close();
  });

  it('two instances share one count', async () => {
    const address = newAddress();
    const codes: number[] = [];
    for (let i = 0; i < max('cart'); i += 1)
      codes.push((await send(i % 2 === 0 ? one : two, cartAdd, i, address)).statusCode);
    expect(codes).not.toContain(429);
    expectRefusal(await send(one, cartAdd, 0, address), 'en');
    expectRefusal(await send(two, cartAdd, 0, address, { 'accept-language': 'my' }), 'my');
    expect(await redisKeys(`${prefix}req-limit:*cart:a:${address}`)).toHaveLength(1);
  });

  it('Redis cut or frozen: requests are still served (limited per instance), and Redis is used again once back', async () => {
    proxy.cut();
    const cutAddress = newAddress();
    const cut = await statuses(two, cartAdd, max('cart') + 1, cutAddress);
    expect(cut.slice(0, -1).every((code) => code === 400)).toBe(true);
    expect(cut.at(-1)).toBe(429);
    expect(await redisKeys(`${prefix}req-limit:*${cutAddress}`)).toEqual([]);

    proxy.restore();
    const back = newAddress();
    const deadline = Date.now() + 15_000;
    while ((await redisKeys(`${prefix}req-limit:*${back}`)).length === 0) {
      if (Date.now() > deadline) throw new Error('Redis not used again');
      expect((await send(two, cartAdd, 0, back)).statusCode).not.toBe(500);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    proxy.freeze();
    const frozen = newAddress();
    const started = performance.now();
    const codes = await statuses(two, cartAdd, 5, frozen);
    // One command timeout (1 s) for the first; the rest from memory at once.
    expect(performance.now() - started).toBeLessThan(2500);
    expect(codes.every((code) => code === 400)).toBe(true);
    proxy.restore();
  });
});
