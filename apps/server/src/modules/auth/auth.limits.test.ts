import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isGuestId } from '@shop/contracts/auth';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { errorOf, MINUTE, movableClock, newPerson, verifiedPerson } from './auth-test-kit.ts';

const RATE_LIMITED = 'Too many failed login attempts. Please try again later.';

function attempt(t: TestApp, body: object, remoteAddress: string) {
  return t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: body, remoteAddress });
}

describe('login rate limit: 5 failures per 15 minutes, per account and per address', () => {
  const clock = movableClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  it('per account: the 6th try is refused even with the right password, from any address', async () => {
    const person = await verifiedPerson(t);
    for (let i = 1; i <= 5; i += 1) {
      const res = await attempt(
        t,
        { email: person.email, password: 'wrong-password' },
        `10.0.1.${i}`,
      );
      expect(res.statusCode).toBe(401);
    }
    const sixth = await attempt(t, { email: person.email, password: person.password }, '10.0.1.9');
    expect(sixth.statusCode).toBe(429);
    expect(errorOf(sixth)).toEqual({
      success: false,
      error: RATE_LIMITED,
      message: RATE_LIMITED,
      code: 'TOO_MANY_REQUESTS',
    });
    // The account is counted by its identity: the phone number is a different key, so phone
    // login still works (the person still owns that identifier).
    const byPhone = await attempt(
      t,
      { phoneNumber: person.phone, password: person.password },
      '10.0.1.10',
    );
    expect(byPhone.statusCode).toBe(200);

    clock.advance(15 * MINUTE + 1);
    const later = await attempt(t, { email: person.email, password: person.password }, '10.0.1.9');
    expect(later.statusCode).toBe(200);
  });

  it('per address: 5 failures on different accounts block that address only', async () => {
    const person = await verifiedPerson(t);
    for (let i = 1; i <= 5; i += 1) {
      const res = await attempt(
        t,
        { email: `guess${i}@example.com`, password: 'whatever-it-is' },
        '10.0.2.1',
      );
      expect(res.statusCode).toBe(401);
    }
    const blocked = await attempt(
      t,
      { email: person.email, password: person.password },
      '10.0.2.1',
    );
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).error).toBe(RATE_LIMITED);
    const elsewhere = await attempt(
      t,
      { email: person.email, password: person.password },
      '10.0.2.2',
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('a burst of parallel guesses gets no more than 5 password checks', async () => {
    const person = await verifiedPerson(t);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        attempt(t, { email: person.email, password: `guess-${i}` }, `10.0.4.${i}`),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
  });

  it('a success clears the account count; only failures count', async () => {
    const person = await verifiedPerson(t);
    for (let i = 1; i <= 4; i += 1)
      await attempt(t, { email: person.email, password: 'wrong-password' }, `10.0.3.${i}`);
    expect(
      (await attempt(t, { email: person.email, password: person.password }, '10.0.3.9')).statusCode,
    ).toBe(200);
    for (let i = 1; i <= 4; i += 1) {
      const res = await attempt(t, { email: person.email, password: 'wrong' }, `10.0.3.${10 + i}`);
      expect(res.statusCode).toBe(401);
    }
  });
});

/*
 * The shared (multi-instance) path needs a Redis server; it runs when TEST_REDIS_URL names one
 * (CI and the dev machine set it). Without it there is nothing to test against.
 */
describe.runIf(process.env.TEST_REDIS_URL)('login rate limit through Redis', () => {
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? '', REDIS_KEY_PREFIX: prefix };
    a = await createTestApp({ env });
    b = await createTestApp({ env });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('failures on one instance count on another (shared counters)', async () => {
    const email = newPerson().email;
    for (let i = 0; i < 5; i += 1) {
      const res = await attempt(i % 2 ? a : b, { email, password: 'wrong-password' }, '10.9.0.1');
      expect(res.statusCode).toBe(401);
    }
    const blocked = await attempt(b, { email, password: 'wrong-password' }, '10.9.0.2');
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).error).toBe(RATE_LIMITED);
    const blockedToo = await attempt(a, { email, password: 'wrong-password' }, '10.9.0.3');
    expect(blockedToo.statusCode).toBe(429);
  });
});

describe('guest sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('issues guest_{timestamp}_{128-bit random} in the gid cookie and x-guest-id', async () => {
    const res = await t.app.inject({ url: '/api/v1/auth/guest-session' });
    expect(res.statusCode).toBe(200);
    const { gid } = res.json<{ success: true; gid: string }>();
    expect(gid).toMatch(/^guest_\d{13}_[0-9a-f]{32}$/);
    expect(isGuestId(gid)).toBe(true);
    expect(res.headers['x-guest-id']).toBe(gid);
    const cookie = res.cookies.find((c) => c.name === 'gid');
    expect(cookie).toMatchObject({ value: gid, path: '/', sameSite: 'Lax' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.httpOnly).toBeFalsy();

    const other = await t.app.inject({ url: '/api/v1/auth/guest-session' });
    expect(other.json<{ gid: string }>().gid).not.toBe(gid);
  });

  it('accepts a gid sent as header gid or as the cookie, and issues nothing new', async () => {
    const gid = `guest_${Date.now()}_${randomBytes(16).toString('base64url')}`;
    const byHeader = await t.app.inject({ url: '/api/v1/auth/guest-session', headers: { gid } });
    expect(byHeader.json<{ gid: string }>().gid).toBe(gid);
    expect(byHeader.headers['x-guest-id']).toBeUndefined();
    expect(byHeader.cookies).toHaveLength(0);
    const byCookie = await t.app.inject({ url: '/api/v1/auth/guest-session', cookies: { gid } });
    expect(byCookie.json<{ gid: string }>().gid).toBe(gid);
  });

  it('replaces a guessable or malformed gid with a fresh one', async () => {
    for (const gid of ['guest_1700000000000_abc123', 'hello', "guest_1_'; drop table users"]) {
      const res = await t.app.inject({ url: '/api/v1/auth/guest-session', headers: { gid } });
      const issued = res.json<{ gid: string }>().gid;
      expect(issued).not.toBe(gid);
      expect(isGuestId(issued)).toBe(true);
    }
  });

  it('marks the cookie Secure when the shop runs on https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example' } });
    try {
      const res = await secure.app.inject({ url: '/api/v1/auth/guest-session' });
      expect(res.cookies.find((c) => c.name === 'gid')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});
