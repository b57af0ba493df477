import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { adminMessages } from '@shop/contracts/admin-messages';
import { adminSchemaMessages } from '@shop/contracts/admin-schema-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeInstances,
  openTestApp,
  twoInstancesOnRedis,
  type TestApp,
  redisKeys,
} from '../../test/app-kit.ts';
import {
  errorOf,
  MINUTE,
  movableClock,
  post,
  SECOND,
  verifiedPerson,
} from '../../test/auth-kit.ts';
import { newStaff, signedInStaff, staffCode, staffLogin, totpAt } from '../../test/admin-kit.ts';

/* Staff sign-in (issue 17, ADR 0033): password and TOTP, recovery codes, 15 minutes idle. */

describe('staff sign-in', () => {
  const clock = movableClock(new Date('2030-03-01T03:00:00Z'));
  const en = { 'accept-language': 'en' };

  const t = openTestApp({ clock });
  /** POST with the English messages this file checks. */
  const postInEnglish = (url: string, payload: unknown) => post(t, url, payload, en);

  const me = (sessionToken: string) =>
    t.app.inject({
      url: '/api/v1/admin/auth/me',
      headers: { ...en, authorization: `Bearer ${sessionToken}` },
    });

  it('enrols on the first sign-in: otpauth URI, a QR (SVG) and 10 recovery codes', async () => {
    const { email, password } = await newStaff(t, 'admin', clock());
    const step1 = await staffLogin(t, email, password);
    expect(step1.totpEnrolled).toBe(false);
    // Without an authenticator there is no step two yet.
    const early = await staffCode(t, step1.challengeToken, '123456');
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe(adminMessages.notEnrolled.en);

    const enrol = await post(t, '/api/v1/admin/auth/enrol', {
      challengeToken: step1.challengeToken,
    });
    expect(enrol.statusCode).toBe(200);
    const data = enrol.json<{
      data: { otpauthUri: string; qrSvg: string; secret: string; recoveryCodes: string[] };
    }>().data;
    expect(data.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(data.otpauthUri).toContain(encodeURIComponent(email).replace(/%40/g, '@').split('@')[0]);
    expect(data.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(data.recoveryCodes).toHaveLength(10);
    expect(new Set(data.recoveryCodes).size).toBe(10);
    for (const code of data.recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);

    const wrong = await postInEnglish('/api/v1/admin/auth/enrol/confirm', {
      challengeToken: step1.challengeToken,
      code: '000000',
    });
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong).message).toBe(adminMessages.totpWrong.en);
    const confirm = await post(t, '/api/v1/admin/auth/enrol/confirm', {
      challengeToken: step1.challengeToken,
      code: await totpAt(data.secret, clock()),
    });
    expect(confirm.statusCode).toBe(200);
    const session = confirm.json<{
      data: { sessionToken: string; idleTimeout: number; staff: { role: string } };
    }>().data;
    expect(session.idleTimeout).toBe(15 * 60);
    expect(session.staff.role).toBe('admin');
    expect((await me(session.sessionToken)).statusCode).toBe(200);
    // A second enrolment is refused once one is confirmed.
    const again = await staffLogin(t, email, password);
    expect(again.totpEnrolled).toBe(true);
    const reEnrol = await postInEnglish('/api/v1/admin/auth/enrol', {
      challengeToken: again.challengeToken,
    });
    expect(reEnrol.statusCode).toBe(409);
  });

  it('signs in with password and a TOTP code; the same code is not taken twice', async () => {
    const staff = await signedInStaff(t, clock);
    clock.advance(MINUTE);
    const first = await staffLogin(t, staff.email, staff.password);
    const code = await totpAt(staff.secret, clock());
    const ok = await staffCode(t, first.challengeToken, code);
    expect(ok.statusCode).toBe(200);
    const token = ok.json<{ data: { sessionToken: string } }>().data.sessionToken;
    expect(token).toMatch(/^stf_/);
    expect((await me(token)).statusCode).toBe(200);

    // A ticket is used up by its sign-in.
    const reuseTicket = await staffCode(t, first.challengeToken, code);
    expect(reuseTicket.statusCode).toBe(401);
    // The same code, replayed within its 30 seconds on a new ticket, is refused.
    const second = await staffLogin(t, staff.email, staff.password);
    const replay = await staffCode(t, second.challengeToken, code);
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay).message).toBe(adminMessages.totpWrong.en);
  });

  it('refuses a wrong password, and a ticket after 5 wrong codes', async () => {
    const staff = await signedInStaff(t, clock);
    const bad = await postInEnglish('/api/v1/admin/auth/login', {
      email: staff.email,
      password: 'not the password',
    });
    expect(bad.statusCode).toBe(401);
    expect(errorOf(bad).message).toBe(adminMessages.badCredentials.en);
    const { challengeToken } = await staffLogin(t, staff.email, staff.password);
    for (let i = 0; i < 5; i++) {
      const res = await staffCode(t, challengeToken, '000000');
      expect(res.statusCode).toBe(401);
    }
    clock.advance(31 * SECOND);
    const late = await staffCode(t, challengeToken, await totpAt(staff.secret, clock()));
    expect(late.statusCode).toBe(429);
    expect(errorOf(late).message).toBe(adminMessages.tooManyAttempts.en);
  });

  it('a known password gives 10 code guesses in 15 minutes, however many tickets it opens', async () => {
    const staff = await signedInStaff(t, clock);
    clock.advance(MINUTE);
    const guess = async (challengeToken: string, code = '000000') =>
      staffCode(t, challengeToken, code);
    // Two tickets of 5 wrong codes each: the account's 10.
    for (let ticket = 0; ticket < 2; ticket++) {
      const { challengeToken } = await staffLogin(t, staff.email, staff.password);
      for (let i = 0; i < 5; i++) expect((await guess(challengeToken)).statusCode).toBe(401);
    }
    // A third ticket: refused before the code is looked at, the right one too.
    const third = await staffLogin(t, staff.email, staff.password);
    const refused = await guess(third.challengeToken, await totpAt(staff.secret, clock()));
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toBe(adminMessages.tooManyAttempts.en);
    // A recovery code counts as a try too.
    const recovery = await postInEnglish('/api/v1/admin/auth/recovery', {
      challengeToken: third.challengeToken,
      recoveryCode: staff.recoveryCodes[0],
    });
    expect(recovery.statusCode).toBe(429);
    // 15 minutes on, the right code signs in, and the count starts again.
    clock.advance(15 * MINUTE + SECOND);
    const fourth = await staffLogin(t, staff.email, staff.password);
    expect(
      (await guess(fourth.challengeToken, await totpAt(staff.secret, clock()))).statusCode,
    ).toBe(200);
  });

  /** One password try from a client address (TRUST_PROXY is off in tests: remoteAddress counts). */
  const tryPassword = (
    email: string,
    password: string,
    address: string,
    cookies: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      headers: en,
      remoteAddress: address,
      payload: { email, password },
      cookies,
    });
  const retryAfter = (res: { headers: Record<string, unknown> }) =>
    Number(res.headers['retry-after']);

  it('stops password guessing from one network: after 5 wrong passwords it waits', async () => {
    const { email, password } = await newStaff(t, 'admin', clock());
    for (let i = 0; i < 5; i++) {
      const res = await tryPassword(email, `wrong ${i}`, '203.0.113.9');
      expect(res.statusCode).toBe(401);
    }
    const blocked = await tryPassword(email, password, '203.0.113.9');
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).message).toBe(adminMessages.tooManyAttempts.en);
    expect(blocked.headers['retry-after']).toBeDefined();
    clock.advance(15 * MINUTE + SECOND);
    const later = await tryPassword(email, password, '203.0.113.9');
    expect(later.statusCode).toBe(200);
  });

  it('20 wrong passwords from 4 networks do not lock the staff member out of a fifth', async () => {
    const staff = await signedInStaff(t, clock);
    const attackers = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'];
    for (let i = 0; i < 20; i++) {
      const res = await tryPassword(staff.email, `guess ${i}`, attackers[i % 4] ?? '');
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).message).toBe(adminMessages.badCredentials.en);
    }
    // The owner, elsewhere: the answer of any good password, then the TOTP step as ever.
    const owner = await tryPassword(staff.email, staff.password, '203.0.113.50');
    expect(owner.statusCode).toBe(200);
    const body = owner.json<{
      success: boolean;
      message: string;
      data: { challengeToken: string; totpEnrolled: boolean; expiresIn: number };
    }>();
    expect(body).toMatchObject({
      success: true,
      message: adminMessages.passwordAccepted.en,
      data: { totpEnrolled: true, expiresIn: 300 },
    });
    // Each attacking network waits, even with the right password (it is that pair's lane).
    for (const address of attackers) {
      const res = await tryPassword(staff.email, staff.password, address);
      expect(res.statusCode).toBe(429);
      expect(errorOf(res).message).toBe(adminMessages.tooManyAttempts.en);
      expect(retryAfter(res)).toBe(1);
    }
    clock.advance(31 * SECOND);
    const signIn = await staffCode(
      t,
      body.data.challengeToken,
      await totpAt(staff.secret, clock()),
    );
    expect(signIn.statusCode).toBe(200);
  });

  it('an attacking network waits 1 s, 2 s, 4 s … up to 15 minutes; the right password ends it', async () => {
    const staff = await signedInStaff(t, clock);
    const address = '198.51.100.77';
    for (let i = 0; i < 5; i++)
      expect((await tryPassword(staff.email, `wrong ${i}`, address)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 13; i++) {
      const refused = await tryPassword(staff.email, 'wrong again', address);
      expect(refused.statusCode).toBe(429);
      const wait = retryAfter(refused);
      waits.push(wait);
      // Just before the wait is over it still waits; after it, one more try is looked at.
      clock.advance(wait * SECOND - 10);
      expect((await tryPassword(staff.email, 'wrong again', address)).statusCode).toBe(429);
      clock.advance(10);
      expect((await tryPassword(staff.email, `wrong ${i + 5}`, address)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
    // The owner from this network too, once the wait is over: in, and the lane starts again.
    clock.advance(15 * MINUTE);
    expect((await tryPassword(staff.email, staff.password, address)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await tryPassword(staff.email, `later ${i}`, address)).statusCode).toBe(401);
    expect(retryAfter(await tryPassword(staff.email, 'later', address))).toBe(1);
  });

  it('a browser that signed in before is not made to wait by others, even on its own network', async () => {
    const staff = await signedInStaff(t, clock);
    const office = '198.51.100.120';
    const first = await tryPassword(staff.email, staff.password, office);
    expect(first.statusCode).toBe(200);
    const cookie = first.cookies.find((c) => c.name === 'staff_login_device');
    expect(cookie).toMatchObject({
      path: '/api/v1/admin/auth/login',
      httpOnly: true,
      sameSite: 'Strict',
      maxAge: 180 * 24 * 60 * 60,
    });
    const known = { staff_login_device: cookie?.value ?? '' };
    // Someone behind the same address guesses: that (account, network) pair waits…
    for (let i = 0; i < 5; i++)
      expect((await tryPassword(staff.email, `guess ${i}`, office)).statusCode).toBe(401);
    expect((await tryPassword(staff.email, staff.password, office)).statusCode).toBe(429);
    // …the staff member's browser does not, and keeps its cookie.
    const owner = await tryPassword(staff.email, staff.password, office, known);
    expect(owner.statusCode).toBe(200);
    expect(owner.cookies.find((c) => c.name === 'staff_login_device')?.value).toBe(
      known.staff_login_device,
    );
    // A forged cookie, or the cookie of another account, is an unknown browser.
    const other = await signedInStaff(t, clock);
    const forged = { staff_login_device: `${known.staff_login_device.slice(0, -2)}xx` };
    expect((await tryPassword(staff.email, staff.password, office, forged)).statusCode).toBe(429);
    const othersCookie = (await tryPassword(other.email, other.password, office)).cookies.find(
      (c) => c.name === 'staff_login_device',
    );
    expect(
      (
        await tryPassword(staff.email, staff.password, office, {
          staff_login_device: othersCookie?.value ?? '',
        })
      ).statusCode,
    ).toBe(429);
    // The shop's own device cookie is not one of the back-office's.
    const shop = await post(t, '/api/v1/auth/login', {
      email: staff.email,
      password: staff.password,
    });
    const shopCookie = shop.cookies.find((c) => c.name === 'login_device')?.value ?? '';
    expect(
      (
        await tryPassword(staff.email, staff.password, office, {
          staff_login_device: shopCookie,
        })
      ).statusCode,
    ).toBe(429);
    // The known browser's own failures make it wait like any lane.
    for (let i = 0; i < 5; i++)
      expect((await tryPassword(staff.email, `typo ${i}`, office, known)).statusCode).toBe(401);
    const waits = await tryPassword(staff.email, staff.password, office, known);
    expect(waits.statusCode).toBe(429);
    expect(retryAfter(waits)).toBe(1);
  });

  it('a parallel burst from one network gets at most 6 password checks', async () => {
    const { email } = await newStaff(t, 'admin', clock());
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => tryPassword(email, `burst ${i}`, '198.51.100.90')),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(6);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(6);
  });

  it('an account that is not staff still has a cap of 20 failures over all networks', async () => {
    // The 403 of a customer's right password must not become an unlimited password oracle.
    const person = await verifiedPerson(t);
    for (let i = 0; i < 20; i++)
      expect((await tryPassword(person.email, `guess ${i}`, `192.0.2.${i + 1}`)).statusCode).toBe(
        401,
      );
    const capped = await tryPassword(person.email, person.password, '192.0.2.200');
    expect(capped.statusCode).toBe(429);
    expect(retryAfter(capped)).toBeGreaterThan(0);
    clock.advance(15 * MINUTE + SECOND);
    const later = await tryPassword(person.email, person.password, '192.0.2.200');
    expect(later.statusCode).toBe(403);
    expect(errorOf(later).message).toBe(adminMessages.staffOnly.en);
  });

  it('takes each recovery code once', async () => {
    const staff = await signedInStaff(t, clock);
    const [code] = staff.recoveryCodes;
    if (!code) throw new Error('no recovery code');
    const first = await staffLogin(t, staff.email, staff.password);
    // Typed in lower case without dashes, it still counts.
    const used = await post(t, '/api/v1/admin/auth/recovery', {
      challengeToken: first.challengeToken,
      recoveryCode: code.toLowerCase().replace(/-/g, ''),
    });
    expect(used.statusCode).toBe(200);
    expect(used.json<{ data: { recoveryCodesLeft: number } }>().data.recoveryCodesLeft).toBe(9);
    const second = await staffLogin(t, staff.email, staff.password);
    const again = await postInEnglish('/api/v1/admin/auth/recovery', {
      challengeToken: second.challengeToken,
      recoveryCode: code,
    });
    expect(again.statusCode).toBe(401);
    expect(errorOf(again).message).toBe(adminMessages.recoveryWrong.en);
    // Another staff member's code does not open this account.
    const other = await signedInStaff(t, clock);
    const foreign = await post(t, '/api/v1/admin/auth/recovery', {
      challengeToken: second.challengeToken,
      recoveryCode: other.recoveryCodes[0],
    });
    expect(foreign.statusCode).toBe(401);
  });

  it('two recovery codes sent at once with one ticket open one session and spend one code', async () => {
    const staff = await signedInStaff(t, clock);
    const [a, b] = staff.recoveryCodes;
    const ticket = await staffLogin(t, staff.email, staff.password);
    const answers = await Promise.all(
      [a, b].map((recoveryCode) =>
        postInEnglish('/api/v1/admin/auth/recovery', {
          challengeToken: ticket.challengeToken,
          recoveryCode,
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const lost = answers.find((r) => r.statusCode === 401);
    expect(lost && errorOf(lost).message).toBe(adminMessages.challengeExpired.en);
    // The code of the sign-in that did not happen is still good.
    const unspent = answers[0]?.statusCode === 401 ? a : b;
    const next = await staffLogin(t, staff.email, staff.password);
    const later = await post(t, '/api/v1/admin/auth/recovery', {
      challengeToken: next.challengeToken,
      recoveryCode: unspent,
    });
    expect(later.statusCode).toBe(200);
    expect(later.json<{ data: { recoveryCodesLeft: number } }>().data.recoveryCodesLeft).toBe(8);
  });

  it('one recovery code sent at once with two tickets opens one session', async () => {
    const staff = await signedInStaff(t, clock);
    const [code] = staff.recoveryCodes;
    const tickets = await Promise.all([
      staffLogin(t, staff.email, staff.password),
      staffLogin(t, staff.email, staff.password),
    ]);
    const answers = await Promise.all(
      tickets.map(({ challengeToken }) =>
        postInEnglish('/api/v1/admin/auth/recovery', { challengeToken, recoveryCode: code }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const audit = await t.app.inject({
      url: `/api/v1/admin/audit-log?action=staff.sign_in&actor=${encodeURIComponent(staff.email)}`,
      headers: staff.headers,
    });
    const methods = audit
      .json<{ data: { after: { method: string } | null }[] }>()
      .data.map((item) => item.after?.method);
    expect(methods.filter((m) => m === 'recovery_code')).toHaveLength(1);
  });

  it('records the enrolment with its sign-in, and nothing for a wrong code', async () => {
    const { email, password } = await newStaff(t, 'admin', clock());
    const { challengeToken } = await staffLogin(t, email, password);
    const enrol = await post(t, '/api/v1/admin/auth/enrol', { challengeToken });
    const { secret } = enrol.json<{ data: { secret: string } }>().data;
    const wrong = await post(t, '/api/v1/admin/auth/enrol/confirm', {
      challengeToken,
      code: '000000',
    });
    expect(wrong.statusCode).toBe(401);
    const confirm = await post(t, '/api/v1/admin/auth/enrol/confirm', {
      challengeToken,
      code: await totpAt(secret, clock()),
    });
    expect(confirm.statusCode).toBe(200);
    const { sessionToken } = confirm.json<{ data: { sessionToken: string } }>().data;
    const audit = await t.app.inject({
      url: `/api/v1/admin/audit-log?actor=${encodeURIComponent(email)}`,
      headers: { ...en, authorization: `Bearer ${sessionToken}` },
    });
    const actions = audit
      .json<{ data: { action: string }[] }>()
      .data.map((item) => item.action)
      .sort();
    expect(actions).toEqual(['staff.created', 'staff.sign_in', 'staff.totp_enrolled']);
  });

  it('a new password ends the back-office sessions of the account', async () => {
    const staff = await signedInStaff(t, clock);
    expect((await me(staff.sessionToken)).statusCode).toBe(200);
    // The staff member signs in to the shop with the same account and changes the password there.
    const shop = await post(t, '/api/v1/auth/login', {
      email: staff.email,
      password: staff.password,
    });
    expect(shop.statusCode).toBe(200);
    const { accessToken } = shop.json<{ accessToken: string }>();
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/password',
      payload: { currentPassword: staff.password, newPassword: 'fresh-monsoon-rain-42' },
      headers: { ...en, authorization: `Bearer ${accessToken}` },
    });
    expect(changed.statusCode).toBe(200);
    const ended = await me(staff.sessionToken);
    expect(ended.statusCode).toBe(401);
    expect(errorOf(ended).message).toBe(adminMessages.sessionEnded.en);
    // The new password (and the authenticator) open it again.
    const again = await staffLogin(t, staff.email, 'fresh-monsoon-rain-42');
    clock.advance(31 * SECOND);
    const back = await staffCode(t, again.challengeToken, await totpAt(staff.secret, clock()));
    expect(back.statusCode).toBe(200);
  });

  it('ends a session after 15 minutes without a call; calls keep it alive', async () => {
    const staff = await signedInStaff(t, clock);
    clock.advance(14 * MINUTE);
    expect((await me(staff.sessionToken)).statusCode).toBe(200);
    clock.advance(14 * MINUTE);
    expect((await me(staff.sessionToken)).statusCode).toBe(200);
    clock.advance(15 * MINUTE + SECOND);
    const idle = await me(staff.sessionToken);
    expect(idle.statusCode).toBe(401);
    expect(errorOf(idle).message).toBe(adminMessages.sessionEnded.en);
    // Once ended it stays ended.
    expect((await me(staff.sessionToken)).statusCode).toBe(401);
  });

  it('ends a session at sign-out, and a sign-in ticket after 5 minutes', async () => {
    const staff = await signedInStaff(t, clock);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/logout',
      headers: staff.headers,
    });
    expect(out.statusCode).toBe(200);
    expect((await me(staff.sessionToken)).statusCode).toBe(401);
    const { challengeToken } = await staffLogin(t, staff.email, staff.password);
    clock.advance(5 * MINUTE + SECOND);
    const late = await staffCode(t, challengeToken, await totpAt(staff.secret, clock()));
    expect(late.statusCode).toBe(401);
    expect(errorOf(late).message).toBe(adminMessages.challengeExpired.en);
  });

  it('answers bad input with a 400 in the caller’s language', async () => {
    const res = await staffCode(t, 'x', '12', { 'accept-language': 'my' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(adminSchemaMessages.totpCode.my);
  });
});

/*
 * Two instances on one database and one Redis (a key prefix of this file's own), real time: the
 * (account, network) waits and the second-factor limit hold whichever instance a try reaches.
 */
describe.runIf(process.env.TEST_REDIS_URL)('staff sign-in throttling through Redis', () => {
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  const en = { 'accept-language': 'en' };
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await twoInstancesOnRedis({ prefix, sharedDatabase: true });
  });
  afterAll(() => closeInstances(a, b));

  const tryPassword = (app: TestApp, email: string, password: string, address: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      headers: en,
      remoteAddress: address,
      payload: { email, password },
    });
  const retryAfter = (res: { headers: Record<string, unknown> }) =>
    Number(res.headers['retry-after']);

  it('20 wrong passwords from 4 networks over both instances: the owner still gets in; the attackers wait longer each time', async () => {
    const staff = await signedInStaff(a, () => new Date());
    const attackers = ['198.51.100.11', '198.51.100.12', '198.51.100.13', '198.51.100.14'];
    for (let i = 0; i < 20; i++) {
      const res = await tryPassword(
        i % 2 ? a : b,
        staff.email,
        `guess ${i}`,
        attackers[i % 4] ?? '',
      );
      expect(res.statusCode).toBe(401);
    }
    // Each attacker's 5 failures (spread over both instances) make it wait 1 s, on either
    // instance (asked at once: the first wait began 3 password checks ago).
    const waiting = await Promise.all(
      attackers.map((address, i) =>
        tryPassword(i % 2 ? b : a, staff.email, staff.password, address),
      ),
    );
    expect(waiting.map((res) => [res.statusCode, retryAfter(res)])).toEqual(
      attackers.map(() => [429, 1]),
    );
    expect(await redisKeys(`${prefix}rl:staff-login:pair:*:lockouts`)).toHaveLength(4);
    const owner = await tryPassword(b, staff.email, staff.password, '203.0.113.60');
    expect(owner.statusCode).toBe(200);
    expect(owner.json<{ message: string; data: { totpEnrolled: boolean } }>()).toMatchObject({
      message: adminMessages.passwordAccepted.en,
      data: { totpEnrolled: true },
    });
    // One attacker after its wait: one more try (on a), then a wait twice as long (on b).
    const attacker = attackers[0] ?? '';
    await sleep(1100);
    expect((await tryPassword(a, staff.email, 'guess again', attacker)).statusCode).toBe(401);
    const longer = await tryPassword(b, staff.email, 'guess again', attacker);
    expect(longer.statusCode).toBe(429);
    expect(retryAfter(longer)).toBe(2);
  });

  it('the second factor keeps its own limit of 10 tries per account over both instances', async () => {
    const staff = await signedInStaff(a, () => new Date());
    const guess = (app: TestApp, challengeToken: string) =>
      staffCode(app, challengeToken, '000000');
    let tries = 0;
    for (let ticket = 0; ticket < 2; ticket++) {
      const { challengeToken } = await staffLogin(ticket ? b : a, staff.email, staff.password);
      for (let i = 0; i < 5; i++) {
        tries += 1;
        expect((await guess(tries % 2 ? a : b, challengeToken)).statusCode).toBe(401);
      }
    }
    const third = await staffLogin(b, staff.email, staff.password);
    const refused = await guess(a, third.challengeToken);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toBe(adminMessages.tooManyAttempts.en);
  });
});
