import { randomUUID } from 'node:crypto';
import { adminMessages } from '@shop/contracts/admin-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app-kit.ts';
import { errorOf, login, movableClock, verifiedPerson } from '../../test/auth-kit.ts';
import { signedInStaff } from '../../test/admin-kit.ts';

/*
 * Issue 17: every route under /api/v1/admin answers 401 to an anonymous caller and 403 to a
 * customer. The routes are read from the app as registered (adminRouteList, filled by the
 * access hook's onRoute for every route under the prefix), so a route added later is tested too.
 */

const SIGN_IN_STEPS = [
  'POST /api/v1/admin/auth/login',
  'POST /api/v1/admin/auth/totp',
  'POST /api/v1/admin/auth/enrol',
  'POST /api/v1/admin/auth/enrol/confirm',
  'POST /api/v1/admin/auth/recovery',
];

/** A concrete url of a route (parameters filled with a well-formed id). */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, randomUUID());
/** A body that passes each sign-in step's validation, with a ticket nobody was given. */
const signInBody = (url: string) =>
  url.endsWith('/login')
    ? null
    : { challengeToken: 'not-a-ticket', code: '123456', recoveryCode: 'AAAA-BBBB-CCCC-DDDD' };

describe('back-office access', () => {
  let t: TestApp;
  let customerToken: string;
  let customer: Awaited<ReturnType<typeof verifiedPerson>>;
  const clock = movableClock(new Date());

  beforeAll(async () => {
    t = await createTestApp({ clock });
    customer = await verifiedPerson(t);
    customerToken = (await login(t, customer)).accessToken;
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url: concrete(url),
      headers: { 'accept-language': 'en', ...headers },
      ...(payload ? { payload } : method === 'GET' || method === 'HEAD' ? {} : { payload: {} }),
    });

  it('knows the back-office routes, each with a role, including the lists of the issue', () => {
    const names = t.app.adminRouteList.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'GET /api/v1/admin/dashboard',
      'GET /api/v1/admin/orders',
      'GET /api/v1/admin/products',
      'PATCH /api/v1/admin/products/:id',
      'POST /api/v1/admin/products',
      'GET /api/v1/admin/customers',
      'GET /api/v1/admin/audit-log',
      'GET /api/v1/admin/promo-codes',
      'POST /api/v1/admin/promo-codes',
      'PATCH /api/v1/admin/promo-codes/:id',
      'GET /api/v1/admin/banners',
      'PATCH /api/v1/admin/banners/:id',
      'GET /api/v1/admin/categories',
      'PATCH /api/v1/admin/categories/:id',
      'GET /api/v1/admin/operators',
      'PATCH /api/v1/admin/operators/:id',
      'POST /api/v1/admin/media',
      'POST /api/v1/admin/stock/import',
      'GET /api/v1/admin/stock',
      'POST /api/v1/admin/stock/cards/:id/void',
      'GET /api/v1/admin/stock/:productId/cards',
      'GET /api/v1/admin/orders/:id',
      'POST /api/v1/admin/orders/:id/refund',
      'POST /api/v1/admin/orders/:id/resend-codes',
      'POST /api/v1/admin/orders/:id/items/:itemId/resolve',
      'POST /api/v1/admin/orders/:id/items/:itemId/retry',
      'GET /api/v1/admin/payments/unknown',
      'POST /api/v1/admin/payments/:id/finding',
      'GET /api/v1/admin/customers/:id',
      'POST /api/v1/admin/customers/:id/points',
      'POST /api/v1/admin/customers/:id/block',
      'POST /api/v1/admin/customers/:id/unblock',
      'GET /api/v1/admin/reports/orders.csv',
      'GET /api/v1/admin/reports/payments.csv',
      'GET /api/v1/admin/settings',
      'PATCH /api/v1/admin/settings/exchange-rates',
      'PATCH /api/v1/admin/settings/call-centre',
      'PUT /api/v1/admin/settings/festivals',
      'PUT /api/v1/admin/settings/claims',
      'DELETE /api/v1/admin/settings/claims',
      'GET /api/v1/admin/bonus-days',
      'POST /api/v1/admin/bonus-days',
      'PUT /api/v1/admin/bonus-days/:id',
      'DELETE /api/v1/admin/bonus-days/:id',
      // Another module's routes under the prefix (the aggregator account, ADR 0070).
      'GET /api/v1/admin/topup-provider/balance',
      'PUT /api/v1/admin/topup-provider/mappings/:productId',
      ...SIGN_IN_STEPS,
    ])
      expect(names).toContain(expected);
    // Customer writes and the reports (a copy of customers' data) are the admin's alone.
    const roleOf = (name: string) =>
      t.app.adminRouteList.find((r) => `${r.method} ${r.url}` === name)?.staffRole;
    expect(roleOf('GET /api/v1/admin/customers/:id')).toBe('support');
    expect(roleOf('GET /api/v1/admin/stock/:productId/cards')).toBe('support');
    expect(roleOf('GET /api/v1/admin/operators')).toBe('support');
    expect(roleOf('GET /api/v1/admin/payments/unknown')).toBe('support');
    for (const name of [
      'POST /api/v1/admin/media',
      'PATCH /api/v1/admin/operators/:id',
      'POST /api/v1/admin/products',
      'PATCH /api/v1/admin/products/:id',
      'POST /api/v1/admin/customers/:id/points',
      'POST /api/v1/admin/customers/:id/block',
      'POST /api/v1/admin/customers/:id/unblock',
      'GET /api/v1/admin/reports/orders.csv',
      'GET /api/v1/admin/reports/payments.csv',
      'PUT /api/v1/admin/settings/claims',
      'DELETE /api/v1/admin/settings/claims',
      // Bonus days multiply the points every order earns in them (ADR 0081).
      'POST /api/v1/admin/bonus-days',
      'PUT /api/v1/admin/bonus-days/:id',
      'DELETE /api/v1/admin/bonus-days/:id',
      // Both move money: a refund cancelled or points given back, a top-up sent again (ADR 0036).
      'POST /api/v1/admin/orders/:id/items/:itemId/resolve',
      'POST /api/v1/admin/orders/:id/items/:itemId/retry',
      // "Paid" fulfils an order, "not paid" cancels one (ADR 0059).
      'POST /api/v1/admin/payments/:id/finding',
    ])
      expect(roleOf(name), name).toBe('admin');
    // Only the sign-in steps go without a role; each of them needs its own ticket instead.
    expect(
      t.app.adminRouteList
        .filter((r) => r.staffRole === 'signIn')
        .map((r) => `${r.method} ${r.url}`),
    ).toEqual(SIGN_IN_STEPS);
    // Fastify's own table agrees: each listed route is there.
    for (const r of t.app.adminRouteList)
      expect(t.app.hasRoute({ method: r.method, url: r.url })).toBe(true);
  });

  it('answers 401 anonymous and 403 to a customer on every staff route', async () => {
    const routes = t.app.adminRouteList.filter((r) => r.staffRole !== 'signIn');
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const r of routes) {
      const anonymous = await call(r.method, r.url, {});
      expect(anonymous.statusCode, `${r.method} ${r.url} anonymous`).toBe(401);
      if (r.method !== 'HEAD')
        expect(errorOf(anonymous).message).toBe(adminMessages.signInRequired.en);
      const asCustomer = await call(r.method, r.url, { authorization: `Bearer ${customerToken}` });
      expect(asCustomer.statusCode, `${r.method} ${r.url} customer`).toBe(403);
      if (r.method !== 'HEAD') expect(errorOf(asCustomer).message).toBe(adminMessages.staffOnly.en);
      const badStaffToken = await call(r.method, r.url, { authorization: 'Bearer stf_nothing' });
      expect(badStaffToken.statusCode, `${r.method} ${r.url} bad staff token`).toBe(401);
    }
  });

  it('says it in Burmese too', async () => {
    const res = await t.app.inject({
      url: '/api/v1/admin/dashboard',
      headers: { 'accept-language': 'my', authorization: `Bearer ${customerToken}` },
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(adminMessages.staffOnly.my);
  });

  it('answers 401 to a sign-in step without a real ticket, and 403 to customer credentials', async () => {
    for (const step of SIGN_IN_STEPS.filter((s) => !s.endsWith('/login'))) {
      const [method, url] = step.split(' ') as [string, string];
      const res = await call(method, url, {}, signInBody(url) ?? {});
      expect(res.statusCode, step).toBe(401);
      expect(errorOf(res).message).toBe(adminMessages.challengeExpired.en);
    }
    const res = await call(
      'POST',
      '/api/v1/admin/auth/login',
      {},
      {
        email: customer.email,
        password: customer.password,
      },
    );
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(adminMessages.staffOnly.en);
  });

  it('lets support read but not write or read the audit log; admin does both', async () => {
    const support = await signedInStaff(t, clock, 'support');
    const admin = await signedInStaff(t, clock, 'admin');
    const read = await call('GET', '/api/v1/admin/orders', support.headers);
    expect(read.statusCode).toBe(200);
    const audit = await call('GET', '/api/v1/admin/audit-log', support.headers);
    expect(audit.statusCode).toBe(403);
    expect(errorOf(audit).message).toBe(adminMessages.roleTooLow.en);
    const write = await call('PATCH', '/api/v1/admin/products/:id', support.headers, {
      priceMmk: 1000,
    });
    expect(write.statusCode).toBe(403);
    expect((await call('GET', '/api/v1/admin/audit-log', admin.headers)).statusCode).toBe(200);
  });
});
