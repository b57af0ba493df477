import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isGuestId } from '@shop/contracts/auth';
import { clientNetwork } from '../../platform/http.ts';
import {
  createTestApp,
  type TestApp,
  openTestApp,
  openTwoInstancesOnRedis,
} from '../../test/app-kit.ts';
import {
  errorOf,
  latestCode,
  MINUTE,
  movableClock,
  newPerson,
  post,
  SECOND,
  verifiedPerson,
  type Person,
} from '../../test/auth-kit.ts';

const RATE_LIMITED = 'Too many failed login attempts. Please try again later.';

function attempt(t: TestApp, body: object, remoteAddress: string, device?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: body,
    headers: { 'accept-language': 'en' },
    remoteAddress,
    ...(device ? { cookies: { login_device: device } } : {}),
  });
}

/** The device cookie a successful login leaves. */
function deviceCookie(res: Awaited<ReturnType<typeof attempt>>): string {
  const cookie = res.cookies.find((c) => c.name === 'login_device');
  if (!cookie) throw new Error(`no device cookie: ${res.statusCode} ${res.body}`);
  return cookie.value;
}

const retryAfter = (res: Awaited<ReturnType<typeof attempt>>) => Number(res.headers['retry-after']);

const wrong = (person: Person) => ({ email: person.email, password: 'wrong-password' });
const right = (person: Person) => ({ email: person.email, password: person.password });

/** Fails n times on person's account from address, expecting 401 each time. */
async function failTimes(t: TestApp, person: Person, address: string, n = 5, device?: string) {
  for (let i = 0; i < n; i += 1)
    expect((await attempt(t, wrong(person), address, device)).statusCode).toBe(401);
}

