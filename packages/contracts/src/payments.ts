import * as z from 'zod/mini';
import { successResponse } from './responses.ts';
import {
  orderStatuses,
  paymentMethodIds,
  paymentSessionSchema,
  paymentStatuses,
} from './checkout.ts';

/**
 * Payment calls on an order (shopping spec §7 "Orders": payment-status, cancel-payment,
 * regenerate-qr), the acquirer webhook (DESIGN §5, §6) and the sandbox bank.
 */

export const MMQR_GUID = 'com.mmqrpay.www';
/** ISO 4217 numeric code of the kyat, EMVCo tag 53. */
export const MMK_NUMERIC_CURRENCY = '104';
/** Webhooks older or newer than this are refused (replay protection, DESIGN §5). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const WEBHOOK_SIGNATURE_HEADER = 'x-webhook-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-webhook-timestamp';

export const orderIdParamsSchema = z.object({ orderId: z.string() });

export const paymentStatusResponseSchema = successResponse(
  z.object({
    orderId: z.string(),
    orderNumber: z.string(),
    /** The web polls this: paid → success page, failed → failed page (spec §4). */
    paymentStatus: z.enum(paymentStatuses),
    status: z.enum(orderStatuses),
    paymentMethod: z.nullable(z.enum(paymentMethodIds)),
    amount: z.int(),
    /** End of the current payment window, or null when none is open. */
    expiresAt: z.nullable(z.string()),
  }),
);
export type PaymentStatusResponse = z.output<typeof paymentStatusResponseSchema>;

export const regenerateQrResponseSchema = successResponse(paymentSessionSchema);

export const cancelPaymentResponseSchema = successResponse(
  z.object({
    orderId: z.string(),
    status: z.enum(orderStatuses),
    paymentStatus: z.enum(paymentStatuses),
  }),
);

// ---------------------------------------------------------------- acquirer webhook

export const webhookEventTypes = ['payment.succeeded', 'payment.failed'] as const;

/** NUL or a lone UTF-16 surrogate: text PostgreSQL cannot store (the event is kept as jsonb). */
const UNSTORABLE_TEXT =
  // eslint-disable-next-line no-control-regex -- NUL is exactly what this finds
  /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** A webhook string field: refused when it holds text the database could not store. */
const eventText = (min: number, max: number) =>
  z.string().check(
    z.minLength(min),
    z.maxLength(max),
    z.refine((value) => !UNSTORABLE_TEXT.test(value), 'Invalid character'),
  );

/**
 * Body the acquirer POSTs to /api/v1/payments/webhook/{provider}, signed with
 * `x-webhook-signature: v1=<hex HMAC-SHA256(secret, "{timestamp}.{raw body}")>` and
 * `x-webhook-timestamp: <unix seconds>`.
 */
export const webhookEventSchema = z.object({
  /** Unique per event at the provider: a replay or a duplicate delivery changes nothing. */
  id: eventText(1, 200),
  type: z.enum(webhookEventTypes),
  data: z.object({
    /** The payment reference the shop gave the acquirer (MM QR tag 62-05). */
    reference: eventText(1, 100),
    /** The bill number (order number, MM QR tag 62-01). */
    orderNumber: z.optional(eventText(0, 100)),
    amount: z.int(),
    currency: eventText(0, 10),
    /** When the customer paid (or the bank refused), ISO 8601. */
    occurredAt: eventText(0, 40),
    method: z.optional(z.enum(paymentMethodIds)),
  }),
});
export type WebhookEvent = z.output<typeof webhookEventSchema>;

export const webhookResponseSchema = successResponse(z.object({ duplicate: z.boolean() }));

// ---------------------------------------------------------------- sandbox bank

export const QR_PAYLOAD_MAX_LENGTH = 512;
/** The MM QR payload as scanned (or pasted). */
export const qrPayloadSchema = z.string().check(z.minLength(1), z.maxLength(QR_PAYLOAD_MAX_LENGTH));
/** What the sandbox bank does with a payment: pay it, or refuse it (a failure to test with). */
export const sandboxOutcomes = ['paid', 'failed'] as const;

export const sandboxPayRequestSchema = z.object({
  qrPayload: z.optional(qrPayloadSchema),
  /** A+ wallet or direct transfer request issued by the shop. */
  paymentToken: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))),
  /** Simulate a refused payment. */
  outcome: z.optional(z.enum(sandboxOutcomes)),
});
export type SandboxPayRequest = z.output<typeof sandboxPayRequestSchema>;

/**
 * The sandbox bank stays silent about a payment it was asked for, as Wave may (ADR 0059): the shop
 * records its outcome as unknown for support. The payment is named as for paying it.
 */
export const sandboxSilenceRequestSchema = z.object({
  qrPayload: z.optional(qrPayloadSchema),
  paymentToken: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))),
});

export const sandboxSilenceResponseSchema = successResponse(
  z.object({ reference: z.string(), orderNumber: z.string() }),
);

export const sandboxPayResponseSchema = successResponse(
  z.object({
    eventId: z.string(),
    outcome: z.enum(sandboxOutcomes),
    reference: z.string(),
    orderNumber: z.string(),
    amount: z.int(),
    merchantName: z.string(),
    /** HTTP status the shop's webhook answered. */
    webhookStatus: z.int(),
  }),
);
export type SandboxPayResponse = z.output<typeof sandboxPayResponseSchema>;
