import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '@shop/contracts/auth';
import { openTestApp } from '../../test/app-kit.ts';
import { users } from './auth.tables.ts';
import {
  errorOf,
  latestCode,
  login,
  outboxFor,
  MINUTE,
  movableClock,
  newPerson,
  post,
  profile,
  refresh,
  verifiedPerson,
  type Person,
} from '../../test/auth-kit.ts';
import { buildBloomFilter, expectedFalsePositiveRate, parseBloomFilter } from './bloom-filter.ts';
import { breachedPasswords } from './password-policy.ts';

const en = { 'accept-language': 'en' };
const my = { 'accept-language': 'my' };

const personal = 'Password must not contain your name, email address or phone number';
const personalMy = 'စကားဝှက်တွင် သင့်အမည်၊ အီးမေးလ်လိပ်စာ သို့မဟုတ် ဖုန်းနံပါတ် မပါဝင်ရပါ';
const shopName = "Password must not contain the shop's name";
const tooCommon = 'This password is too common. Please choose a different one.';

describe('breached-password filter (ADR 0016)', () => {
  it('holds the 474,743 passwords of 8+ characters of the top million, at ≤ 0.1 % false positives', () => {
    const filter = breachedPasswords();
    expect(filter.entryCount).toBe(474_743);
    expect(filter.hashCount).toBe(10);
    // Sized for 0.1 %; k rounded to a whole 10 gives 0.100002 %.
    expect(expectedFalsePositiveRate(filter)).toBeLessThan(0.00101);
    // From the head and from far down the list (rank > 900,000), which the old 10,000 did not hold.
    for (const password of ['password', 'iloveyou', 'sunshine1', 'aungaung', 'susubaby'])
      expect(filter.has(password)).toBe(true);
    for (const password of ['wykmnp201', 'wsd1-2dr', 'willard1922', 'war12341234'])
      expect(filter.has(password)).toBe(true);
  });

  it('measured false-positive rate on 100,000 random strings is below 0.15 %', () => {
    const filter = breachedPasswords();
    let hits = 0;
    for (let i = 0; i < 100_000; i += 1)
      if (filter.has(randomBytes(9).toString('base64url'))) hits += 1;
    expect(hits / 100_000).toBeLessThan(0.0015);
  });

  it('round-trips through its file form and refuses a damaged file', () => {
    const built = buildBloomFilter(['alpha-one', 'beta-two'], 2, 0.001);
    const parsed = parseBloomFilter(built.toBuffer());
    expect(parsed.has('alpha-one') && parsed.has('beta-two')).toBe(true);
    expect(parsed.has('gamma-three')).toBe(false);
    expect(() =>
      parseBloomFilter(built.toBuffer().subarray(0, built.toBuffer().length - 1)),
    ).toThrow(/Damaged/);
    expect(() => parseBloomFilter(Buffer.from('nope'))).toThrow(/Not a Bloom/);
  });
});

