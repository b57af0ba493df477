import { describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app-kit.ts';
import {
  browser,
  enterLatestCode,
  movableClock,
  newPerson,
  outboxFor,
  SECOND,
  signUpIn,
  type Browser,
  type Person,
} from '../../test/auth-kit.ts';

/**
 * Issue 26 (ADR 0052): the registration code and the phone code can be sent again after 60 s. The
 * browser that signed the account up (or logged in to it with the password) holds its claim
 * ticket and sends on the account's own lane: 5 an hour, 15 a day. Strangers' sends count against
 * the email's or number's daily 10 as before, and cannot use up the owner's lane, nor keep the
 * owner waiting with sends that are refused. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL, where the cooldown is also the code row's shared last-sent time.
 */
describe('resending a registration or phone code (issue 26)', () => {
  const clock = movableClock();
  const t = openTestApp({ clock });

  let next = 0;
  /** A browser of its own network, so the per-address limit plays no part. */
  const newBrowser = () => {
    next += 1;
    return browser(t, `10.26.${String(next)}.1`);
  };
  const resendMail = (b: Browser, p: Person) =>
    b.post('/api/v1/auth/verify/email/send', { email: p.email });
  const sendText = (b: Browser, p: Person) =>
    b.post('/api/v1/auth/verify/phone/send', { phoneNumber: p.phone });
  /** `times` sends, each 61 s after the last (past the cooldown) and answered 200. */
  const sendsApart = async (times: number, send: () => Promise<{ statusCode: number }>) => {
    for (let i = 0; i < times; i += 1) {
      clock.advance(61 * SECOND);
      expect((await send()).statusCode).toBe(200);
    }
  };

  it('the registrant gets a new code 60 s after the last (not before), and the new code verifies', async () => {
    const owner = newBrowser();
    const person = newPerson();
    await signUpIn(owner, person);

    clock.advance(59 * SECOND);
    const early = await resendMail(owner, person);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('1');
    expect(outboxFor(t, person.email)).toHaveLength(1);

    clock.advance(1 * SECOND);
    const again = await resendMail(owner, person);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ data: { expiresIn: 900, resendAfter: 60 } });
    expect(outboxFor(t, person.email)).toHaveLength(2);

    const verified = await enterLatestCode(t, owner, person);
    expect(verified.statusCode).toBe(200);
  });

  it("a stranger who used up the email's daily sends does not stop the registrant's resend", async () => {
    const owner = newBrowser();
    const stranger = newBrowser();
    const person = newPerson();
    await signUpIn(owner, person);

    // The sign-up was the email's first send of the day; the stranger makes the other 9…
    await sendsApart(9, () => resendMail(stranger, person));
    // …and is refused from then on, and the refused send holds no cooldown.
    clock.advance(61 * SECOND);
    expect((await resendMail(stranger, person)).statusCode).toBe(429);
    const sentBefore = outboxFor(t, person.email).length;

    const own = await resendMail(owner, person);
    expect(own.statusCode).toBe(200);
    expect(outboxFor(t, person.email)).toHaveLength(sentBefore + 1);
    const verified = await enterLatestCode(t, owner, person);
    expect(verified.statusCode).toBe(200);
  });

  it("the registrant's own lane has an hourly cap (5) with Retry-After; it opens again after the hour", async () => {
    const owner = newBrowser();
    const person = newPerson();
    await signUpIn(owner, person);

    await sendsApart(5, () => resendMail(owner, person));
    clock.advance(61 * SECOND);
    const capped = await resendMail(owner, person);
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    const retryAfter = Number(capped.headers['retry-after']);
    // The hour started with the first resend, 6 × 61 s ago.
    expect(retryAfter).toBe(60 * 60 - 5 * 61);
    expect(outboxFor(t, person.email)).toHaveLength(6);

    clock.advance(retryAfter * SECOND);
    expect((await resendMail(owner, person)).statusCode).toBe(200);
    expect(outboxFor(t, person.email)).toHaveLength(7);
  });

  it("a phone code: the browser that logged in with the password is texted again after 60 s, whatever a stranger did to the number's sends", async () => {
    const owner = newBrowser();
    const stranger = newBrowser();
    const person = newPerson();
    await signUpIn(owner, person);
    // The phone login with the right password answers 'Phone verification required' and leaves the
    // claim ticket (the sign-up left one too).
    const login = await owner.post('/api/v1/auth/login', {
      phoneNumber: person.phone,
      password: person.password,
    });
    expect(login.statusCode).toBe(403);

    const texts = () => outboxFor(t, `+${person.phone95}`);
    await sendsApart(10, () => sendText(stranger, person));
    clock.advance(61 * SECOND);
    expect((await sendText(stranger, person)).statusCode).toBe(429);
    const sentBefore = texts().length;

    expect((await sendText(owner, person)).statusCode).toBe(200);
    expect(texts()).toHaveLength(sentBefore + 1);
    clock.advance(30 * SECOND);
    expect((await sendText(owner, person)).statusCode).toBe(429);
    clock.advance(30 * SECOND);
    expect((await sendText(owner, person)).statusCode).toBe(200);
    expect(texts()).toHaveLength(sentBefore + 2);

    const verified = await enterLatestCode(t, owner, person, 'phone');
    expect(verified.statusCode).toBe(200);
  });
});
