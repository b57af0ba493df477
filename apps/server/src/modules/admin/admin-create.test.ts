import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestApp, serverCommand } from '../../test/app-kit.ts';
import { login, movableClock, newPerson, register, verifiedPerson } from '../../test/auth-kit.ts';
import { users } from '../auth/auth.tables.ts';
import { auditLog } from './admin.tables.ts';
import { signedInStaff, staffCode, staffLogin, totpAt } from '../../test/admin-kit.ts';
import {
  createOrPromoteStaff,
  DEMO_ADMIN,
  ensureDemoAdmin,
  type StaffAccountRequest,
} from './staff-accounts.ts';
import { post } from '../../test/auth-kit.ts';

/* `npm run admin:create` (issue 17) and the embedded demo's admin. */

describe('admin:create', () => {
  const clock = movableClock(new Date());

  const t = openTestApp({ clock });

  /** `npm run admin:create` with these arguments. */
  const adminCreate = (request: Omit<StaffAccountRequest, 'source'>) =>
    createOrPromoteStaff(t.database.db, { ...request, source: 'test' });
  /** `npm run admin:create` that must succeed. */
  const adminCreated = async (request: Omit<StaffAccountRequest, 'source'>) => {
    const result = await adminCreate(request);
    if (!result.ok) throw new Error(result.problem);
    return result;
  };

  it('creates a staff account with a one-time password that must enrol TOTP', async () => {
    const result = await adminCreated({
      email: 'Owner@Shop.Example.com',
      role: 'admin',
      phone: '09 451 234 567',
      name: 'Daw Khin',
    });
    expect(result.created).toBe(true);
    expect(result.password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, result.userId));
    expect(row).toMatchObject({
      email: 'owner@shop.example.com',
      role: 'admin',
      phoneNumber: '959451234567',
    });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.emailVerifiedAt).not.toBeNull();
    const step1 = await staffLogin(t, 'owner@shop.example.com', result.password);
    expect(step1.totpEnrolled).toBe(false);
    const [record] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, result.userId));
    expect(record).toMatchObject({ action: 'staff.created', after: { role: 'admin' } });
  });

  it('promotes a customer, whose old password and sessions end', async () => {
    const customer = await verifiedPerson(t);
    const tokens = await login(t, customer);
    const result = await adminCreated({
      email: customer.email,
      role: 'support',
    });
    expect(result.created).toBe(false);
    const refresh = await post(t, '/api/v1/auth/refresh-token', {
      refreshToken: tokens.refreshToken,
    });
    expect(refresh.statusCode).toBe(401);
    const old = await post(t, '/api/v1/admin/auth/login', {
      email: customer.email,
      password: customer.password,
    });
    expect(old.statusCode).toBe(401);
    expect((await staffLogin(t, customer.email, result.password)).totpEnrolled).toBe(false);
    // The profile says the role; the account still shops with customer tokens.
    const shopper = await login(t, { ...customer, password: result.password });
    expect(shopper.data.user.role).toBe('support');
    const profile = await t.app.inject({
      url: '/api/v1/users/profile',
      headers: { authorization: `Bearer ${shopper.data.accessToken}` },
    });
    expect(profile.json<{ user: { role: string } }>().user.role).toBe('support');
    // …which never open the back-office.
    const dashboard = await t.app.inject({
      url: '/api/v1/admin/dashboard',
      headers: { authorization: `Bearer ${shopper.data.accessToken}` },
    });
    expect(dashboard.statusCode).toBe(403);
  });

  it('re-run on a staff member, resets the authenticator (a lost phone)', async () => {
    const staff = await signedInStaff(t, clock);
    const result = await adminCreated({
      email: staff.email,
      role: 'admin',
    });
    const me = await t.app.inject({ url: '/api/v1/admin/auth/me', headers: staff.headers });
    expect(me.statusCode).toBe(401);
    const step1 = await staffLogin(t, staff.email, result.password);
    expect(step1.totpEnrolled).toBe(false);
    const oldCode = await staffCode(t, step1.challengeToken, await totpAt(staff.secret, clock()));
    expect(oldCode.statusCode).toBe(409);
  });

  it('says what is missing for a new account, changing nothing', async () => {
    const noPhone = await adminCreate({
      email: 'new@shop.example.com',
      role: 'admin',
    });
    expect(noPhone).toEqual({
      ok: false,
      problem: 'no account has new@shop.example.com: give --phone (and --name) to create one',
    });
    const badPhone = await adminCreate({
      email: 'new@shop.example.com',
      role: 'admin',
      phone: '12345',
    });
    expect(badPhone.ok).toBe(false);
    const badEmail = await adminCreate({
      email: 'not-an-email',
      role: 'admin',
    });
    expect(badEmail.ok).toBe(false);
    const rows = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'new@shop.example.com'));
    expect(rows).toHaveLength(0);
  });

  it('an unproved claim of the e-mail or phone is not promoted: a new staff account holds them', async () => {
    // Issue 25 review: a squatter signs up with the staff member's e-mail, another with the phone.
    const emailSquatter = { ...newPerson(), email: 'clerk@shop.example.com' };
    const phoneSquatter = { ...newPerson(), phone: '09451234999', phone95: '959451234999' };
    await register(t, emailSquatter);
    await register(t, phoneSquatter);
    const result = await adminCreated({
      email: 'clerk@shop.example.com',
      role: 'admin',
      phone: '09451234999',
      name: 'U Clerk',
    });
    // Before: created false, the admin role and a proved e-mail landed on the squatter's account.
    expect(result.created).toBe(true);
    const rows = await t.database.db
      .select({ name: users.name, role: users.role })
      .from(users)
      .where(eq(users.email, 'clerk@shop.example.com'));
    // The e-mail squatter proved nothing, so its account went with its claim.
    expect(rows).toEqual([{ name: 'U Clerk', role: 'admin' }]);
  });

  it('makes the demo admin once: its login is answered the first time only', async () => {
    const first = await ensureDemoAdmin(t.database.db);
    expect(first?.email).toBe(DEMO_ADMIN.email);
    expect(await ensureDemoAdmin(t.database.db)).toBeNull();
    if (!first) throw new Error('no demo admin');
    expect((await staffLogin(t, first.email, first.password)).totpEnrolled).toBe(false);
  });

  // Five runs of the command, each a new process that loads tsx and opens its database (PGlite
  // in a fresh data folder without TEST_DATABASE_URL): 33 s on a loaded machine, past the 30 s default.
  it('the command prints the one-time password; usage errors exit 2', { timeout: 120_000 }, () => {
    const { run, dispose } = serverCommand('src/modules/admin/admin-create-cli.ts');
    try {
      const missing = run(['--email', 'boss@shop.example.com']);
      expect(missing.stderr).toContain('give --phone');
      expect(missing.status).toBe(1);
      const made = run([
        '--email',
        'boss@shop.example.com',
        '--phone',
        '09451111111',
        '--name',
        'Boss',
      ]);
      expect(made.stdout).toContain('Created the admin account boss@shop.example.com.');
      expect(made.stdout).toMatch(/One-time password \(shown only now\): [A-Za-z0-9_-]{20}\n/);
      expect(made.status).toBe(0);
      const again = run(['--email', 'boss@shop.example.com', '--role', 'support']);
      expect(again.stdout).toContain('boss@shop.example.com is now support');
      expect(again.status).toBe(0);
      expect(run([]).status).toBe(2);
      expect(run(['--email', 'x@y.z', '--role', 'owner']).status).toBe(2);
    } finally {
      dispose();
    }
  });
});
