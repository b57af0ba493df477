// Back-office order detail and actions under /api/v1/admin/orders/{id} (issue 17): what the shop
// recorded about one order, its refund paid out (bank) or given as points, the codes e-mail sent
// again. Messages are English here, localised by validation-messages.ts (adminSchemaMessages) in
// the request's language.

import * as z from 'zod/mini';
import { successResponse } from './responses.ts';
import { adminSchemaMessages as m } from './admin-schema-messages.ts';
import { adminMembershipSchema, adminOrderSchema, localized, uuidSchema } from './admin.ts';

/** The longest payout reference a bank refund takes (after trimming). */
export const REFUND_REFERENCE_MAX_LENGTH = 100;

/** Control characters (NUL among them) or a lone UTF-16 surrogate: not a payout reference. */
const UNUSABLE_TEXT =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
  /[\u0000-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const adminOrderParamsSchema = z.object({
  id: uuidSchema(m.orderId.en),
});

export const adminOrderItemParamsSchema = z.object({
  id: uuidSchema(m.orderId.en),
  itemId: uuidSchema(m.orderItemId.en),
});

/** A line as bought, with how its fulfilment ended (failureCode: out_of_stock, declined, error, unconfirmed). */
export const adminOrderItemSchema = z.object({
  id: z.string(),
  productName: localized,
  kind: z.string(),
  quantity: z.int(),
  unitPriceMmk: z.int(),
  status: z.string(),
  failureCode: z.nullable(z.string()),
  /** Top-up and data lines: the recipient (95 form); null for cards. */
  recipientPhone: z.nullable(z.string()),
  /** The product's code at checkout (null for lines bought before it was kept). */
  sku: z.nullable(z.string()),
  lineTotalMmk: z.int(),
  /** Card lines: cards delivered and how many of them the buyer revealed. */
  cardsDelivered: z.int(),
  cardsRevealed: z.int(),
});
export type AdminOrderItem = z.output<typeof adminOrderItemSchema>;

export const adminOrderRefundSchema = z.object({
  status: z.enum(['refund_pending', 'refunded']),
  destination: z.enum(['points', 'bank']),
  amountMmk: z.int(),
  points: z.nullable(z.int()),
  reference: z.nullable(z.string()),
  createdAt: z.string(),
  refundedAt: z.nullable(z.string()),
  /** Only a part of the order failed. */
  partial: z.boolean(),
  /** An unconfirmed top-up is behind it: check with the aggregator before paying. */
  toCheck: z.boolean(),
});
export type AdminOrderRefund = z.output<typeof adminOrderRefundSchema>;

export const adminTimelineKinds = [
  'checkout',
  'payment',
  'webhook',
  'job',
  'topup',
  'email',
  'scratch',
  'share',
  'refund',
  'points',
  'invoice',
  'staff',
] as const;

export const adminTimelineEntrySchema = z.object({
  /** ISO 8601. */
  at: z.string(),
  /** One of adminTimelineKinds (a client should show an unknown kind plainly). */
  kind: z.string(),
  /** English, one line. A moment inside it is the token {time}, written in Yangon time by the client. */
  text: z.string(),
  /** The moment of {time} in the text (ISO 8601), e.g. when a share link ends (issue 26). */
  time: z.optional(z.string()),
});
export type AdminTimelineEntry = z.output<typeof adminTimelineEntrySchema>;

export const adminOrderDetailSchema = z.object({
  order: adminOrderSchema,
  /** The customer's tier now (priority service for the higher tiers). */
  membership: adminMembershipSchema,
  items: z.array(adminOrderItemSchema),
  refund: z.nullable(adminOrderRefundSchema),
  /** Oldest first. */
  timeline: z.array(adminTimelineEntrySchema),
});
export type AdminOrderDetail = z.output<typeof adminOrderDetailSchema>;

export const adminOrderDetailResponseSchema = successResponse(adminOrderDetailSchema);

/**
 * POST /api/v1/admin/orders/{id}/refund: a pending refund paid out by bank (reference required:
 * the payout's, 1 to 100 characters) or given to the customer as points.
 */
export const adminRefundRequestSchema = z
  .object({
    destination: z.enum(['points', 'bank'], { error: m.refundDestination.en }),
    reference: z.optional(
      z.string({ error: m.refundReference.en }).check(
        z.trim(),
        z.maxLength(REFUND_REFERENCE_MAX_LENGTH, { error: m.refundReference.en }),
        z.refine((value) => !UNUSABLE_TEXT.test(value), { error: m.refundReferenceText.en }),
      ),
    ),
  })
  .check(
    z.refine((body) => body.destination !== 'bank' || (body.reference ?? '').length > 0, {
      error: m.refundReference.en,
      path: ['reference'],
    }),
  );
export type AdminRefundRequest = z.output<typeof adminRefundRequestSchema>;

/** POST …/items/{itemId}/resolve: whether the unconfirmed top-up reached the recipient. */
export const adminResolveRequestSchema = z.object({
  delivered: z.boolean({ error: m.resolveDelivered.en }),
});
export type AdminResolveRequest = z.output<typeof adminResolveRequestSchema>;
