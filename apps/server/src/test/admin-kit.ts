import type { AuditEntry, StaffRole } from '@shop/contracts/admin';
import type { AdminOrderDetail } from '@shop/contracts/admin-orders';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { openStandin, type TestApp } from './app-kit.ts';
import { post } from './auth-kit.ts';
import { beforeAll, expect } from 'vitest';
import { call, openShopTest } from './checkout-kit.ts';
import { emptyStock } from './fulfilment-kit.ts';
import { startReloadlyStandin } from './standins/reloadly.ts';
import { createOrPromoteStaff } from '../modules/admin/staff-accounts.ts';
import { auditLog } from '../modules/admin/admin.tables.ts';
import { loyaltyLedger } from '../modules/loyalty/loyalty.tables.ts';
import { orderRefunds } from '../modules/refunds/refunds.tables.ts';
import { jobs } from '../platform/jobs.tables.ts';

let counter = 0;

export interface SignedInStaff {
  email: string;
  password: string;
  secret: string;
  recoveryCodes: string[];
  sessionToken: string;
  headers: { authorization: string; 'accept-language': string };
}

/** A staff account made as `npm run admin:create` makes it (a fresh phone number each). */
export async function newStaff(t: TestApp, role: StaffRole = 'admin', now?: Date) {
  counter += 1;
  const email = `staff${counter}.${Date.now()}@shop.example.com`;
  const phone = `0945${String(1_000_000 + counter).slice(-7)}`;
  const result = await createOrPromoteStaff(
    t.database.db,
    { email, role, phone, name: `Staff ${counter}`, source: 'test' },
    now,
  );
  if (!result.ok) throw new Error(result.problem);
  return { email, password: result.password };
}

/** The authenticator's code at the clock's time (the app's clock, so tests may move it). */
export const totpAt = (secret: string, when: Date) =>
  generate({ secret, epoch: Math.floor(when.getTime() / 1000) });

export async function staffLogin(t: TestApp, email: string, password: string) {
  const res = await post(
    t,
    '/api/v1/admin/auth/login',
    { email, password },
    { 'accept-language': 'en' },
  );
  if (res.statusCode !== 200) throw new Error(`staff login failed: ${res.body}`);
  return res.json<{ data: { challengeToken: string; totpEnrolled: boolean } }>().data;
}

/** Step two of a staff sign-in: the authenticator's (or a recovery) `code` on the ticket of step one. */
export const staffCode = (
  t: TestApp,
  challengeToken: string,
  code: string,
  headers: Record<string, string> = { 'accept-language': 'en' },
) => post(t, '/api/v1/admin/auth/totp', { challengeToken, code }, headers);

/** A new staff member who signs in for the first time: password, enrolment, first code. */
export async function signedInStaff(
  t: TestApp,
  clock: () => Date,
  role: StaffRole = 'admin',
): Promise<SignedInStaff> {
  const { email, password } = await newStaff(t, role, clock());
  const { challengeToken } = await staffLogin(t, email, password);
  const enrol = await post(t, '/api/v1/admin/auth/enrol', { challengeToken });
  if (enrol.statusCode !== 200) throw new Error(`enrol failed: ${enrol.body}`);
  const { secret, recoveryCodes } = enrol.json<{
    data: { secret: string; recoveryCodes: string[] };
  }>().data;
  const confirm = await post(t, '/api/v1/admin/auth/enrol/confirm', {
    challengeToken,
    code: await totpAt(secret, clock()),
  });
  if (confirm.statusCode !== 200) throw new Error(`enrol confirm failed: ${confirm.body}`);
  const { sessionToken } = confirm.json<{ data: { sessionToken: string } }>().data;
  return {
    email,
    password,
    secret,
    recoveryCodes,
    sessionToken,
    headers: { authorization: `Bearer ${sessionToken}`, 'accept-language': 'en' },
  };
}

/**
 * The back-office audit log as a staff member reads it: GET /api/v1/admin/audit-log?`query` (e.g.
 * 'action=banner.update&limit=100'), which must answer 200.
 */
export async function auditLogAs(
  t: TestApp,
  staff: { headers: Record<string, string> },
  query: string,
) {
  const res = await t.app.inject({
    url: `/api/v1/admin/audit-log?${query}`,
    headers: staff.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: AuditEntry[]; meta: { total: number } }>();
}

/**
 * For the surrounding describe block: a shop on the Reloadly stand-in (its env, then `env`) with
 * the owner (admin) and a support person signed in to the back-office. `s`, `owner` and `support`
 * are filled in by the time the first beforeAll registered after this call runs; read the stand-in
 * with `rld()` once the tests run. After them the shop closes, then the stand-in.
 */
export function openReloadlyBackOffice(env: Record<string, string> = {}) {
  const rld = openStandin(() => startReloadlyStandin());
  const { s, admin: owner, support } = openBackOffice(() => ({ ...rld().env, ...env }));
  return { s, rld, owner, support };
}

/**
 * For the surrounding describe block: a shop (openShopTest with `env`) with the owner (admin) and
 * a support person signed in to the back-office, by the time the first beforeAll registered after
 * this call runs.
 */
export function openBackOffice(env: Parameters<typeof openShopTest>[0] = {}) {
  const s = openShopTest(env);
  const admin = {} as SignedInStaff;
  const support = {} as SignedInStaff;
  beforeAll(async () => {
    Object.assign(admin, await signedInStaff(s.t, s.clock, 'admin'));
    Object.assign(support, await signedInStaff(s.t, s.clock, 'support'));
  });
  return { s, admin, support };
}

/**
 * The shop of the back-office order tests (issue 17) for the surrounding describe block: top-ups
 * answered at once, a point worth 300 Ks (a 1,000 Ks line is 3.33 points, given as 4), no Steam
 * cards in stock, and the owner (admin) and a support person signed in to the back-office (read
 * `desk.admin` and `desk.support` once the tests run).
 */
export function openOrderDesk() {
  const { s, admin, support } = openBackOffice({
    TOPUP_SIMULATOR_MAX_DELAY_MS: '0',
    LOYALTY_POINT_VALUE_MMK: '300',
  });
  const desk = { admin, support };
  beforeAll(() => emptyStock(s, 'G-STEAM-10'));
  const db = () => s.t.database.db;
  /** An order's loyalty ledger rows. */
  const ledgerOf = (orderId: string) =>
    db().select().from(loyaltyLedger).where(eq(loyaltyLedger.orderId, orderId));
  /** The audit log's rows about an order. */
  const auditOf = (orderId: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, orderId)));
  /** The jobs of one type whose payload names the order. */
  const jobsOf = async (orderId: string, type: string) =>
    (await db().select().from(jobs).where(eq(jobs.type, type))).filter(
      (j) => (j.payload as { orderId?: string }).orderId === orderId,
    );
  /** The order's refund row, if any. */
  const refundRow = async (orderId: string) =>
    (await db().select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)))[0];
  /** POST …/refund: a staff member (the admin unless told) pays an order's refund out. */
  const refund = (
    orderId: string,
    body: unknown,
    staff: { headers: Record<string, string> } = desk.admin,
  ) => call(s, 'POST', `/api/v1/admin/orders/${orderId}/refund`, staff.headers, body);
  return { s, desk, db, ledgerOf, auditOf, jobsOf, refundRow, refund };
}

/** The texts of an order page's timeline, oldest first; only the entries of `kind` if given. */
export const timelineTexts = (detail: AdminOrderDetail, kind?: string) =>
  detail.timeline.filter((e) => !kind || e.kind === kind).map((e) => e.text);
