import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app-kit.ts';
import {
  browser,
  enterLatestCode,
  latestCode,
  movableClock,
  newPerson,
  outboxFor,
  SECOND,
  wrongCode,
  phoneSquatter,
  signUpIn,
  type Browser,
  type Person,
} from '../../test/auth-kit.ts';
import { otpCodes, users } from './auth.tables.ts';

/**
 * Issue 25 review: where several unproved accounts claim one email or phone, a code sent or
 * checked from the owner's browser is bound to the owner's account by its claim ticket (an
 * HttpOnly cookie of the sign-up), so a squatter who signs up after the owner cannot make the
 * owner prove the squatter's claim (ADR 0046).
 */

describe('claim tickets bind codes to the account that signed up', () => {
  const clock = movableClock();
  const t = openTestApp({ clock });

  const sms = (p: Person) => outboxFor(t, `+${p.phone95}`);
  const phoneHolder = async (phone95: string) =>
    (
      await t.database.db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.phoneNumber, phone95), isNotNull(users.phoneVerifiedAt)))
    ).map((r) => r.email);
  const emailHolders = async (email: string) =>
    (
      await t.database.db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.email, email), isNotNull(users.emailVerifiedAt)))
    ).map((r) => r.name);
  /**
   * The victim signs up in the `owner` browser; 61 s later a squatter of the victim's phone (or
   * email) signs up in `attacker`; another 61 s pass.
   */
  async function victimThenSquatter(
    owner: Browser,
    victim: Person,
    attacker: Browser,
    squatter: Person,
  ) {
    await signUpIn(owner, victim);
    clock.advance(61 * SECOND);
    await signUpIn(attacker, squatter);
    clock.advance(61 * SECOND);
  }
  /** A new person who signs up with `victim`'s email (the kit's phoneSquatter, for the email). */
  const emailSquatter = (victim: Person) => ({
    ...newPerson(),
    email: victim.email,
    name: 'Squatter',
  });

  it("the owner's resend texts a code for the owner's account, not for a later squatter's", async () => {
    const victim = newPerson();
    const [owner, attacker] = [browser(t, '10.9.1.1'), browser(t, '10.9.1.2')];
    await victimThenSquatter(owner, victim, attacker, phoneSquatter(victim));
    expect(
      (await owner.post('/api/v1/auth/verify/phone/send', { phoneNumber: victim.phone }))
        .statusCode,
    ).toBe(200);
    const res = await enterLatestCode(t, owner, victim, 'phone');
    expect(res.statusCode).toBe(200);
    // Before: the resend went to the newest claim, and the victim proved the squatter's account.
    expect(await phoneHolder(victim.phone95)).toEqual([victim.email]);
  });

  it("a code the squatter's sign-up texted does not prove the squatter's claim in the owner's browser", async () => {
    const victim = newPerson();
    const [owner, attacker] = [browser(t, '10.9.2.1'), browser(t, '10.9.2.2')];
    await signUpIn(owner, victim);
    clock.advance(61 * SECOND);
    await signUpIn(attacker, phoneSquatter(victim));
    // The squatter's sign-up texted the victim's phone a code for the squatter's account.
    expect(sms(victim)).toHaveLength(1);
    const planted = await enterLatestCode(t, owner, victim, 'phone');
    expect(planted.statusCode).toBe(400);
    expect(await phoneHolder(victim.phone95)).toEqual([]);
    // Without a ticket nothing is sent for a contested number (the answer is the same).
    clock.advance(61 * SECOND);
    const stranger = browser(t, '10.9.2.3');
    const blind = await stranger.post('/api/v1/auth/verify/phone/send', {
      phoneNumber: victim.phone,
    });
    expect(blind.statusCode).toBe(200);
    expect(sms(victim)).toHaveLength(1);
    clock.advance(61 * SECOND);
    await owner.post('/api/v1/auth/verify/phone/send', { phoneNumber: victim.phone });
    expect(sms(victim)).toHaveLength(2);
    const own = await enterLatestCode(t, owner, victim, 'phone');
    expect(own.statusCode).toBe(200);
    expect(await phoneHolder(victim.phone95)).toEqual([victim.email]);
  });

  it("the owner's email resend and code are the owner's, not a later squatter's", async () => {
    const victim = newPerson();
    const [owner, attacker] = [browser(t, '10.9.3.1'), browser(t, '10.9.3.2')];
    await victimThenSquatter(owner, victim, attacker, emailSquatter(victim));
    await owner.post('/api/v1/auth/verify/email/send', { email: victim.email });
    const res = await enterLatestCode(t, owner, victim);
    expect(res.statusCode).toBe(200);
    expect(await emailHolders(victim.email)).toEqual([victim.name]);
  });

  it("the owner's password reset resets the owner's account, not a later squatter's", async () => {
    const victim = newPerson();
    const [owner, attacker] = [browser(t, '10.9.4.1'), browser(t, '10.9.4.2')];
    await victimThenSquatter(owner, victim, attacker, emailSquatter(victim));
    await owner.post('/api/v1/auth/password/reset/request', { email: victim.email });
    const res = await owner.post('/api/v1/auth/password/reset/confirm', {
      email: victim.email,
      otp: latestCode(t, victim.email),
      newPassword: 'a-new-yangon-password-77',
    });
    expect(res.statusCode).toBe(200);
    expect(await emailHolders(victim.email)).toEqual([victim.name]);
  });

  it("a squatter's later sign-up does not lock the owner out of a phone login; that login binds the browser", async () => {
    const victim = newPerson();
    await victimThenSquatter(
      browser(t, '10.9.5.1'),
      victim,
      browser(t, '10.9.5.2'),
      phoneSquatter(victim),
    );
    // Another browser of the owner, without the sign-up's ticket.
    const phone = browser(t, '10.9.5.3');
    const res = await phone.post('/api/v1/auth/login', {
      phoneNumber: victim.phone,
      password: victim.password,
    });
    // Before: 401, the password was checked against the squatter's newer account only.
    expect(res.json()).toMatchObject({ code: 'PHONE_VERIFICATION_REQUIRED' });
    await phone.post('/api/v1/auth/verify/phone/send', { phoneNumber: victim.phone });
    const proved = await enterLatestCode(t, phone, victim, 'phone');
    expect(proved.statusCode).toBe(200);
    expect(await phoneHolder(victim.phone95)).toEqual([victim.email]);
  });

  it('ticketless guesses at a phone ten accounts claim count every comparison: at most 20 an hour', async () => {
    const first = newPerson();
    const b = browser(t, '10.9.6.1');
    await signUpIn(b, first);
    await b.post('/api/v1/auth/verify/phone/send', { phoneNumber: first.phone });
    for (let i = 1; i < 10; i += 1) {
      clock.advance(61 * SECOND);
      await signUpIn(browser(t, `10.9.6.${i + 1}`), phoneSquatter(first));
    }
    expect(sms(first)).toHaveLength(10);
    const code = latestCode(t, `+${first.phone95}`);
    const guesser = browser(t, '10.9.7.1');
    let answered = 0;
    for (let i = 0; i < 30; i += 1) {
      const res = await guesser.post('/api/v1/auth/verify/otp', {
        phoneNumber: first.phone,
        otp: wrongCode(code),
      });
      if (res.statusCode === 429 && res.json<{ code: string }>().code === 'TOO_MANY_REQUESTS') {
        answered += 1;
      }
    }
    expect(answered).toBeGreaterThan(0);
    const [row] = await t.database.db
      .select({ compared: sql<number>`coalesce(sum(${otpCodes.attempts}), 0)::int` })
      .from(otpCodes)
      .innerJoin(users, eq(users.id, otpCodes.userId))
      .where(eq(users.phoneNumber, first.phone95));
    // Before: 50 (each of the 10 codes compared 5 times within 5 requests).
    expect(row?.compared).toBeLessThanOrEqual(20);
  });
});