describe('passwords refuse the name, e-mail, phone and shop name; names refuse hidden text', () => {
  const t = openTestApp();

  const person = {
    name: 'Kyaw Zin Htet',
    email: 'zinhtet.kyaw@example.com',
    phoneNumber: '09250012345',
  };
  const registerWith = (body: Record<string, string>, headers: Record<string, string> = en) =>
    post(
      t,
      '/api/v1/auth/register',
      { ...person, password: 'tea-leaf-salad-77', ...body },
      headers,
    );
  const noUser = async (email: string) => {
    expect(
      (await t.database.db.select().from(users)).filter((u) => u.email === email),
    ).toHaveLength(0);
  };

  it.each([
    ['MyanTopup2030!', shopName],
    ['my-myan.topup-pass', shopName],
    ['ilovemyantopup', shopName],
    ['htet-and-tea-2030', personal],
    ['Kyaw.Secure.Pass', personal],
    ['my zinhtet pass', personal],
    ['0925-001-2345xyz', personal],
    ['pass959250012345', personal],
    ['abc250012345def', personal],
  ])('register refuses %j', async (password, message) => {
    const res = await registerWith({ password });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: message,
      fields: { password: message },
    });
    await noUser(person.email);
  });

  it('answers in Burmese by default, and for the breached list too', async () => {
    const res = await registerWith({ password: 'zinhtet-2030-pw' }, {});
    expect(errorOf(res).error).toBe(personalMy);
    const common = await registerWith({ password: 'sunshine1' }, my);
    expect(errorOf(common).error).toBe(
      'ဤစကားဝှက်သည် အလွန်အသုံးများပြီး ပေါက်ကြားဖူးသော စကားဝှက်ဖြစ်ပါသည်။ အခြားစကားဝှက်တစ်ခုကို ရွေးချယ်ပါ။',
    );
    const shop = await registerWith({ password: 'MyanTopup-rocks' }, my);
    expect(errorOf(shop).error).toBe('စကားဝှက်တွင် ဆိုင်၏အမည် မပါဝင်ရပါ');
    await noUser(person.email);
  });

  it('short name parts are not looked for: "Mo Su" may use "mosaic-sunrise"', async () => {
    const res = await registerWith({
      name: 'Mo Su',
      email: 'mo.su@example.com',
      phoneNumber: '09250012346',
      password: 'mosaic-sunrise-42',
    });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ['Kyaw\u0000Zin', 'Name must not contain control characters'],
    ['Kyaw\nZin', 'Name must not contain control characters'],
    ['Kyaw\u0085Zin', 'Name must not contain control characters'],
    ['Admin\u202Egnp.exe', 'Name must not contain text-direction characters'],
    ['\u2066Kyaw\u2069', 'Name must not contain text-direction characters'],
    ['\u200B\u200C\u200D', 'Please enter a name with visible letters'],
    ['\u3164\u3164', 'Please enter a name with visible letters'],
    ['\uFEFF\u2060', 'Please enter a name with visible letters'],
  ])('register refuses the name %j', async (name, message) => {
    // U+0000 is refused earlier by the NUL guard, with its own message.
    const res = await registerWith({ name });
    expect(res.statusCode).toBe(400);
    if (name.includes('\u0000')) return;
    expect(errorOf(res)).toMatchObject({ error: message, fields: { name: message } });
    await noUser(person.email);
  });

  it('name messages are Burmese by default', async () => {
    const res = await registerWith({ name: 'A\u202Eb' }, {});
    expect(errorOf(res).error).toBe('အမည်တွင် စာကြောင်းဦးတည်ရာ ပြောင်းသည့်စာလုံးများ မပါဝင်ရပါ');
  });

  it('stores the name NFC-normalised; Burmese with ZWSP between words is accepted', async () => {
    const res = await registerWith({
      name: ' Rene\u0301 မောင်\u200Bမောင် ',
      email: 'rene@example.com',
      phoneNumber: '09250012347',
    });
    expect(res.statusCode).toBe(201);
    const [row] = (await t.database.db.select().from(users)).filter(
      (u) => u.email === 'rene@example.com',
    );
    expect(row?.name).toBe('Ren\u00e9 မောင်\u200Bမောင်');
  });

  it('reset confirm: the policy applies; a refusal for the name leaves the code usable', async () => {
    const someone = await verifiedPerson(t, {
      ...newPerson(),
      name: 'Thida Win',
    });
    await post(t, '/api/v1/auth/password/reset/request', { email: someone.email, role: 'user' });
    const code = latestCode(t, someone.email);
    const confirm = (newPassword: string) =>
      post(
        t,
        '/api/v1/auth/password/reset/confirm',
        { email: someone.email, role: 'user', otp: code, newPassword },
        en,
      );
    const named = await confirm('thida-is-great-1');
    expect(errorOf(named)).toMatchObject({ error: personal, fields: { newPassword: personal } });
    const shop = await confirm('myantopup-again');
    expect(errorOf(shop).error).toBe(shopName);
    const ok = await confirm('rainy-season-in-bago');
    expect(ok.statusCode).toBe(200);
    await login(t, { ...someone, password: 'rainy-season-in-bago' });
  });

  it('reset confirm for an unknown e-mail does not tell anything about names', async () => {
    const res = await post(
      t,
      '/api/v1/auth/password/reset/confirm',
      { email: 'nobody@example.com', role: 'user', otp: '123456', newPassword: 'thida-is-great-1' },
      en,
    );
    expect(errorOf(res).error).toBe('Invalid OTP. Please try again.');
  });
});

