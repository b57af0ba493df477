import { adminMessages } from '@shop/contracts/admin-messages';
import { adminSchemaMessages } from '@shop/contracts/admin-schema-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { errorOf, MINUTE, movableClock, post, SECOND } from '../auth/auth-test-kit.ts';
import { newStaff, signedInStaff, staffLogin, totpAt } from './admin-test-kit.ts';

/* Staff sign-in (issue 17, ADR 0033): password and TOTP, recovery codes, 15 minutes idle. */

describe('staff sign-in', () => {
  let t: TestApp;
  const clock = movableClock(new Date('2030-03-01T03:00:00Z'));
  const en = { 'accept-language': 'en' };

  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

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
    const early = await post(
      t,
      '/api/v1/admin/auth/totp',
      { challengeToken: step1.challengeToken, code: '123456' },
      en,
    );
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

    const wrong = await post(
      t,
      '/api/v1/admin/auth/enrol/confirm',
      { challengeToken: step1.challengeToken, code: '000000' },
      en,
    );
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
    const reEnrol = await post(
      t,
      '/api/v1/admin/auth/enrol',
      { challengeToken: again.challengeToken },
      en,
    );
    expect(reEnrol.statusCode).toBe(409);
  });

  it('signs in with password and a TOTP code; the same code is not taken twice', async () => {
    const staff = await signedInStaff(t, clock);
    clock.advance(MINUTE);
    const first = await staffLogin(t, staff.email, staff.password);
    const code = await totpAt(staff.secret, clock());
    const ok = await post(t, '/api/v1/admin/auth/totp', {
      challengeToken: first.challengeToken,
      code,
    });
    expect(ok.statusCode).toBe(200);
    const token = ok.json<{ data: { sessionToken: string } }>().data.sessionToken;
    expect(token).toMatch(/^stf_/);
    expect((await me(token)).statusCode).toBe(200);

    // A ticket is used up by its sign-in.
    const reuseTicket = await post(
      t,
      '/api/v1/admin/auth/totp',
      { challengeToken: first.challengeToken, code },
      en,
    );
    expect(reuseTicket.statusCode).toBe(401);
    // The same code, replayed within its 30 seconds on a new ticket, is refused.
    const second = await staffLogin(t, staff.email, staff.password);
    const replay = await post(
      t,
      '/api/v1/admin/auth/totp',
      { challengeToken: second.challengeToken, code },
      en,
    );
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay).message).toBe(adminMessages.totpWrong.en);
  });

  it('refuses a wrong password, and a ticket after 5 wrong codes', async () => {
    const staff = await signedInStaff(t, clock);
    const bad = await post(
      t,
      '/api/v1/admin/auth/login',
      { email: staff.email, password: 'not the password' },
      en,
    );
    expect(bad.statusCode).toBe(401);
    expect(errorOf(bad).message).toBe(adminMessages.badCredentials.en);
    const { challengeToken } = await staffLogin(t, staff.email, staff.password);
    for (let i = 0; i < 5; i++) {
      const res = await post(t, '/api/v1/admin/auth/totp', { challengeToken, code: '000000' }, en);
      expect(res.statusCode).toBe(401);
    }
    clock.advance(31 * SECOND);
    const late = await post(
      t,
      '/api/v1/admin/auth/totp',
      { challengeToken, code: await totpAt(staff.secret, clock()) },
      en,
    );
    expect(late.statusCode).toBe(429);
    expect(errorOf(late).message).toBe(adminMessages.tooManyAttempts.en);
  });

  it('a known password gives 10 code guesses in 15 minutes, however many tickets it opens', async () => {
    const staff = await signedInStaff(t, clock);
    clock.advance(MINUTE);
    const guess = async (challengeToken: string, code = '000000') =>
      post(t, '/api/v1/admin/auth/totp', { challengeToken, code }, en);
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
    const recovery = await post(
      t,
      '/api/v1/admin/auth/recovery',
      { challengeToken: third.challengeToken, recoveryCode: staff.recoveryCodes[0] },
      en,
    );
    expect(recovery.statusCode).toBe(429);
    // 15 minutes on, the right code signs in, and the count starts again.
    clock.advance(15 * MINUTE + SECOND);
    const fourth = await staffLogin(t, staff.email, staff.password);
    expect(
      (await guess(fourth.challengeToken, await totpAt(staff.secret, clock()))).statusCode,
    ).toBe(200);
  });

  it('stops password guessing: 5 tries per 15 minutes from one network', async () => {
    const { email, password } = await newStaff(t, 'admin', clock());
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/login',
        headers: en,
        remoteAddress: '203.0.113.9',
        payload: { email, password: `wrong ${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      remoteAddress: '203.0.113.9',
      headers: en,
      payload: { email, password },
    });
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).message).toBe(adminMessages.tooManyAttempts.en);
    expect(blocked.headers['retry-after']).toBeDefined();
    clock.advance(15 * MINUTE + SECOND);
    const later = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      remoteAddress: '203.0.113.9',
      headers: en,
      payload: { email, password },
    });
    expect(later.statusCode).toBe(200);
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
    const again = await post(
      t,
      '/api/v1/admin/auth/recovery',
      { challengeToken: second.challengeToken, recoveryCode: code },
      en,
    );
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
        post(
          t,
          '/api/v1/admin/auth/recovery',
          { challengeToken: ticket.challengeToken, recoveryCode },
          en,
        ),
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
        post(t, '/api/v1/admin/auth/recovery', { challengeToken, recoveryCode: code }, en),
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
    const back = await post(t, '/api/v1/admin/auth/totp', {
      challengeToken: again.challengeToken,
      code: await totpAt(staff.secret, clock()),
    });
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
    const late = await post(
      t,
      '/api/v1/admin/auth/totp',
      { challengeToken, code: await totpAt(staff.secret, clock()) },
      en,
    );
    expect(late.statusCode).toBe(401);
    expect(errorOf(late).message).toBe(adminMessages.challengeExpired.en);
  });

  it('answers bad input with a 400 in the caller’s language', async () => {
    const res = await post(
      t,
      '/api/v1/admin/auth/totp',
      { challengeToken: 'x', code: '12' },
      { 'accept-language': 'my' },
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(adminSchemaMessages.totpCode.my);
  });
});
