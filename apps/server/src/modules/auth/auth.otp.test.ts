import { describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app-kit.ts';
import {
  errorOf,
  latestCode,
  latestCodeEntry,
  login,
  MINUTE,
  movableClock,
  newPerson,
  outboxFor,
  inEnglish,
  register,
  SECOND,
  verifiedPerson,
  wrongCode,
  type Person,
} from '../../test/auth-kit.ts';

// The assertions quote the spec's English wording.
const { post, profile, refresh } = inEnglish;

describe('one-time codes: lifetimes, attempts, cooldown', () => {
  const clock = movableClock();
  const t = openTestApp({ clock });

  it('the registration code lives 900 s', async () => {
    const person = newPerson();
    await register(t, person);
    const code = latestCode(t, person.email);
    clock.advance(900 * SECOND + 1);
    const late = await post(t, '/api/v1/auth/verify/otp', { email: person.email, otp: code });
    expect(late.statusCode).toBe(400);
    expect(errorOf(late).error).toBe('OTP has expired. Please request a new code.');

    const other = newPerson();
    await register(t, other);
    clock.advance(899 * SECOND);
    const inTime = await post(t, '/api/v1/auth/verify/otp', latestCodeEntry(t, other));
    expect(inTime.statusCode).toBe(200);
  });

  it('a phone code lives 300 s', async () => {
    const person = newPerson();
    await register(t, person);
    await post(t, '/api/v1/auth/verify/phone/send', { phoneNumber: person.phone });
    clock.advance(301 * SECOND);
    const res = await post(t, '/api/v1/auth/verify/otp', latestCodeEntry(t, person, 'phone'));
    expect(errorOf(res).error).toBe('OTP has expired. Please request a new code.');
  });

  it('5 wrong tries kill the code, even for the right code afterwards', async () => {
    const person = newPerson();
    await register(t, person);
    const code = latestCode(t, person.email);
    for (let i = 1; i <= 4; i += 1) {
      const res = await post(t, '/api/v1/auth/verify/otp', {
        email: person.email,
        otp: wrongCode(code),
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).error).toBe('Invalid OTP. Please try again.');
    }
    const fifth = await post(t, '/api/v1/auth/verify/otp', {
      email: person.email,
      otp: wrongCode(code),
    });
    expect(fifth.statusCode).toBe(429);
    expect(errorOf(fifth).error).toBe('Too many wrong codes. Please request a new code.');
    const right = await post(t, '/api/v1/auth/verify/otp', { email: person.email, otp: code });
    expect(right.statusCode).toBe(429);

    // A new code (after the cooldown) works again.
    clock.advance(61 * SECOND);
    const again = await post(t, '/api/v1/auth/verify/email/send', { email: person.email });
    expect(again.statusCode).toBe(200);
    const ok = await post(t, '/api/v1/auth/verify/otp', latestCodeEntry(t, person));
    expect(ok.statusCode).toBe(200);
  });

  it('a code is single use', async () => {
    const person = newPerson();
    await register(t, person);
    const code = latestCode(t, person.email);
    expect(
      (await post(t, '/api/v1/auth/verify/otp', { email: person.email, otp: code })).statusCode,
    ).toBe(200);
    const twice = await post(t, '/api/v1/auth/verify/otp', { email: person.email, otp: code });
    expect(twice.statusCode).toBe(400);
  });

  it('resending within 60 s is a 429 saying how long to wait; after it a new code goes out', async () => {
    const person = newPerson();
    await register(t, person);
    await post(t, '/api/v1/auth/verify/phone/send', { phoneNumber: person.phone });
    clock.advance(20 * SECOND);
    const early = await post(t, '/api/v1/auth/verify/phone/send', { phoneNumber: person.phone });
    expect(early.statusCode).toBe(429);
    expect(errorOf(early)).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      error: 'Please wait 40 seconds before requesting a new code.',
    });
    expect(early.headers['retry-after']).toBe('40');
    expect(outboxFor(t, `+${person.phone95}`)).toHaveLength(1);
    clock.advance(40 * SECOND);
    const later = await post(t, '/api/v1/auth/verify/phone/send', { phoneNumber: person.phone });
    expect(later.statusCode).toBe(200);
    expect(outboxFor(t, `+${person.phone95}`)).toHaveLength(2);
  });
});

