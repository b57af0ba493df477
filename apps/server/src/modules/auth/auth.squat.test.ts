import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app-kit.ts';
import {
  latestCode,
  login,
  movableClock,
  newPerson,
  outboxFor,
  phoneSquatter,
  post,
  register,
  SECOND,
  verifiedPerson,
  type Person,
} from '../../test/auth-kit.ts';
import { users } from './auth.tables.ts';

/**
 * Issue 25: an email or phone number that an account claims but never proved must not stop the
 * one who has it. Their sign-up is created, a code goes to the phone (or the mailbox), and whoever
 * proves it holds it; the unproved claim is dropped. A proved one is never taken (ADR 0046).
 */
describe('unproved claims of an email or phone do not hold it', () => {
  const clock = movableClock();
  const t = openTestApp({ clock });

  const accountsWithEmail = (email: string) => t.database.db.$count(users, eq(users.email, email));
  const sms = (person: Person) => outboxFor(t, `+${person.phone95}`);
  const verify = (payload: { email: string } | { phoneNumber: string }, otp: string) =>
    post(t, '/api/v1/auth/verify/otp', { ...payload, otp });
  const verifyEmail = async (person: Person) => {
    const res = await verify({ email: person.email }, latestCode(t, person.email));
    expect(res.statusCode).toBe(200);
  };
  const loginStatus = async (person: Person, by: 'email' | 'phone') =>
    (
      await post(
        t,
        '/api/v1/auth/login',
        by === 'email'
          ? { email: person.email, password: person.password }
          : { phoneNumber: person.phone, password: person.password },
      )
    ).statusCode;
  const provedHolderOf = async (phone95: string) =>
    t.database.db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.phoneNumber, phone95), isNotNull(users.phoneVerifiedAt)));

  it('a squatted phone: the owner signs up, gets a code by SMS, proves it and holds it; the squat is dropped', async () => {
    const victim = newPerson();
    const squatter = phoneSquatter(victim);
    await register(t, squatter);

    clock.advance(5 * SECOND);
    await register(t, victim);
    // Before the fix: nothing was created, no SMS reached the phone, the notice went to the squatter.
    expect(await accountsWithEmail(victim.email)).toBe(1);
    expect(sms(victim)).toHaveLength(1);
    expect(outboxFor(t, squatter.email).map((m) => m.subject)).toEqual([
      expect.stringMatching(/code|ကုဒ်/),
    ]);
    await verifyEmail(victim);

    const proved = await verify({ phoneNumber: victim.phone }, latestCode(t, `+${victim.phone95}`));
    expect(proved.statusCode).toBe(200);
    expect(await provedHolderOf(victim.phone95)).toEqual([{ email: victim.email }]);
    expect((await login(t, victim, 'phone')).user).toMatchObject({
      email: victim.email,
      phoneVerified: true,
    });
    // The squatter proved nothing, so its account went with its claim.
    expect(await accountsWithEmail(squatter.email)).toBe(0);
  });

  it('a squatter who proved its own email keeps its account, not the phone', async () => {
    const victim = newPerson();
    const squatter = phoneSquatter(victim);
    await register(t, squatter);
    await verifyEmail(squatter);

    clock.advance(5 * SECOND);
    await register(t, victim);
    expect(await accountsWithEmail(victim.email)).toBe(1);
    const code = latestCode(t, `+${victim.phone95}`);
    expect((await verify({ phoneNumber: victim.phone }, code)).statusCode).toBe(200);
    expect(await provedHolderOf(victim.phone95)).toEqual([{ email: victim.email }]);

    expect(await loginStatus(squatter, 'email')).toBe(200);
    // The number now stands for the victim: the squatter's password does not open it…
    expect(await loginStatus(squatter, 'phone')).toBe(401);
    // …no code for the squatter goes to it, and nothing the squatter can do proves it.
    clock.advance(61 * SECOND);
    const texts = sms(victim).length;
    const send = await post(t, '/api/v1/auth/verify/phone/send', { phoneNumber: squatter.phone });
    expect(send.statusCode).toBe(200);
    expect(sms(victim)).toHaveLength(texts);
    expect((await verify({ phoneNumber: victim.phone }, code)).statusCode).toBe(400);
    expect(await provedHolderOf(victim.phone95)).toEqual([{ email: victim.email }]);
  });

  it('a squatted email: the mailbox owner signs up, gets the code, proves it and holds it', async () => {
    const victim = newPerson();
    const squatter: Person = { ...newPerson(), email: victim.email, password: 'squatters-own-9x' };
    await register(t, squatter);

    clock.advance(61 * SECOND); // the email's 60 s code cooldown
    await register(t, victim);
    // Before the fix: a "someone tried to register" notice instead of a code, and no account.
    const last = outboxFor(t, victim.email).at(-1);
    expect(last?.subject).toMatch(/code|ကုဒ်/);
    expect(await accountsWithEmail(victim.email)).toBe(2);
    await verifyEmail(victim);
    expect(await accountsWithEmail(victim.email)).toBe(1);
    expect((await login(t, victim)).user).toMatchObject({ name: victim.name, emailVerified: true });
    expect(await loginStatus(squatter, 'email')).toBe(401);
  });

  it('an email squatter with a proved phone of its own cannot keep the address either', async () => {
    const victim = newPerson();
    const squatter: Person = { ...newPerson(), email: victim.email, password: 'squatters-own-9x' };
    await register(t, squatter);
    const sent = await post(t, '/api/v1/auth/verify/phone/send', { phoneNumber: squatter.phone });
    expect(sent.statusCode).toBe(200);
    const phoneCode = latestCode(t, `+${squatter.phone95}`);
    expect((await verify({ phoneNumber: squatter.phone }, phoneCode)).statusCode).toBe(200);

    clock.advance(61 * SECOND);
    await register(t, victim);
    expect(outboxFor(t, victim.email).at(-1)?.subject).toMatch(/code|ကုဒ်/);
    await verifyEmail(victim);
    expect((await login(t, victim)).user).toMatchObject({ name: victim.name });
    // The squatter keeps its usable account (its own phone), not the address.
    expect(await loginStatus(squatter, 'phone')).toBe(200);
    expect(await loginStatus(squatter, 'email')).toBe(401);
  });

  it('a proved phone is never taken: nothing is created, no SMS, the notice goes to its owner', async () => {
    const owner = await verifiedPerson(t);
    const texts = sms(owner).length;
    const mails = outboxFor(t, owner.email).length;
    clock.advance(61 * SECOND);
    const taker: Person = { ...newPerson(), phone: owner.phone, phone95: owner.phone95 };
    const res = await register(t, taker);
    expect(res.statusCode).toBe(201);
    expect(await accountsWithEmail(taker.email)).toBe(0);
    expect(sms(owner)).toHaveLength(texts);
    expect(outboxFor(t, taker.email)).toHaveLength(0);
    expect(outboxFor(t, owner.email)).toHaveLength(mails + 1);
    expect(outboxFor(t, owner.email).at(-1)?.subject).toMatch(/register|စာရင်းသွင်း/);
    expect(await loginStatus(owner, 'phone')).toBe(200);
  });
});

