import { randomUUID } from 'node:crypto';
import type { AdminCustomerDetail } from '@shop/contracts/admin-customers';
import {
  adminCustomerMessages,
  adminCustomerSchemaMessages,
} from '@shop/contracts/admin-customers-messages';
import { adminMessages } from '@shop/contracts/admin-messages';
import { authTexts } from '@shop/contracts/auth-rules';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorOf, post, refresh } from '../../test/auth-kit.ts';
import { refreshFamilies } from '../auth/auth.tables.ts';
import { addMptTopUp, call, openShopTest, MPT_PHONE, signedIn } from '../../test/checkout-kit.ts';
import { paidOrder } from '../../test/fulfilment-kit.ts';
import { loyaltyLedger } from '../loyalty/loyalty.tables.ts';
import {
  auditLogAs,
  openBackOffice,
  signedInStaff,
  type SignedInStaff,
} from '../../test/admin-kit.ts';

/* Back-office customer management (issue 17): detail, points adjustments, block and unblock. */

describe('back-office customers', () => {
  const { s, admin, support } = openBackOffice();

  const as = (
    staff: SignedInStaff,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    lang = 'en',
  ) =>
    s.t.app.inject({
      method,
      url,
      headers: { ...staff.headers, 'accept-language': lang },
      ...(payload ? { payload } : {}),
    });
  const detailOf = (res: { json(): unknown }) =>
    (res.json() as { data: AdminCustomerDetail; message: string }).data;
  const auditOf = async (action: string) =>
    (await auditLogAs(s.t, admin, `action=${action}&limit=100`)).data;
  const staffIdOf = async (staff: SignedInStaff) =>
    (await as(staff, 'GET', '/api/v1/admin/auth/me')).json<{ data: { id: string } }>().data.id;

  describe('detail', () => {
    it('shows the account, its orders newest first, its balance and block state', async () => {
      const buyer = await signedIn(s);
      const first = await paidOrder(
        s,
        [{ sku: 'T-MPT-1000', quantity: 1, phoneNumber: MPT_PHONE }],
        {
          user: buyer,
        },
      );
      s.clock.advance(1000);
      const second = await paidOrder(
        s,
        [{ sku: 'T-MPT-1000', quantity: 2, phoneNumber: MPT_PHONE }],
        {
          user: buyer,
        },
      );
      const res = await as(support, 'GET', `/api/v1/admin/customers/${buyer.userId}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const data = detailOf(res);
      expect(data.customer).toMatchObject({
        id: buyer.userId,
        email: buyer.person.email,
        phoneNumber: buyer.person.phone95,
        orderCount: 2,
        blocked: false,
      });
      expect(data.blocked).toBe(false);
      expect(data.blockedReason).toBeNull();
      expect(data.orders.map((o) => o.id)).toEqual([second.order.orderId, first.order.orderId]);
      expect(data.orders[0]?.recipients).toEqual([`95${MPT_PHONE.slice(1)}`]);
      expect(data.pointsBalance).toBeGreaterThanOrEqual(0);
      expect(Array.isArray(data.ledger)).toBe(true);
      // Issue 31: support sees the tier; a bronze member is not answered first.
      expect(data.membership).toEqual({
        tier: 'bronze',
        prioritySupport: false,
        discountPercent: 0,
      });
    });

    it('answers 404 for an unknown customer and 400 for an id that is not one, in both languages', async () => {
      const unknown = await as(support, 'GET', `/api/v1/admin/customers/${randomUUID()}`);
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown).message).toBe(adminCustomerMessages.customerNotFound.en);
      const burmese = await as(
        support,
        'GET',
        `/api/v1/admin/customers/${randomUUID()}`,
        undefined,
        'my',
      );
      expect(errorOf(burmese).message).toBe(adminCustomerMessages.customerNotFound.my);
      const bad = await as(support, 'GET', '/api/v1/admin/customers/not-a-uuid');
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad).message).toBe(adminCustomerSchemaMessages.customerId.en);
    });

    it('lists the block state in the customer list too', async () => {
      const buyer = await signedIn(s);
      const res = await as(
        support,
        'GET',
        `/api/v1/admin/customers?q=${encodeURIComponent(buyer.person.email)}`,
      );
      expect(res.json<{ data: { blocked: boolean }[] }>().data[0]?.blocked).toBe(false);
    });
  });

  describe('points', () => {
    const adjust = (id: string, body: object, staff = admin, lang = 'en') =>
      as(staff, 'POST', `/api/v1/admin/customers/${id}/points`, body, lang);

    it('adds and takes points with a reason: ledger entry, balance and audit record', async () => {
      const buyer = await signedIn(s);
      const added = await adjust(buyer.userId, {
        points: 500,
        reason: '  Goodwill: late top-up  ',
      });
      expect(added.statusCode).toBe(200);
      expect(added.json<{ message: string }>().message).toBe(
        adminCustomerMessages.pointsAdjusted.en,
      );
      expect(detailOf(added).pointsBalance).toBe(500);
      expect(detailOf(added).ledger[0]).toMatchObject({
        points: 500,
        reason: 'Goodwill: late top-up',
        kind: 'adjustment',
        orderNumber: null,
        balanceAfter: 500,
      });

      s.clock.advance(1000);
      const taken = await adjust(buyer.userId, { points: -200, reason: 'Given twice by mistake' });
      expect(taken.statusCode).toBe(200);
      const data = detailOf(taken);
      expect(data.pointsBalance).toBe(300);
      expect(data.ledger.map((e) => e.points)).toEqual([-200, 500]);

      const audit = (await auditOf('customer.points')).filter((e) => e.targetId === buyer.userId);
      expect(audit.map((e) => [e.before, e.after])).toEqual([
        [{ balance: 500 }, { balance: 300, points: -200, reason: 'Given twice by mistake' }],
        [{ balance: 0 }, { balance: 500, points: 500, reason: 'Goodwill: late top-up' }],
      ]);
      expect(audit[0]?.actorEmail).toBe(admin.email);
    });

    it('refuses a deduction below zero with a 409 and changes nothing', async () => {
      const buyer = await signedIn(s);
      await adjust(buyer.userId, { points: 100, reason: 'Start balance' });
      const res = await adjust(buyer.userId, { points: -101, reason: 'Too much' });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).message).toBe(adminCustomerMessages.pointsWouldGoNegative.en);
      const my = await adjust(buyer.userId, { points: -101, reason: 'Too much' }, admin, 'my');
      expect(errorOf(my).message).toBe(adminCustomerMessages.pointsWouldGoNegative.my);
      const after = detailOf(await as(admin, 'GET', `/api/v1/admin/customers/${buyer.userId}`));
      expect(after.pointsBalance).toBe(100);
      expect(after.ledger).toHaveLength(1);
      expect(
        (await auditOf('customer.points')).filter((e) => e.targetId === buyer.userId),
      ).toHaveLength(1);
      // A first deduction of an account that never had points leaves no trace either.
      const fresh = await signedIn(s);
      expect(
        (await adjust(fresh.userId, { points: -1, reason: 'Nothing to take' })).statusCode,
      ).toBe(409);
      expect(
        detailOf(await as(admin, 'GET', `/api/v1/admin/customers/${fresh.userId}`)).ledger,
      ).toEqual([]);
    });

    it('answers 400 with a clear message to bad input, never 500', async () => {
      const buyer = await signedIn(s);
      const cases: [object, string][] = [
        [{ points: 0, reason: 'Zero points' }, adminCustomerSchemaMessages.points.en],
        [{ points: 1_000_001, reason: 'Too many' }, adminCustomerSchemaMessages.points.en],
        [{ points: -1_000_001, reason: 'Too many' }, adminCustomerSchemaMessages.points.en],
        [{ points: 1.5, reason: 'A fraction' }, adminCustomerSchemaMessages.points.en],
        [{ points: '10', reason: 'A string' }, adminCustomerSchemaMessages.points.en],
        [{ reason: 'No points' }, adminCustomerSchemaMessages.points.en],
        [{ points: 10, reason: '  ab  ' }, adminCustomerSchemaMessages.reason.en],
        [{ points: 10, reason: 'x'.repeat(201) }, adminCustomerSchemaMessages.reason.en],
        [{ points: 10 }, adminCustomerSchemaMessages.reason.en],
      ];
      for (const [body, message] of cases) {
        const res = await adjust(buyer.userId, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(JSON.stringify(errorOf(res)), JSON.stringify(body)).toContain(message);
      }
      const my = await adjust(buyer.userId, { points: 0, reason: 'Zero points' }, admin, 'my');
      expect(my.statusCode).toBe(400);
      expect(JSON.stringify(errorOf(my))).toContain(adminCustomerSchemaMessages.points.my);
      expect(
        detailOf(await as(admin, 'GET', `/api/v1/admin/customers/${buyer.userId}`)).pointsBalance,
      ).toBe(0);
    });

    it('answers malformed requests with a 4xx error body, never a 5xx', async () => {
      const buyer = await signedIn(s);
      const raw = (url: string, payload: string, contentType = 'application/json') =>
        s.t.app.inject({
          method: 'POST',
          url,
          headers: { ...admin.headers, 'content-type': contentType },
          payload,
        });
      const badForBoth = [
        'null',
        '[]',
        '"text"',
        '{',
        '{"points":10,"reason":5}',
        '{"points":10,"reason":["a","b","c"]}',
        '{"points":10,"reason":"Lone \\ud800 surrogate"}',
        '{"points":10,"reason":"Line\\nbreak"}',
        '{"points":10,"reason":"NUL \\u0000 inside"}',
      ];
      const badPoints = [
        '{"points":null,"reason":"Null points"}',
        '{"points":1e308,"reason":"Huge"}',
        '{"points":9223372036854775808,"reason":"Unsafe"}',
      ];
      const probes: [string, string[]][] = [
        [`/api/v1/admin/customers/${buyer.userId}/points`, [...badForBoth, ...badPoints]],
        [`/api/v1/admin/customers/${buyer.userId}/block`, badForBoth],
      ];
      for (const [url, bodies] of probes)
        for (const body of bodies) {
          const res = await raw(url, body);
          expect(res.statusCode, `${url} ${body}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${url} ${body}`).toBeLessThan(500);
          expect(errorOf(res).success, body).toBe(false);
        }
      // A lone surrogate is refused before the schema, naming the field (unstorable-text guard).
      const lone = await raw(
        `/api/v1/admin/customers/${buyer.userId}/block`,
        '{"reason":"Lone \\ud800 surrogate"}',
      );
      expect(lone.statusCode).toBe(400);
      expect(errorOf(lone)).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(Object.keys((errorOf(lone) as { fields?: object }).fields ?? {})).toEqual(['reason']);
      const control = await raw(
        `/api/v1/admin/customers/${buyer.userId}/block`,
        '{"reason":"Line\\nbreak"}',
      );
      expect(JSON.stringify(errorOf(control))).toContain(
        adminCustomerSchemaMessages.reasonCharacters.en,
      );
      const text = await raw(
        `/api/v1/admin/customers/${buyer.userId}/points`,
        'points=1',
        'text/plain',
      );
      expect(text.statusCode).toBeLessThan(500);
      const detail = detailOf(await as(admin, 'GET', `/api/v1/admin/customers/${buyer.userId}`));
      expect(detail).toMatchObject({ pointsBalance: 0, blocked: false });
    });

    it('is for admins only, 404 for unknown customers, 409 for staff accounts', async () => {
      const buyer = await signedIn(s);
      const bySupport = await adjust(
        buyer.userId,
        { points: 10, reason: 'Support tries' },
        support,
      );
      expect(bySupport.statusCode).toBe(403);
      expect(errorOf(bySupport).message).toBe(adminMessages.roleTooLow.en);
      const unknown = await adjust(randomUUID(), { points: 10, reason: 'Nobody' });
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown).message).toBe(adminCustomerMessages.customerNotFound.en);
      const staff = await adjust(await staffIdOf(support), { points: 10, reason: 'Staff' });
      expect(staff.statusCode).toBe(409);
      expect(errorOf(staff).message).toBe(adminCustomerMessages.cannotAdjustStaff.en);
    });

    it('applies parallel adjustments one after the other (row lock): never below zero', async () => {
      const buyer = await signedIn(s);
      await adjust(buyer.userId, { points: 500, reason: 'Start balance' });
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          adjust(buyer.userId, { points: -100, reason: `Parallel deduction ${i}` }),
        ),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(5);
      expect(codes.filter((c) => c === 409)).toHaveLength(7);
      const entries = await s.t.database.db
        .select()
        .from(loyaltyLedger)
        .where(eq(loyaltyLedger.userId, buyer.userId));
      expect(entries).toHaveLength(6);
      expect(entries.map((e) => e.balanceAfter).sort((a, b) => a - b)).toEqual([
        0, 100, 200, 300, 400, 500,
      ]);
      const data = detailOf(await as(admin, 'GET', `/api/v1/admin/customers/${buyer.userId}`));
      expect(data.pointsBalance).toBe(0);
      // Mixed additions and deductions at once add up exactly.
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          adjust(buyer.userId, { points: i % 2 ? 30 : 70, reason: `Parallel addition ${i}` }),
        ),
      );
      expect(
        detailOf(await as(admin, 'GET', `/api/v1/admin/customers/${buyer.userId}`)).pointsBalance,
      ).toBe(500);
    });
  });

  describe('block', () => {
    const block = (id: string, reason = 'Chargeback fraud', staff = admin, lang = 'en') =>
      as(staff, 'POST', `/api/v1/admin/customers/${id}/block`, { reason }, lang);
    const unblock = (id: string, staff = admin) =>
      as(staff, 'POST', `/api/v1/admin/customers/${id}/unblock`, {});
    const loginAs = (person: { email: string; password: string }, lang = 'en') =>
      post(
        s.t,
        '/api/v1/auth/login',
        { email: person.email, password: person.password },
        { 'accept-language': lang },
      );

    it('ends every session at once and refuses login, refresh and checkout; unblock restores login', async () => {
      const buyer = await signedIn(s);
      const second = await loginAs(buyer.person);
      const { refreshToken } = second.json<{ refreshToken: string }>();
      await addMptTopUp(s, buyer.headers);

      const res = await block(buyer.userId, '  Chargeback fraud  ');
      expect(res.statusCode).toBe(200);
      expect(res.json<{ message: string }>().message).toBe(
        adminCustomerMessages.customerBlocked.en,
      );
      expect(detailOf(res)).toMatchObject({ blocked: true, blockedReason: 'Chargeback fraud' });
      expect(detailOf(res).customer.blocked).toBe(true);

      // The access token of the open session is refused on its next call…
      const profile = await call(s, 'GET', '/api/v1/users/profile', buyer.headers);
      expect(profile.statusCode).toBe(401);
      expect(errorOf(profile).message).toBe(authTexts.accountBlocked.en);
      // …checkout too…
      const checkout = await call(s, 'POST', '/api/v1/checkout/initialize', buyer.headers);
      expect(checkout.statusCode).toBe(401);
      expect(errorOf(checkout).message).toBe(authTexts.accountBlocked.en);
      // …the refresh token is dead…
      const refreshed = await refresh(s.t, refreshToken, { 'accept-language': 'en' });
      expect(refreshed.statusCode).toBe(401);
      expect(errorOf(refreshed).message).toBe(authTexts.accountBlocked.en);
      const families = await s.t.database.db
        .select()
        .from(refreshFamilies)
        .where(eq(refreshFamilies.userId, buyer.userId));
      expect(families.length).toBeGreaterThanOrEqual(2);
      expect(families.every((f) => f.revokedAt && f.revokedReason === 'blocked')).toBe(true);
      // …and a new login is refused with the reason, in either language, only with the right password.
      const login = await loginAs(buyer.person);
      expect(login.statusCode).toBe(403);
      expect(errorOf(login).message).toBe(authTexts.accountBlocked.en);
      expect(errorOf(await loginAs(buyer.person, 'my')).message).toBe(authTexts.accountBlocked.my);
      const wrong = await loginAs({ ...buyer.person, password: 'not-the-password-1' });
      expect(wrong.statusCode).toBe(401);
      expect(errorOf(wrong).message).toBe(authTexts.invalidCredentials.en);

      const lifted = await unblock(buyer.userId);
      expect(lifted.statusCode).toBe(200);
      expect(lifted.json<{ message: string }>().message).toBe(
        adminCustomerMessages.customerUnblocked.en,
      );
      expect(detailOf(lifted)).toMatchObject({ blocked: false, blockedReason: null });
      const again = await loginAs(buyer.person);
      expect(again.statusCode).toBe(200);
      const token = again.json<{ data: { accessToken: string } }>().data.accessToken;
      const ok = await call(s, 'GET', '/api/v1/users/profile', {
        authorization: `Bearer ${token}`,
      });
      expect(ok.statusCode).toBe(200);
      // The sessions the block ended stay ended.
      expect((await refresh(s.t, refreshToken)).statusCode).toBe(401);
      expect((await call(s, 'GET', '/api/v1/users/profile', buyer.headers)).statusCode).toBe(401);
    });

    it('is idempotent and audited once per change', async () => {
      const buyer = await signedIn(s);
      expect((await block(buyer.userId, 'First reason')).statusCode).toBe(200);
      const twice = await block(buyer.userId, 'Second reason');
      expect(twice.statusCode).toBe(200);
      expect(detailOf(twice).blockedReason).toBe('First reason');
      expect((await unblock(buyer.userId)).statusCode).toBe(200);
      expect((await unblock(buyer.userId)).statusCode).toBe(200);
      const blocks = (await auditOf('customer.block')).filter((e) => e.targetId === buyer.userId);
      expect(blocks).toHaveLength(1);
      expect(blocks[0]).toMatchObject({
        before: { blocked: false },
        after: { blocked: true, reason: 'First reason' },
        actorEmail: admin.email,
      });
      const unblocks = (await auditOf('customer.unblock')).filter(
        (e) => e.targetId === buyer.userId,
      );
      expect(unblocks).toHaveLength(1);
      expect(unblocks[0]?.before).toEqual({ blocked: true, reason: 'First reason' });
    });

    it('refuses to block oneself or another staff account (409), support (403), unknown (404), bad reasons (400)', async () => {
      const self = await block(await staffIdOf(admin));
      expect(self.statusCode).toBe(409);
      expect(errorOf(self).message).toBe(adminCustomerMessages.cannotBlockSelf.en);
      const other = await block(await staffIdOf(support), 'Staff', admin, 'my');
      expect(other.statusCode).toBe(409);
      expect(errorOf(other).message).toBe(adminCustomerMessages.cannotBlockStaff.my);
      // Support still works: nothing was done to the account.
      expect((await as(support, 'GET', '/api/v1/admin/orders')).statusCode).toBe(200);

      const buyer = await signedIn(s);
      const bySupport = await block(buyer.userId, 'Support tries', support);
      expect(bySupport.statusCode).toBe(403);
      expect((await unblock(buyer.userId, support)).statusCode).toBe(403);
      const unknown = await block(randomUUID());
      expect(unknown.statusCode).toBe(404);
      expect((await unblock(randomUUID())).statusCode).toBe(404);
      for (const reason of ['', ' no', 'y'.repeat(201)]) {
        const res = await block(buyer.userId, reason);
        expect(res.statusCode).toBe(400);
        expect(JSON.stringify(errorOf(res))).toContain(adminCustomerSchemaMessages.reason.en);
      }
      const noBody = await as(admin, 'POST', `/api/v1/admin/customers/${buyer.userId}/block`, {});
      expect(noBody.statusCode).toBe(400);
      expect((await call(s, 'GET', '/api/v1/users/profile', buyer.headers)).statusCode).toBe(200);
    });
  });
});

/*
 * Issue 31, tier benefits: "priority customer service" — support sees a gold or platinum member's
 * tier, marked priority, on the customer's page and on each of their orders.
 */
describe('back-office: the customer tier support sees', () => {
  // One point per 1,000 Ks paid: silver at 1 point, gold at 2 in this shop.
  const s = openShopTest({
    LOYALTY_TIER_POINTS: '0,1,2,1000',
    LOYALTY_TIER_DISCOUNTS: '0,1,2,3',
    TOPUP_SIMULATOR_MAX_DELAY_MS: '0',
  });

  it('marks a gold member priority on the customer page and the order page', async () => {
    const support = await signedInStaff(s.t, s.clock, 'support');
    const buyer = await signedIn(s);
    const view = async (url: string) => {
      const res = await s.t.app.inject({ method: 'GET', url, headers: support.headers });
      expect(res.statusCode).toBe(200);
      return res.json<{ data: { membership: unknown } }>().data.membership;
    };
    const first = await paidOrder(s, [{ sku: 'T-MPT-1000', quantity: 1, phoneNumber: MPT_PHONE }], {
      user: buyer,
    });
    // Points are earned when the order is delivered (its fulfilment job).
    await s.t.app.runPendingJobs();
    expect(await view(`/api/v1/admin/customers/${buyer.userId}`)).toEqual({
      tier: 'silver',
      prioritySupport: false,
      discountPercent: 1,
    });
    // Two (1% off as silver: one alone is under MM QR's 1,000 Ks).
    await paidOrder(s, [{ sku: 'T-MPT-1000', quantity: 2, phoneNumber: MPT_PHONE }], {
      user: buyer,
    });
    await s.t.app.runPendingJobs();
    const gold = { tier: 'gold', prioritySupport: true, discountPercent: 2 };
    expect(await view(`/api/v1/admin/customers/${buyer.userId}`)).toEqual(gold);
    // An order shows the customer's tier now, also an order bought before it was reached.
    expect(await view(`/api/v1/admin/orders/${first.order.orderId}`)).toEqual(gold);
  });
});