describe('PUT /api/v1/users/password', () => {
  const clock = movableClock();
  const t = openTestApp({ clock });

  const change = (token: string | undefined, body: unknown, headers: Record<string, string> = en) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/password',
      payload: body as object,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  let person: Person;
  let here: TokenResponse;
  let there: TokenResponse;
  beforeAll(async () => {
    person = await verifiedPerson(t);
    here = await login(t, person);
    there = await login(t, person, 'phone');
  });

  it('needs a signed-in user', async () => {
    const res = await change(undefined, { currentPassword: person.password, newPassword: 'x' });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [
      { currentPassword: '', newPassword: 'fresh-monsoon-rain' },
      'currentPassword',
      'Please enter your current password',
    ],
    [
      { currentPassword: 'not-my-password', newPassword: 'fresh-monsoon-rain' },
      'currentPassword',
      'Current password is incorrect',
    ],
    [{ currentPassword: 'x', newPassword: '' }, 'newPassword', 'Please enter a new password'],
    [
      { currentPassword: 'x', newPassword: 'short' },
      'newPassword',
      'Password must be at least 8 characters',
    ],
    [{ currentPassword: 'x', newPassword: 'iloveyou' }, 'newPassword', tooCommon],
    [{ currentPassword: 'x', newPassword: 'MyanTopup!2030' }, 'newPassword', shopName],
  ])('%j → 400 on %s: %s, nothing changes', async (body, field, message) => {
    const res = await change(here.accessToken, body);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ error: message, fields: { [field]: message } });
    expect((await profile(t, there.accessToken)).statusCode).toBe(200);
  });

  it('the name, e-mail and phone of the account are refused; Burmese by default', async () => {
    const local = person.email.split('@')[0] ?? '';
    const res = await change(
      here.accessToken,
      {
        currentPassword: person.password,
        newPassword: `x-${local}-x`,
      },
      {},
    );
    expect(errorOf(res)).toMatchObject({ error: personalMy, fields: { newPassword: personalMy } });
    const phone = await change(here.accessToken, {
      currentPassword: person.password,
      newPassword: `pw${person.phone}`,
    });
    expect(errorOf(phone).error).toBe(personal);
    const wrong = await change(
      here.accessToken,
      { currentPassword: 'nope-nope', newPassword: 'fresh-monsoon-rain' },
      {},
    );
    expect(errorOf(wrong).error).toBe('လက်ရှိစကားဝှက် မှားယွင်းနေပါသည်');
  });

  it('the same password again is refused', async () => {
    const res = await change(here.accessToken, {
      currentPassword: person.password,
      newPassword: person.password,
    });
    expect(errorOf(res)).toMatchObject({
      error: 'New password must be different from the current one',
    });
  });

  it('changes the password, ends the other sessions and keeps this one', async () => {
    clock.advance(16 * MINUTE);
    here = await login(t, person);
    there = await login(t, person, 'phone');
    const res = await change(here.accessToken, {
      currentPassword: person.password,
      newPassword: 'fresh-monsoon-rain',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      success: true,
      message: 'Password changed. Your other devices have been signed out.',
    });
    expect((await profile(t, here.accessToken)).statusCode).toBe(200);
    expect((await refresh(t, here.refreshToken ?? '')).statusCode).toBe(200);
    expect((await profile(t, there.accessToken)).statusCode).toBe(401);
    expect((await refresh(t, there.refreshToken ?? '')).statusCode).toBe(401);
    const old = await post(t, '/api/v1/auth/login', {
      email: person.email,
      password: person.password,
    });
    expect(old.statusCode).toBe(401);
    person = { ...person, password: 'fresh-monsoon-rain' };
    await login(t, person);
    // The owner is told by mail, in the request's language.
    const notice = outboxFor(t, person.email).at(-1);
    expect(notice?.subject).toBe('Your MyanTopup password was changed');
    expect(notice?.text).toContain('your other devices were signed out');
  });

  it('5 wrong current passwords per 15 minutes, then 429 even for the right one', async () => {
    const someone = await verifiedPerson(t);
    const session = await login(t, someone);
    // All at once: every attempt takes its slot before the password is checked.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        change(session.accessToken, {
          currentPassword: `wrong-guess-${String(i)}`,
          newPassword: 'fresh-monsoon-rain',
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 400)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(3);
    const right = await change(session.accessToken, {
      currentPassword: someone.password,
      newPassword: 'fresh-monsoon-rain',
    });
    expect(right.statusCode).toBe(429);
    expect(errorOf(right).error).toBe('Too many wrong passwords. Please try again later.');
    clock.advance(15 * MINUTE + 1000);
    const fresh = await login(t, someone);
    const later = await change(fresh.accessToken, {
      currentPassword: someone.password,
      newPassword: 'fresh-monsoon-rain',
    });
    expect(later.statusCode).toBe(200);
  });

  it('is in the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    const doc = res.json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(doc.paths['/api/v1/users/password']?.put).toBeDefined();
  });
});