describe('password reset', () => {
  const clock = movableClock();
  const t = openTestApp({ clock });

  /** POST …/password/reset/confirm: `person` (as a `role`, 'user' unless told) sets a password. */
  const confirmReset = (
    person: Person,
    otp: string,
    newPassword = 'a-brand-new-secret-9',
    role = 'user',
  ) =>
    post(t, '/api/v1/auth/password/reset/confirm', { email: person.email, role, otp, newPassword });
  /** A new verified person who asked for a password reset, and the code that was sent. */
  const askedReset = async () => {
    const person = await verifiedPerson(t);
    await post(t, '/api/v1/auth/password/reset/request', { email: person.email, role: 'user' });
    return { person, code: latestCode(t, person.email) };
  };

  it('request → code by email → confirm → old sessions end → login with the new password', async () => {
    const person = await verifiedPerson(t);
    const session = await login(t, person);

    const req = await post(
      t,
      '/api/v1/auth/password/reset/request',
      { email: person.email, role: 'user' },
      { 'accept-language': 'en' },
    );
    expect(req.statusCode).toBe(200);
    expect(req.json()).toEqual({
      success: true,
      message: `If an account exists for ${person.email}, we've sent a password reset code to it.`,
      data: { expiresIn: 300, resendAfter: 60 },
    });
    const mail = outboxFor(t, person.email).at(-1);
    expect(mail?.subject).toBe('Reset your MyanTopup password');
    expect(mail?.text).toContain('5 minutes');

    const confirm = await confirmReset(person, latestCode(t, person.email));
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({
      success: true,
      message: 'Password reset successful. Please log in with your new password.',
    });

    expect((await refresh(t, session.refreshToken)).statusCode).toBe(401);
    expect((await profile(t, session.accessToken)).statusCode).toBe(401);
    const oldPassword = await post(t, '/api/v1/auth/login', {
      email: person.email,
      password: person.password,
    });
    expect(oldPassword.statusCode).toBe(401);
    const fresh = await login(t, { ...person, password: 'a-brand-new-secret-9' });
    expect(fresh.user.email).toBe(person.email);
  });

  it('answers the same for an unknown email and sends no code', async () => {
    const res = await post(
      t,
      '/api/v1/auth/password/reset/request',
      { email: 'unknown.person@example.com', role: 'user' },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message:
        "If an account exists for unknown.person@example.com, we've sent a password reset code to it.",
    });
    // Issue 11 (same work either way): a mail goes out, telling the mailbox that no account
    // uses the address, and it holds no code.
    const mails = outboxFor(t, 'unknown.person@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your MyanTopup code request');
    expect(mails[0]?.text).not.toMatch(/\b\d{6}\b/);
  });

  it('asking again within 60 s is a 429 (for known and unknown emails alike)', async () => {
    const person = await verifiedPerson(t);
    for (const email of [person.email, 'nobody.here@example.com']) {
      await post(t, '/api/v1/auth/password/reset/request', { email, role: 'user' });
      clock.advance(10 * SECOND);
      const again = await post(t, '/api/v1/auth/password/reset/request', { email, role: 'user' });
      expect(again.statusCode).toBe(429);
      expect(errorOf(again).error).toBe('Please wait 50 seconds before requesting a new code.');
    }
  });

  it('the reset code lives 300 s', async () => {
    clock.advance(2 * MINUTE);
    const { person, code } = await askedReset();
    clock.advance(301 * SECOND);
    const res = await confirmReset(person, code);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).error).toBe('OTP has expired. Please request a new code.');
  });

  it('a wrong code, a common password or a bad role change nothing', async () => {
    clock.advance(2 * MINUTE);
    const { person, code } = await askedReset();
    const wrong = await confirmReset(person, wrongCode(code));
    expect(errorOf(wrong).error).toBe('Invalid OTP. Please try again.');
    const common = await confirmReset(person, code, 'password123');
    expect(common.statusCode).toBe(400);
    expect(errorOf(common)).toMatchObject({
      error: 'This password is too common. Please choose a different one.',
      fields: { newPassword: 'This password is too common. Please choose a different one.' },
    });
    const role = await confirmReset(person, code, undefined, 'admin');
    expect(role.statusCode).toBe(400);
    expect(errorOf(role).error).toBe("role must be 'user'");
    // The password is unchanged and the code still works.
    await login(t, person);
    const ok = await confirmReset(person, code);
    expect(ok.statusCode).toBe(200);
  });
});
