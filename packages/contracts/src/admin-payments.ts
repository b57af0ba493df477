// Back-office payments whose outcome is unknown, under /api/v1/admin/payments/unknown (issue 27,
// ADR 0059): a provider without a status API (Wave) never reported on them, so support checks the
// provider's merchant portal and records what it found. Messages are English here, localised by
// validation-messages.ts (adminSchemaMessages) in the request's language.

import * as z from 'zod/mini';
import { listOf, successResponse } from './responses.ts';
import { adminSchemaMessages as m } from './admin-schema-messages.ts';
import { enumQuery, pageQuery, uuidSchema } from './admin.ts';
import { orderStatuses, paymentStatuses } from './checkout.ts';

/** What staff found in the provider's merchant portal. */
export const unknownPaymentFindings = ['paid', 'not_paid'] as const;
export type UnknownPaymentFinding = (typeof unknownPaymentFindings)[number];

/** The list's filter: payments still to check, or those resolved (by a callback or staff). */
export const unknownPaymentStates = ['unresolved', 'resolved'] as const;

/** The acquirers' names as people read them (PAYMENT_PROVIDER's names, ADR 0058, 0059). */
export const paymentProviderLabels: Readonly<Record<string, string>> = {
  sandbox: 'Sandbox bank',
  kbzpay: 'KBZPay',
  aplus: 'A+ (ABank)',
  wave: 'Wave Money',
};
export const paymentProviderLabel = (provider: string): string =>
  paymentProviderLabels[provider] ?? provider;

/** GET /api/v1/admin/payments/unknown: unresolved first, then the latest window first. */
export const adminUnknownPaymentListQuerySchema = z.object({
  ...pageQuery,
  state: enumQuery(unknownPaymentStates, m.unknownPaymentState.en),
});
export type AdminUnknownPaymentListQuery = z.output<typeof adminUnknownPaymentListQuerySchema>;

/** How the unknown became known: the provider's own later callback, or staff's finding. */
export const unknownPaymentResolutionSchema = z.object({
  finding: z.enum(unknownPaymentFindings),
  by: z.enum(['provider', 'staff']),
  /** Who recorded staff's finding (the audit log has the rest); null for the provider's. */
  staffEmail: z.nullable(z.string()),
  /**
   * What the shop did: the receipt's outcome for money reported (applied, after_cancel, sold_out…:
   * anything but applied is flagged for refund), declined for a refusal, or order_cancelled /
   * order_unchanged for staff's "not paid".
   */
  outcome: z.string(),
  /** ISO 8601. */
  at: z.string(),
});

export const adminUnknownPaymentSchema = z.object({
  paymentId: z.string(),
  /** The reference the provider knows the payment by (Wave's merchant_reference_id). */
  reference: z.string(),
  provider: z.string(),
  amountMmk: z.int(),
  /** When the payment's window ended (ISO 8601, shown in Yangon time). */
  windowEndedAt: z.string(),
  /** When the shop recorded that the provider never reported on it. */
  unknownSince: z.string(),
  paymentStatus: z.enum(paymentStatuses),
  order: z.object({
    id: z.string(),
    orderNumber: z.string(),
    status: z.enum(orderStatuses),
    paymentStatus: z.enum(paymentStatuses),
  }),
  customer: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
  }),
  /** Null while nobody knows what happened to the money. */
  resolution: z.nullable(unknownPaymentResolutionSchema),
});
export type AdminUnknownPayment = z.output<typeof adminUnknownPaymentSchema>;

export const adminUnknownPaymentListResponseSchema = listOf(adminUnknownPaymentSchema);

export const adminPaymentParamsSchema = z.object({ id: uuidSchema(m.paymentId.en) });

/**
 * POST /api/v1/admin/payments/{id}/finding: what the provider's merchant portal shows. "paid" pays
 * and fulfils the order as the provider's callback would; "not_paid" ends the payment and cancels
 * the order still waiting for it. Once per payment.
 */
export const adminUnknownFindingRequestSchema = z.object({
  finding: z.enum(unknownPaymentFindings, { error: m.unknownPaymentFinding.en }),
});
export type AdminUnknownFindingRequest = z.output<typeof adminUnknownFindingRequestSchema>;

export const adminUnknownPaymentResponseSchema = successResponse(adminUnknownPaymentSchema);