describe('login throttling: per account and address, known devices, spray limit (ADR 0013)', () => {
  const clock = movableClock();
  const t = openTestApp({ clock });

  it('5 failures of one account from one address refuse the 6th, even with the right password, with Retry-After', async () => {
    const person = await verifiedPerson(t);
    await failTimes(t, person, '10.0.1.1');
    const sixth = await attempt(t, right(person), '10.0.1.1');
    expect(sixth.statusCode).toBe(429);
    expect(errorOf(sixth)).toEqual({
      success: false,
      error: RATE_LIMITED,
      message: RATE_LIMITED,
      code: 'TOO_MANY_REQUESTS',
    });
    expect(retryAfter(sixth)).toBeGreaterThan(15 * 60 - 5);
    expect(retryAfter(sixth)).toBeLessThanOrEqual(15 * 60);

    clock.advance(15 * MINUTE + 1);
    expect((await attempt(t, right(person), '10.0.1.1')).statusCode).toBe(200);
  });

  it("an attacker's 15 requests from one address lock none of 3 victims out of clean addresses", async () => {
    const victims = [await verifiedPerson(t), await verifiedPerson(t), await verifiedPerson(t)];
    for (const victim of victims)
      for (let i = 0; i < 5; i += 1) await attempt(t, wrong(victim), '10.0.5.66');
    for (const [i, victim] of victims.entries())
      expect((await attempt(t, right(victim), `10.0.5.${i + 1}`)).statusCode).toBe(200);
  });

  it('the victim logs in with the right password while an attacker keeps failing from another address', async () => {
    const victim = await verifiedPerson(t);
    await failTimes(t, victim, '10.0.6.66');
    expect((await attempt(t, right(victim), '10.0.6.1')).statusCode).toBe(200);
    for (let round = 0; round < 3; round += 1) {
      expect((await attempt(t, wrong(victim), '10.0.6.66')).statusCode).toBe(429);
      expect((await attempt(t, right(victim), '10.0.6.1')).statusCode).toBe(200);
    }
  });

  it('a known device logs in at a shared address while an attacker there is locked out of that account', async () => {
    const victim = await verifiedPerson(t);
    const attacker = await verifiedPerson(t);
    const nat = '10.0.7.1';
    const first = await attempt(t, right(victim), nat);
    expect(first.statusCode).toBe(200);
    const device = deviceCookie(first);
    const cookie = first.cookies.find((c) => c.name === 'login_device');
    expect(cookie).toMatchObject({
      path: '/api/v1/auth/login',
      httpOnly: true,
      sameSite: 'Strict',
    });
    expect(cookie?.maxAge).toBe(180 * 24 * 60 * 60);

    await failTimes(t, victim, nat);
    expect((await attempt(t, right(victim), nat)).statusCode).toBe(429);
    // The attacker's own device cookie, or a forged one, makes no device known for the victim.
    const own = deviceCookie(await attempt(t, right(attacker), nat));
    expect((await attempt(t, right(victim), nat, own)).statusCode).toBe(429);
    const [userId, nonce] = device.split('.');
    expect((await attempt(t, right(victim), nat, `${userId}.${nonce}.forged`)).statusCode).toBe(
      429,
    );

    const known = await attempt(t, right(victim), nat, device);
    expect(known.statusCode).toBe(200);
    expect(deviceCookie(known)).toBe(device);
    // The known device has a lane of its own: its failures lock only itself.
    await failTimes(t, victim, nat, 5, device);
    expect((await attempt(t, right(victim), nat, device)).statusCode).toBe(429);
    const otherDevice = await attempt(t, right(victim), '10.0.7.2');
    expect(otherDevice.statusCode).toBe(200);
  });

  it('5 wrong passwords by one user at a NAT address do not block another user there', async () => {
    const clumsy = await verifiedPerson(t);
    const neighbour = await verifiedPerson(t);
    await failTimes(t, clumsy, '10.0.8.1');
    expect((await attempt(t, right(neighbour), '10.0.8.1')).statusCode).toBe(200);
    expect((await attempt(t, right(clumsy), '10.0.8.1')).statusCode).toBe(429);
  });

  it('a spray of unknown accounts from one address is refused within 30 tries (a proof of work is asked, ADR 0045); known devices and other addresses are not', async () => {
    const member = await verifiedPerson(t);
    const device = deviceCookie(await attempt(t, right(member), '10.0.9.1'));
    const codes: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await attempt(
        t,
        { email: `spray${i}.${Date.now()}@example.com`, password: 'Password1!' },
        '10.0.9.1',
      );
      codes.push(res.statusCode);
      if (res.statusCode === 428) expect(errorOf(res).code).toBe('PROOF_REQUIRED');
    }
    expect(codes.indexOf(428)).toBe(25);
    expect(codes.slice(25).every((c) => c === 428)).toBe(true);
    expect((await attempt(t, right(member), '10.0.9.1', device)).statusCode).toBe(200);
    expect((await attempt(t, right(member), '10.0.9.2')).statusCode).toBe(200);
  });

  it('attempts refused by one limit count against no other', async () => {
    // Refused by the (account, address) lane: 200 of them do not reach the account's cap of 100.
    const victim = await verifiedPerson(t);
    await failTimes(t, victim, '10.0.10.66');
    for (let i = 0; i < 200; i += 1)
      expect((await attempt(t, wrong(victim), '10.0.10.66')).statusCode).toBe(429);
    await failTimes(t, victim, '10.0.10.1', 4);
    expect((await attempt(t, right(victim), '10.0.10.1')).statusCode).toBe(200);

    // Refused by the address's spray limit (no proof brought): they do not count on the accounts' own lanes.
    const sprayer = '10.0.11.66';
    const failing = await verifiedPerson(t);
    await failTimes(t, failing, sprayer, 1);
    for (let i = 1; i < 25; i += 1)
      expect(
        (
          await attempt(
            t,
            { email: `nobody${i}.${Date.now()}@example.com`, password: 'Password1!' },
            sprayer,
          )
        ).statusCode,
      ).toBe(401);
    const bystander = await verifiedPerson(t);
    for (let i = 0; i < 10; i += 1)
      expect((await attempt(t, wrong(bystander), sprayer)).statusCode).toBe(428);
    // One failing account logs in: the address has 24 failing accounts, so there is room again.
    expect((await attempt(t, right(failing), sprayer)).statusCode).toBe(200);
    await failTimes(t, bystander, sprayer, 5);
    expect((await attempt(t, wrong(bystander), sprayer)).statusCode).toBe(429);
  });

  it('lockouts of one account at one address grow: 15 minutes, then 30, then 60', async () => {
    const person = await verifiedPerson(t);
    const address = '10.0.12.1';
    for (const minutes of [15, 30, 60]) {
      await failTimes(t, person, address);
      const refused = await attempt(t, right(person), address);
      expect(refused.statusCode).toBe(429);
      expect(retryAfter(refused)).toBe(minutes * 60);
      clock.advance(minutes * MINUTE - 2 * SECOND);
      expect((await attempt(t, right(person), address)).statusCode).toBe(429);
      clock.advance(2 * SECOND + 1);
    }
    // A success ends the growth: the next lockout is 15 minutes again.
    expect((await attempt(t, right(person), address)).statusCode).toBe(200);
    await failTimes(t, person, address);
    expect(retryAfter(await attempt(t, right(person), address))).toBe(15 * 60);
  });

  it('an account refuses unknown devices after 100 failures from anywhere; its known devices still log in', async () => {
    const victim = await verifiedPerson(t);
    const device = deviceCookie(await attempt(t, right(victim), '10.0.13.1'));
    for (let a = 0; a < 20; a += 1) await failTimes(t, victim, `10.0.14.${a}`, 5);
    const refused = await attempt(t, right(victim), '10.0.13.2');
    expect(refused.statusCode).toBe(429);
    expect(retryAfter(refused)).toBeGreaterThan(23 * 3600);
    // Refused by the account's cap, these count on no (account, address) lane.
    for (let i = 0; i < 6; i += 1)
      expect((await attempt(t, wrong(victim), '10.0.13.2')).statusCode).toBe(429);
    expect((await attempt(t, right(victim), '10.0.13.3', device)).statusCode).toBe(200);
    // The known device's success starts the count again (NIST counts consecutive failures).
    await failTimes(t, victim, '10.0.13.2', 4);
    expect((await attempt(t, right(victim), '10.0.13.2')).statusCode).toBe(200);
  });

  it("a password reset lifts the account's cap for unknown devices", async () => {
    const victim = await verifiedPerson(t);
    for (let a = 0; a < 20; a += 1) await failTimes(t, victim, `10.0.17.${a}`, 5);
    expect((await attempt(t, right(victim), '10.0.17.100')).statusCode).toBe(429);
    await post(t, '/api/v1/auth/password/reset/request', { email: victim.email });
    const reset = await post(t, '/api/v1/auth/password/reset/confirm', {
      email: victim.email,
      otp: latestCode(t, victim.email),
      newPassword: 'a-new-password-for-yangon',
    });
    expect(reset.statusCode).toBe(200);
    const login = { email: victim.email, password: 'a-new-password-for-yangon' };
    expect((await attempt(t, login, '10.0.17.100')).statusCode).toBe(200);
  });

  it('the device cookie is Secure when the shop runs on https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example' } });
    try {
      const person = await verifiedPerson(secure);
      const res = await attempt(secure, right(person), '10.0.15.1');
      expect(res.cookies.find((c) => c.name === 'login_device')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it("an account's email and phone number share its limits", async () => {
    const person = await verifiedPerson(t);
    const byPhone = { phoneNumber: person.phone, password: 'wrong-password' };
    for (let i = 0; i < 3; i += 1)
      expect((await attempt(t, wrong(person), '10.0.16.1')).statusCode).toBe(401);
    for (let i = 0; i < 2; i += 1)
      expect((await attempt(t, byPhone, '10.0.16.1')).statusCode).toBe(401);
    const sixth = await attempt(t, { ...byPhone, password: person.password }, '10.0.16.1');
    expect(sixth.statusCode).toBe(429);
    expect((await attempt(t, right(person), '10.0.16.1')).statusCode).toBe(429);
  });

  it('IPv6 addresses count by their /64: a spray or guesses rotating through one network are stopped', async () => {
    const net = '2001:db8:77:1';
    const codes: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await attempt(
        t,
        { email: `v6spray${i}.${Date.now()}@example.com`, password: 'Password1!' },
        `${net}::${(i + 1).toString(16)}`,
      );
      codes.push(res.statusCode);
    }
    expect(codes.indexOf(428)).toBe(25);

    const person = await verifiedPerson(t);
    for (let i = 0; i < 5; i += 1)
      expect((await attempt(t, wrong(person), `2001:db8:78:1::${i + 1}`)).statusCode).toBe(401);
    expect((await attempt(t, right(person), '2001:db8:78:1:aaaa::1')).statusCode).toBe(429);
    expect((await attempt(t, right(person), '2001:db8:78:2::1')).statusCode).toBe(200);
    expect(clientNetwork('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(clientNetwork('10.1.2.3')).toBe('10.1.2.3');
  });

  it('a burst of parallel guesses from one address gets no more than 5 password checks', async () => {
    const person = await verifiedPerson(t);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        attempt(t, { email: person.email, password: `guess-${i}` }, '10.0.4.1'),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
  });

  it('a success clears the count; only failures count', async () => {
    const person = await verifiedPerson(t);
    await failTimes(t, person, '10.0.3.1', 4);
    expect((await attempt(t, right(person), '10.0.3.1')).statusCode).toBe(200);
    await failTimes(t, person, '10.0.3.1', 4);
  });
});

/*
 * The shared (multi-instance) path needs a Redis server; it runs when TEST_REDIS_URL names one
 * (CI and the dev machine set it). Without it there is nothing to test against.
 */
describe.runIf(process.env.TEST_REDIS_URL)('login throttling through Redis', () => {
  // Each on a database of its own: what the two share is the counters in Redis.
  const [a, b] = openTwoInstancesOnRedis();

  it('failures on one instance count on another (shared counters)', async () => {
    const email = newPerson().email;
    for (let i = 0; i < 5; i += 1) {
      const res = await attempt(i % 2 ? a : b, { email, password: 'wrong-password' }, '10.9.0.1');
      expect(res.statusCode).toBe(401);
    }
    const blocked = await attempt(b, { email, password: 'wrong-password' }, '10.9.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).error).toBe(RATE_LIMITED);
    expect(retryAfter(blocked)).toBeGreaterThan(0);
    const blockedToo = await attempt(a, { email, password: 'wrong-password' }, '10.9.0.1');
    expect(blockedToo.statusCode).toBe(429);
    // Another address is another lane.
    expect((await attempt(a, { email, password: 'wrong-password' }, '10.9.0.2')).statusCode).toBe(
      401,
    );
  });

  it('a parallel burst over two instances gets no more than 5 password checks', async () => {
    const email = newPerson().email;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        attempt(i % 2 ? a : b, { email, password: `guess-${i}` }, '10.9.1.1'),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
  });

  it('a spray over two instances is refused after 25 different accounts', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await attempt(
        i % 2 ? a : b,
        { email: `redis-spray${i}.${Date.now()}@example.com`, password: 'Password1!' },
        '10.9.2.1',
      );
      codes.push(res.statusCode);
    }
    expect(codes.indexOf(428)).toBe(25);
  });
});

describe('guest sessions', () => {
  const t = openTestApp();

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
