// Back-office customer management and CSV reports (issue 17): one customer's detail, points
// adjustments, blocking, and the orders / payments exports. Messages are English here, localised by
// validation-messages.ts (adminCustomerSchemaMessages) in the request's language.

import * as z from 'zod/mini';
import { successResponse } from './responses.ts';
import { adminCustomerSchemaMessages as m } from './admin-customers-messages.ts';
import {
  adminCustomerSchema,
  adminMembershipSchema,
  adminOrderSchema,
  dayInput,
  uuidSchema,
} from './admin.ts';

/** The most points one adjustment may add or take. */
export const POINTS_ADJUST_MAX = 1_000_000;
export const ADMIN_REASON_MIN = 3;
export const ADMIN_REASON_MAX = 200;
/** Ledger entries and orders the detail shows, newest first. */
export const CUSTOMER_LEDGER_LIMIT = 50;
export const CUSTOMER_ORDERS_LIMIT = 20;
/** The longest span of one report, in calendar days (both ends included). */
export const REPORT_MAX_DAYS = 366;

export const adminCustomerParamsSchema = z.object({
  id: uuidSchema(m.customerId.en),
});

export const adminLedgerEntrySchema = z.object({
  id: z.string(),
  /** Signed: positive adds to the balance, negative takes from it. */
  points: z.int(),
  /** The staff member's reason of an adjustment; for an order's entry, its kind and order number. */
  reason: z.string(),
  createdAt: z.string(),
  /** earn, redeem, refund, refund_checked (orders) or adjustment (staff). */
  kind: z.string(),
  orderNumber: z.nullable(z.string()),
  balanceAfter: z.int(),
});
export type AdminLedgerEntry = z.output<typeof adminLedgerEntrySchema>;

export const adminCustomerDetailSchema = z.object({
  customer: adminCustomerSchema,
  blocked: z.boolean(),
  blockedReason: z.nullable(z.string()),
  blockedAt: z.nullable(z.string()),
  pointsBalance: z.int(),
  /** The tier now (priority service for the higher tiers). */
  membership: adminMembershipSchema,
  /** Newest first, the last 50. */
  ledger: z.array(adminLedgerEntrySchema),
  /** Newest first, the last 20. */
  orders: z.array(adminOrderSchema),
});
export type AdminCustomerDetail = z.output<typeof adminCustomerDetailSchema>;

export const adminCustomerDetailResponseSchema = successResponse(adminCustomerDetailSchema);

/**
 * Control characters (line breaks included: a reason is one line) or a lone UTF-16 surrogate,
 * which the audit log's jsonb could not store.
 */
const UNFIT_REASON =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
  /[\u0000-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const reasonSchema = z.string({ error: m.reason.en }).check(
  z.trim(),
  z.minLength(ADMIN_REASON_MIN, { error: m.reason.en }),
  z.maxLength(ADMIN_REASON_MAX, { error: m.reason.en }),
  z.refine((value) => !UNFIT_REASON.test(value), { error: m.reasonCharacters.en }),
);

/** POST /api/v1/admin/customers/{id}/points: a signed, non-zero number of points and why. */
export const adminPointsAdjustSchema = z.object({
  points: z.int({ error: m.points.en }).check(
    z.minimum(-POINTS_ADJUST_MAX, { error: m.points.en }),
    z.maximum(POINTS_ADJUST_MAX, { error: m.points.en }),
    z.refine((p) => p !== 0, { error: m.points.en }),
  ),
  reason: reasonSchema,
});
export type AdminPointsAdjust = z.output<typeof adminPointsAdjustSchema>;

/** POST /api/v1/admin/customers/{id}/block. */
export const adminBlockSchema = z.object({ reason: reasonSchema });
export type AdminBlock = z.output<typeof adminBlockSchema>;

/** A required calendar day (YYYY-MM-DD), read in Asia/Yangon (DESIGN §4). */
const reportDay = dayInput(m.reportDate.en);

const DAY_MS = 24 * 60 * 60 * 1000;

/** Calendar days from..to, both included (0 or less when from is after to). */
export const reportDays = (from: string, to: string) =>
  (new Date(`${to}T00:00:00Z`).getTime() - new Date(`${from}T00:00:00Z`).getTime()) / DAY_MS + 1;

/**
 * GET /api/v1/admin/reports/{orders,payments}.csv?from&to: both days required (Yangon calendar
 * days, both included), from not after to, at most 366 days.
 */
export const adminReportQuerySchema = z.object({ from: reportDay, to: reportDay }).check(
  z.refine((query) => query.from <= query.to, { error: m.reportRange.en }),
  z.refine((query) => reportDays(query.from, query.to) <= REPORT_MAX_DAYS, {
    error: m.reportTooLong.en,
  }),
);
export type AdminReportQuery = z.output<typeof adminReportQuerySchema>;