/**
 * Two accounts that both got a code to the same phone, proving it at the same moment: exactly one
 * holds it. PostgreSQL only: PGlite runs one statement at a time, so the two never overlap.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'proving one phone from two accounts at once (PostgreSQL; skipped without TEST_DATABASE_URL)',
  () => {
    const clock = movableClock();
    const t = openTestApp({ clock });

    it('exactly one of two simultaneous verifications wins, 10 rounds out of 10', async () => {
      const ROUNDS = 10;
      let oneWinner = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        const first = newPerson();
        const [second, third] = [newPerson(), newPerson()].map((p): Person => ({
          ...p,
          phone: first.phone,
          phone95: first.phone95,
        }));
        await register(t, first);
        // Each later sign-up of the claimed number texts its own code (60 s apart: the cooldown).
        await register(t, second as Person);
        clock.advance(61 * SECOND);
        await register(t, third as Person);
        const codes = outboxFor(t, `+${first.phone95}`).map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]);
        expect(codes).toHaveLength(2);
        const answers = await Promise.all(
          codes.map((otp, i) =>
            t.app.inject({
              method: 'POST',
              url: '/api/v1/auth/verify/otp',
              remoteAddress: `10.7.${round}.${i + 1}`,
              payload: { phoneNumber: first.phone, otp },
            }),
          ),
        );
        const holders = await t.database.db.$count(
          users,
          and(eq(users.phoneNumber, first.phone95), isNotNull(users.phoneVerifiedAt)),
        );
        const won = answers.filter((a) => a.statusCode === 200).length;
        expect(holders).toBe(1);
        if (won === 1) oneWinner += 1;
        clock.advance(61 * SECOND);
      }
      expect(oneWinner).toBe(ROUNDS);
    });
  },
);
