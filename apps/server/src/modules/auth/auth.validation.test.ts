import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type TestApp, openTestApp } from '../../test/app-kit.ts';
import { users } from './auth.tables.ts';
import { errorOf, post } from '../../test/auth-kit.ts';
import { localizeMessage } from '@shop/contracts/validation-messages';
import { breachedPasswords } from './password-policy.ts';

/** The spec's English wording is asked for; with no header the API answers in Burmese (below). */
const en = { 'accept-language': 'en' };

const good = {
  name: 'Su Su',
  email: 'susu@example.com',
  phoneNumber: '09250000000',
  password: 'thanaka-and-tea-2030',
};

describe('bad input gets a 4xx with the spec wording and changes nothing', () => {
  const t = openTestApp();

  const expectNoUsers = async () => {
    expect(await t.database.db.select().from(users)).toHaveLength(0);
  };

  it.each([
    [{ ...good, phoneNumber: '' }, 'phoneNumber', 'Phone number is required'],
    [{ ...good, phoneNumber: '09-25o-000000' }, 'phoneNumber', 'Please use English digits only'],
    [{ ...good, phoneNumber: '0925000' }, 'phoneNumber', 'Phone number is too short'],
    [{ ...good, phoneNumber: '092500000000' }, 'phoneNumber', 'Phone number is too long'],
    [{ ...good, phoneNumber: '09100000000' }, 'phoneNumber', 'Enter a valid Myanmar phone number.'],
    [{ ...good, phoneNumber: '0925000000' }, 'phoneNumber', 'MPT numbers should be 11 digits long'],
    [
      { ...good, phoneNumber: '0930000000' + '0' },
      'phoneNumber',
      'MEC numbers should be 10 digits long',
    ],
    [{ ...good, email: '' }, 'email', 'Please enter your email address'],
    [{ ...good, email: 'susu@example' }, 'email', 'Please enter a valid email address'],
    [{ ...good, name: '   ' }, 'name', 'Please enter your full name'],
    [{ ...good, password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ ...good, password: 'x'.repeat(129) }, 'password', 'Password must be at most 128 characters'],
  ])('register %# → %s: %s', async (body, field, message) => {
    const res = await post(t, '/api/v1/auth/register', body, en);
    expect(res.statusCode).toBe(400);
    const error = errorOf(res);
    expect(error).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      error: message,
      message,
    });
    expect(error.fields?.[field]).toBe(message);
    await expectNoUsers();
  });

  it('register: a password from the breached list is refused (474,743 entries, in English when asked)', async () => {
    expect(breachedPasswords().entryCount).toBe(474_743);
    for (const password of ['password', 'Password1', 'iloveyou', 'qwertyuiop', '12345678']) {
      const res = await post(
        t,
        '/api/v1/auth/register',
        { ...good, password },
        { 'accept-language': 'en' },
      );
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        error: 'This password is too common. Please choose a different one.',
        fields: { password: 'This password is too common. Please choose a different one.' },
      });
    }
    await expectNoUsers();
    expect(outboxEmpty(t)).toBe(true);
  });

  it('register: every missing field is named at once', async () => {
    const res = await post(t, '/api/v1/auth/register', {}, en);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({
      name: 'Please enter your full name',
      email: 'Please enter your email address',
      phoneNumber: 'Phone number is required',
      password: 'Please enter a new password',
    });
  });

  it.each([
    [{ phoneNumber: '', password: 'x' }, 'Please enter your phone number'],
    [{ phoneNumber: '0912', password: 'x' }, 'Please enter a valid Myanmar phone number'],
    [{ email: '', password: 'x' }, 'Please enter your email address'],
    [{ email: 'not-an-email', password: 'x' }, 'Please enter a valid email address'],
    [{ email: 'a@b.co', password: '' }, 'Please enter your password'],
    [{ email: 'a@b.co' }, 'Please enter your password'],
    [{ password: 'x' }, 'Please enter your phone number'],
    [
      { email: 'a@b.co', phoneNumber: '09250000000', password: 'x' },
      'Send either email or phoneNumber, not both',
    ],
  ])('login %j → %s', async (body, message) => {
    const res = await post(t, '/api/v1/auth/login', body, en);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_ERROR', error: message, message });
  });

  it.each([
    [
      '/api/v1/auth/verify/otp',
      { email: 'a@b.co', otp: '12345' },
      'Please enter the complete 6-digit code.',
    ],
    [
      '/api/v1/auth/verify/otp',
      { email: 'a@b.co', otp: '12a456' },
      'Please enter the complete 6-digit code.',
    ],
    [
      '/api/v1/auth/verify/otp',
      { phoneNumber: '0912', otp: '123456' },
      'Phone number is too short',
    ],
    ['/api/v1/auth/verify/otp', { otp: '123456' }, 'Please enter your email address'],
    ['/api/v1/auth/verify/email/send', { email: 'nope' }, 'Please enter a valid email address'],
    ['/api/v1/auth/verify/email/send', {}, 'Please enter your email address'],
    [
      '/api/v1/auth/verify/phone/send',
      { phoneNumber: '08123456789' },
      'Enter a valid Myanmar phone number.',
    ],
    ['/api/v1/auth/password/reset/request', { email: '' }, 'Please enter your email address'],
    [
      '/api/v1/auth/password/reset/request',
      { email: 'a@b.co', role: 'admin' },
      "role must be 'user'",
    ],
    [
      '/api/v1/auth/password/reset/confirm',
      { email: 'a@b.co', role: 'user', newPassword: 'long-enough-pass' },
      'Please enter the 6-digit verification code',
    ],
    [
      '/api/v1/auth/password/reset/confirm',
      { email: 'a@b.co', role: 'user', otp: '123456', newPassword: '' },
      'Please enter a new password',
    ],
    [
      '/api/v1/auth/password/reset/confirm',
      { email: 'a@b.co', role: 'user', otp: '123456' },
      'Please enter a new password',
    ],
    ['/api/v1/auth/refresh-token', { refreshToken: '' }, 'No refresh token available'],
  ])('%s %j → %s', async (url, body, message) => {
    const res = await post(t, url, body, en);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ error: message, message });
  });

  it.each([
    [{ ...good, phoneNumber: '' }, 'phoneNumber', 'ဖုန်းနံပါတ် ထည့်ရန် လိုအပ်ပါသည်'],
    [{ ...good, phoneNumber: '09-25o-000000' }, 'phoneNumber', 'အင်္ဂလိပ်ဂဏန်းများသာ အသုံးပြုပါ'],
    [{ ...good, phoneNumber: '0925000000' }, 'phoneNumber', 'MPT နံပါတ်များသည် ဂဏန်း ၁၁ လုံး ရှိရပါမည်'],
    [{ ...good, email: 'susu@example' }, 'email', 'မှန်ကန်သော အီးမေးလ်လိပ်စာ ထည့်ပါ'],
    [{ ...good, name: '   ' }, 'name', 'အမည်အပြည့်အစုံ ထည့်ပါ'],
    [{ ...good, name: 'Su\u202ESu' }, 'name', 'အမည်တွင် စာကြောင်းဦးတည်ရာ ပြောင်းသည့်စာလုံးများ မပါဝင်ရပါ'],
    [{ ...good, password: 'short' }, 'password', 'စကားဝှက်သည် အနည်းဆုံး စာလုံး ၈ လုံး ရှိရပါမည်'],
  ])(
    'issue 12: register %# in Burmese (Accept-Language my, and no header) → %s: %s',
    async (body, field, message) => {
      const burmese: Record<string, string>[] = [{ 'accept-language': 'my' }, {}];
      for (const headers of burmese) {
        const res = await post(t, '/api/v1/auth/register', body, headers);
        expect(res.statusCode).toBe(400);
        expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_ERROR', error: message, message });
        expect(errorOf(res).fields?.[field]).toBe(message);
      }
      await expectNoUsers();
    },
  );

  it('issue 12: every field of an empty register is named in Burmese', async () => {
    const res = await post(t, '/api/v1/auth/register', {}, { 'accept-language': 'my' });
    const fields = errorOf(res).fields ?? {};
    expect(Object.keys(fields).sort()).toEqual(['email', 'name', 'password', 'phoneNumber']);
    for (const text of Object.values(fields)) expect(text).not.toMatch(/[A-Za-z]/);
    expect(fields.password).toBe(localizeMessage('Please enter a new password', 'my'));
  });

  it.each([
    ['a JSON array', '[1,2]'],
    ['a JSON string', '"hello"'],
    ['broken JSON', '{"email": '],
    ['numbers for strings', JSON.stringify({ email: 42, password: 42 })],
    ['nested objects', JSON.stringify({ email: { $ne: null }, password: 'x' })],
  ])('%s is a 400 everywhere, never a 500', async (_what, payload) => {
    for (const url of [
      '/api/v1/auth/login',
      '/api/v1/auth/register',
      '/api/v1/auth/verify/otp',
      '/api/v1/auth/verify/email/send',
      '/api/v1/auth/verify/phone/send',
      '/api/v1/auth/password/reset/request',
      '/api/v1/auth/password/reset/confirm',
      '/api/v1/auth/refresh-token',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, `${url} ${payload}`).toBe(400);
      expect(errorOf(res).success).toBe(false);
    }
    await expectNoUsers();
  });

  it('a form-encoded body is refused with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: 'email=a@b.co&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
  });
});

function outboxEmpty(t: TestApp): boolean {
  return !fs.existsSync(t.outboxDir) || fs.readdirSync(t.outboxDir).length === 0;
}

describe('numbers as people paste them (issue 26)', () => {
  const t = openTestApp();

  it('a number in Burmese digits with +95 and spaces is the same number, stored in its 95 form', async () => {
    const res = await post(
      t,
      '/api/v1/auth/register',
      { ...good, phoneNumber: '+၉၅ ၉ ၂၅၀ ၀၀၀ ၀၀၇' },
      en,
    );
    expect(res.statusCode).toBe(201);
    const stored = await t.database.db.select().from(users);
    expect(stored.map((u) => u.phoneNumber)).toEqual(['959250000007']);
  });
});
