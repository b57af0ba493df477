import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { loyaltyAccounts } from '../loyalty/loyalty.tables.ts';
import {
  latestCode,
  login,
  MINUTE,
  movableClock,
  newPerson,
  outboxFor,
  post,
  register,
  verifiedPerson,
  type Person,
} from './auth-test-kit.ts';
import { users } from './auth.tables.ts';

const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Issue 11: an account that proved neither its email nor its phone does not hold them: after
 * 24 h a new sign-up may take them, and after 7 days the account is deleted (if nothing refers
 * to it).
 */
describe('unverified accounts give up their email and phone', () => {
  const clock = movableClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  const accountsWith = (email: string) => t.database.db.$count(users, eq(users.email, email));
  const verifyAndLogin = async (person: Person) => {
    const verified = await post(t, '/api/v1/auth/verify/otp', {
      email: person.email,
      otp: latestCode(t, person.email),
    });
    expect(verified.statusCode).toBe(200);
    return login(t, person);
  };

  it('the same email can sign up again once the first account stayed unverified for 24 h', async () => {
    const squatter = newPerson();
    await register(t, squatter);
    const owner: Person = {
      ...newPerson(),
      email: squatter.email,
      password: 'owners-own-secret-1',
    };

    clock.advance(23 * HOUR);
    await register(t, owner);
    // Within 24 h the first account still holds the address: a notice, no code.
    expect(outboxFor(t, owner.email).at(-1)?.subject).not.toMatch(/code|ကုဒ်/);
    expect(outboxFor(t, owner.email)).toHaveLength(2);

    clock.advance(HOUR + 1);
    await register(t, owner);
    expect(await accountsWith(owner.email)).toBe(1);
    const session = await verifyAndLogin(owner);
    expect(session.user).toMatchObject({ email: owner.email, name: owner.name });
  });

  it('and the same phone number', async () => {
    const squatter = newPerson();
    await register(t, squatter);
    clock.advance(DAY + 1);
    const owner: Person = { ...newPerson(), phone: squatter.phone, phone95: squatter.phone95 };
    await register(t, owner);
    await verifyAndLogin(owner);
    const [row] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.phoneNumber, owner.phone95));
    expect(row?.email).toBe(owner.email);
  });

  it('a verified account keeps its email and phone however old', async () => {
    const person = await verifiedPerson(t);
    clock.advance(30 * DAY);
    await register(t, { ...newPerson(), email: person.email });
    expect(outboxFor(t, person.email).at(-1)?.subject).toMatch(/register|စာရင်းသွင်း/);
    await login(t, person);
  });

  it('the sweep deletes accounts unverified for 7 days, unless something refers to them', async () => {
    const old = newPerson();
    const withPoints = newPerson();
    await register(t, old);
    await register(t, withPoints);
    const [pointsOwner] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, withPoints.email));
    await t.database.db.insert(loyaltyAccounts).values({ userId: pointsOwner?.id ?? '' });
    clock.advance(6 * DAY);
    const young = newPerson();
    await register(t, young);
    const verified = await verifiedPerson(t);
    clock.advance(DAY + 1);

    expect(await t.app.runAccountSweep()).toBeGreaterThanOrEqual(1);
    expect(await accountsWith(old.email)).toBe(0);
    expect(await accountsWith(withPoints.email)).toBe(1);
    expect(await accountsWith(young.email)).toBe(1);
    expect(await accountsWith(verified.email)).toBe(1);
  });
});
