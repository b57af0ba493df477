import { describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app-kit.ts';
import {
  errorOf,
  latestCode,
  latestCodeEntry,
  login,
  movableClock,
  newPerson,
  post,
  register,
  verifiedPerson,
  wrongCode,
} from '../../test/auth-kit.ts';

const my = { 'accept-language': 'my' };
const en = { 'accept-language': 'en' };

/** Burmese text: Myanmar letters, no Latin letter and no ASCII digit (once `except` is cut out). */
function expectBurmese(text: string, ...except: string[]) {
  const rest = except.reduce((left, part) => left.replaceAll(part, ''), text);
  expect(rest).toMatch(/[\u1000-\u109F]/);
  expect(rest).not.toMatch(/[A-Za-z0-9]/);
}

/**
 * Issue 11: every auth answer, failure or success, is in the request's language (Accept-Language,
 * default my); the English stays the spec's wording.
 */
describe('auth answers follow Accept-Language', () => {
  const clock = movableClock();
  const t = openTestApp({ clock });

  it('a wrong password: Burmese for my and with no header, the exact English for en', async () => {
    const person = await verifiedPerson(t);
    const body = { email: person.email, password: 'wrong-password-123' };
    const burmese = await post(t, '/api/v1/auth/login', body, my);
    expect(burmese.statusCode).toBe(401);
    expect(errorOf(burmese).code).toBe('UNAUTHORIZED');
    expect(errorOf(burmese).error).toBe('ဖုန်းနံပါတ်၊ အီးမေးလ် သို့မဟုတ် စကားဝှက် မမှန်ကန်ပါ');
    expect(errorOf(burmese).message).toBe(errorOf(burmese).error);
    expectBurmese(errorOf(burmese).error);
    const byDefault = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: body,
    });
    expect(errorOf(byDefault).error).toBe(errorOf(burmese).error);
    const english = await post(t, '/api/v1/auth/login', body, en);
    expect(english.statusCode).toBe(401);
    expect(errorOf(english).error).toBe('Invalid phone number, email or password');
  });

  it('unverified login, wrong and expired codes, cooldown, missing and bad tokens', async () => {
    const person = newPerson();
    const registered = await register(t, person, my);
    expectBurmese(registered.json<{ message: string }>().message, person.email);
    expect((await register(t, newPerson(), en)).json<{ message: string }>().message).toMatch(
      /^Registration successful\. We've sent a verification code to \S+@example\.com$/,
    );

    const cases: { url: string; body: object; en: string; status: number; headers?: object }[] = [
      {
        url: '/api/v1/auth/login',
        body: { email: person.email, password: person.password },
        status: 403,
        en: 'Email verification required',
      },
      {
        url: '/api/v1/auth/verify/otp',
        body: { email: person.email, otp: wrongCode(latestCode(t, person.email)) },
        status: 400,
        en: 'Invalid OTP. Please try again.',
      },
      {
        url: '/api/v1/auth/verify/email/send',
        body: { email: person.email },
        status: 429,
        en: 'Please wait 60 seconds before requesting a new code.',
      },
      {
        url: '/api/v1/auth/refresh-token',
        body: { refreshToken: 'not-a-token' },
        status: 401,
        en: 'Refresh token expired or invalid',
      },
      {
        url: '/api/v1/auth/refresh-token',
        body: {},
        status: 400,
        en: 'No refresh token available',
      },
    ];
    for (const c of cases) {
      const english = await post(t, c.url, c.body, en);
      expect(english.statusCode, c.url).toBe(c.status);
      expect(errorOf(english).error).toBe(c.en);
      const burmese = await post(t, c.url, c.body, my);
      expect(burmese.statusCode, c.url).toBe(c.status);
      expect(errorOf(burmese).code).toBe(errorOf(english).code);
      expectBurmese(errorOf(burmese).error);
    }
    // The cooldown's number is written in Burmese digits.
    const cooldown = await post(t, '/api/v1/auth/verify/email/send', { email: person.email }, my);
    expect(errorOf(cooldown).error).toMatch(/[၁-၆][၀-၉]? စက္ကန့်/);

    const noToken = await t.app.inject({ url: '/api/v1/users/profile', headers: my });
    expect(noToken.statusCode).toBe(401);
    expectBurmese(errorOf(noToken).error);
    const badToken = (headers: Record<string, string>) =>
      t.app.inject({
        url: '/api/v1/users/profile',
        headers: { authorization: 'Bearer not.a.token', ...headers },
      });
    expect(errorOf(await badToken(en)).error).toBe('Invalid access token');
    expectBurmese(errorOf(await badToken(my)).error);
  });

  it('successes: verified, logged in, logged out, reset, in Burmese and in English', async () => {
    const person = newPerson();
    await register(t, person);
    const verified = await post(t, '/api/v1/auth/verify/otp', latestCodeEntry(t, person), my);
    expect(verified.json<{ message: string }>().message).toBe('အီးမေးလ်ကို အောင်မြင်စွာ အတည်ပြုပြီးပါပြီ');

    const sent = await post(t, '/api/v1/auth/verify/phone/send', { phoneNumber: person.phone }, my);
    expect(sent.statusCode).toBe(200);
    expectBurmese(sent.json<{ message: string }>().message, '+');
    const phone = await post(t, '/api/v1/auth/verify/otp', latestCodeEntry(t, person, 'phone'), en);
    expect(phone.json<{ message: string }>().message).toBe('Phone number verified successfully');

    const burmeseLogin = await login(t, person, 'email', my);
    expectBurmese(burmeseLogin.message);
    const englishLogin = await login(t, person, 'phone', en);
    expect(englishLogin.message).toBe('Login successful');

    const logout = await post(
      t,
      '/api/v1/auth/logout',
      { refreshToken: burmeseLogin.refreshToken },
      { ...my, authorization: `Bearer ${burmeseLogin.accessToken}` },
    );
    expect(logout.statusCode).toBe(200);
    expect(logout.json<{ message: string }>().message).toBe('အကောင့်မှ အောင်မြင်စွာ ထွက်ပြီးပါပြီ');

    const forgot = await post(
      t,
      '/api/v1/auth/password/reset/request',
      { email: person.email },
      my,
    );
    expect(forgot.statusCode).toBe(200);
    expectBurmese(forgot.json<{ message: string }>().message, person.email);
    const reset = await post(
      t,
      '/api/v1/auth/password/reset/confirm',
      {
        email: person.email,
        otp: latestCode(t, person.email),
        newPassword: 'shwe-dagon-pagoda-77',
      },
      en,
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json<{ message: string }>().message).toBe(
      'Password reset successful. Please log in with your new password.',
    );
  });
});
