import * as z from 'zod/mini';
import { listOf, successResponse } from './responses.ts';
import { pageQueryFields } from './whole-query.ts';
import { faceValueSchema } from './catalogue.ts';
import {
  codesEmailSchema,
  orderItemSchema,
  orderSummarySchema,
  paymentMethodIds,
  paymentStatuses,
} from './checkout.ts';
import { orderMessages } from './order-messages.ts';
import { orderDisplayStatuses, type OrderDisplayStatus } from './order-status.ts';

/**
 * Shapes of the order calls (shopping spec §3 "Order", "Order item", "Card", §4 "Order statuses",
 * §7 "Orders"): the order list and detail, scratching a card, the Happiness Meter feedback and the
 * two downloads (invoice PDF, card list CSV/PDF). An order is only ever answered to its buyer:
 * any other caller gets 404 "Order not found" (or "Card not found").
 */

// ---------------------------------------------------------------- constants (shopping spec §9)

export const ORDER_LIMIT_DEFAULT = 10;
export const ORDER_LIMIT_MAX = 50;
export const FEEDBACK_RATING_MIN = 1;
export const FEEDBACK_RATING_MAX = 5;
export const FEEDBACK_COMMENT_MAX_LENGTH = 500;

/** How a line is delivered: pending until fulfilment is done with it, then delivered or failed. */
export const orderItemStatuses = ['pending', 'delivered', 'failed'] as const;
export type OrderItemStatus = (typeof orderItemStatuses)[number];

/** E-load (top-up and data) result of a line, as the aggregator answered it. */
export const eloadStatuses = ['pending', 'success', 'failed'] as const;
export type EloadStatus = (typeof eloadStatuses)[number];

/**
 * Refunds of a paid order that failed, wholly or partly (ADR 0020): to the points it was paid
 * with (at once) or to the payer's bank account (support pays it out, then marks it refunded).
 */
export const refundDestinations = ['points', 'bank'] as const;
export type RefundDestination = (typeof refundDestinations)[number];
export const refundStatuses = ['refund_pending', 'refunded'] as const;
export type RefundStatus = (typeof refundStatuses)[number];
/** Working days support takes for a bank refund (or to check an unconfirmed top-up). */
export const REFUND_WORKING_DAYS = 7;

export const cardListFormats = ['csv', 'pdf'] as const;
export type CardListFormat = (typeof cardListFormats)[number];

// ---------------------------------------------------------------- messages

export { orderMessages } from './order-messages.ts';
export * from './order-status.ts';

// ---------------------------------------------------------------- requests

/** What a page or limit the buyer's lists (orders, share types) cannot read is answered with. */
export const buyerPageMessages = {
  page: orderMessages.pageInvalid.en,
  limit: orderMessages.limitInvalid.en,
};

/** GET /api/v1/orders?page&limit&status (page 1, limit 10 by default; newest first). */
export const orderListQuerySchema = z.object({
  ...pageQueryFields(buyerPageMessages, ORDER_LIMIT_DEFAULT, ORDER_LIMIT_MAX),
  /** Absent, empty or "all": every status; else a status as shown (orderDisplayStatus). */
  status: z.optional(
    z.pipe(
      z.string({ error: orderMessages.statusInvalid.en }),
      z.transform((value, ctx) => {
        const v = value.trim().toLowerCase();
        if (v === '' || v === 'all') return undefined;
        // The statuses the list shows (ADR 0051): "Partly delivered" and "Checking" are filters too.
        if ((orderDisplayStatuses as readonly string[]).includes(v)) return v as OrderDisplayStatus;
        ctx.issues.push({ code: 'custom', message: orderMessages.statusInvalid.en, input: value });
        return z.NEVER;
      }),
    ),
  ),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;
export type OrderListQueryInput = z.input<typeof orderListQuerySchema>;

export const cardIdParamsSchema = z.object({ cardId: z.string() });

/** PUT /api/v1/cards/{cardId}/scratch — the spec's body is scratch=true. */
export const scratchCardRequestSchema = z.object({
  scratch: z.literal(true, { error: orderMessages.scratchMustBeTrue.en }),
});
export type ScratchCardRequest = z.output<typeof scratchCardRequestSchema>;

/** POST /api/v1/orders/{orderId}/feedback — the Happiness Meter. A second answer replaces the first. */
export const orderFeedbackRequestSchema = z.object({
  rating: z
    .int({ error: orderMessages.feedbackRating.en })
    .check(
      z.gte(FEEDBACK_RATING_MIN, { error: orderMessages.feedbackRating.en }),
      z.lte(FEEDBACK_RATING_MAX, { error: orderMessages.feedbackRating.en }),
    ),
  comment: z.optional(
    z.nullable(
      z.pipe(
        z.string({ error: orderMessages.feedbackCommentTooLong.en }),
        z.pipe(
          z.transform((value: string) => value.trim()),
          z.string().check(
            z.maxLength(FEEDBACK_COMMENT_MAX_LENGTH, {
              error: orderMessages.feedbackCommentTooLong.en,
            }),
          ),
        ),
      ),
    ),
  ),
});
export type OrderFeedbackRequest = z.input<typeof orderFeedbackRequestSchema>;

/**
 * POST /api/v1/orders/{orderId}/codes/resend — the codes e-mail again, to the order's address or
 * to `email`, which then becomes the order's (issue 26, ADR 0050). Answers the order.
 */
export const resendCodesRequestSchema = z.optional(
  z.nullable(z.object({ email: z.optional(z.nullable(codesEmailSchema)) })),
);
export type ResendCodesRequest = z.input<typeof resendCodesRequestSchema>;

/** GET /api/v1/orders/{orderId}/cards?format=csv|pdf (csv when absent). */
export const cardListQuerySchema = z.object({
  format: z._default(z.enum(cardListFormats, { error: orderMessages.cardFormat.en }), 'csv'),
});

// ---------------------------------------------------------------- answers

/**
 * A delivered E-PIN or gift card (spec §3 "Card"). The PIN is null until the buyer scratches the
 * card (PUT /api/v1/cards/{cardId}/scratch answers it), after which the order answers it too.
 */
export const orderCardSchema = z.object({
  cardId: z.string(),
  /** The product's code (SKU) and name in the request language. */
  code: z.string(),
  name: z.string(),
  serialNumber: z.string(),
  pin: z.nullable(z.string()),
  scratched: z.boolean(),
  /** ISO 8601, or null for a card that does not expire. */
  expiresAt: z.nullable(z.string()),
  /** List price of one card and what the buyer paid for it, integer MMK. */
  cardPrice: z.int(),
  sellingPrice: z.int(),
  /** Gift cards: face value in the card's own currency, minor units; else null. */
  faceValue: z.nullable(faceValueSchema),
  /** When the holder of the order's share link first revealed the PIN, else null. */
  openedByRecipientAt: z.nullable(z.string()),
});
export type OrderCard = z.output<typeof orderCardSchema>;

/** E-load result of a top-up or data line; null for card lines. */
export const eloadResultSchema = z.object({
  status: z.enum(eloadStatuses),
  /** The aggregator's transaction reference once it answered, else null. */
  reference: z.nullable(z.string()),
  /** What happened, in the request language. */
  message: z.string(),
  /** When the aggregator answered (ISO 8601), null while pending. */
  completedAt: z.nullable(z.string()),
});
export type EloadResult = z.output<typeof eloadResultSchema>;

export const orderDetailItemSchema = z.extend(orderItemSchema, {
  /** The order item's own id. */
  itemId: z.string(),
  /** The product's code (SKU); the product id for lines bought before codes were kept. */
  code: z.string(),
  status: z.enum(orderItemStatuses),
  /** Why the line failed, in the request language; null otherwise. */
  failureReason: z.nullable(z.string()),
  /**
   * A top-up sent whose arrival the operator never confirmed (failure code `unconfirmed`): support
   * checks it with the operator; until then it is neither delivered nor failed (ADR 0051).
   */
  toCheck: z.boolean(),
  /** A failed top-up line of several units: how many arrived all the same (ADR 0062). */
  deliveredUnits: z.optional(z.nullable(z.int())),
  /** Top-up and data lines: the E-load result (null before fulfilment starts); card lines: null. */
  eload: z.nullable(eloadResultSchema),
  /** E-PIN and gift-card lines: the delivered cards (empty until delivered); else empty. */
  cards: z.array(orderCardSchema),
  /** How to redeem the product, in the request language, when the shop has written it. */
  instructions: z.nullable(z.string()),
});
export type OrderDetailItem = z.output<typeof orderDetailItemSchema>;

export const orderFeedbackSchema = z.object({
  rating: z.int(),
  comment: z.nullable(z.string()),
  createdAt: z.string(),
});
export type OrderFeedback = z.output<typeof orderFeedbackSchema>;

/** What a paid order that failed (wholly or partly) gives back, and how far it got. */
export const orderRefundSchema = z.object({
  status: z.enum(refundStatuses),
  destination: z.enum(refundDestinations),
  /** Kyat of the failed lines (the order's discounts shared out in proportion). */
  amount: z.int(),
  /** Points orders: the points due back in all; null for bank refunds. */
  points: z.nullable(z.int()),
  /** Only a part of the order failed; the rest was delivered. */
  partial: z.boolean(),
  /** A top-up the operator never confirmed is part of it: support checks it before refunding. */
  toCheck: z.boolean(),
  /** While pending: working days it takes at most; null once refunded. */
  workingDays: z.nullable(z.int()),
  createdAt: z.string(),
  refundedAt: z.nullable(z.string()),
});
export type OrderRefund = z.output<typeof orderRefundSchema>;

/** A live share link of an order: its id, address, share type and end (sharing.ts has the calls). */
export const liveShareSchema = z.object({
  shareId: z.string(),
  shareUrl: z.string(),
  type: z.string(),
  expiresAt: z.string(),
});

/** The order's live share link as its buyer sees it, with when it was made. */
export const orderShareSchema = z.extend(liveShareSchema, { createdAt: z.string() });
export type OrderShare = z.output<typeof orderShareSchema>;

/**
 * An order as its buyer sees it (list entries and the detail have the same shape). Money is
 * integer MMK; `discount` includes the membership-tier discount (`tierDiscount`).
 */
export const orderSchema = z.extend(orderSummarySchema, {
  items: z.array(orderDetailItemSchema),
  paymentStatus: z.enum(paymentStatuses),
  paymentMethod: z.nullable(z.enum(paymentMethodIds)),
  /** Assigned when the invoice is first generated, else null. */
  invoiceNumber: z.nullable(z.string()),
  /** True once a card was scratched or the invoice generated: the order can no longer be shared. */
  sharingDisabled: z.boolean(),
  /** The live share link (not disabled, not expired), else null. */
  share: z.nullable(orderShareSchema),
  /** Happiness Meter answer, or null. */
  feedback: z.nullable(orderFeedbackSchema),
  paidAt: z.nullable(z.string()),
  /** When the order ended completed or failed, else null. */
  completedAt: z.nullable(z.string()),
  /** True while the refund of a failed part is pending (refund.status refund_pending). */
  refundPending: z.boolean(),
  /** A paid order that failed, wholly or partly: its refund; null otherwise. */
  refund: z.nullable(orderRefundSchema),
  /**
   * Kyat received for this order and not used for it (a second payment, a wrong amount, the part
   * above the price, a payment after cancel or expiry): due back to the customer; 0 when none.
   */
  unappliedRefund: z.int(),
});
export type Order = z.output<typeof orderSchema>;

export const orderListResponseSchema = listOf(orderSchema);
export type OrderListResponse = z.output<typeof orderListResponseSchema>;

export const orderResponseSchema = successResponse(orderSchema);
export type OrderResponse = z.output<typeof orderResponseSchema>;

export const scratchCardResponseSchema = successResponse(
  z.object({
    cardId: z.string(),
    pin: z.string(),
    serialNumber: z.string(),
    scratched: z.literal(true),
  }),
);
export type ScratchCardResponse = z.output<typeof scratchCardResponseSchema>;

export const orderFeedbackResponseSchema = successResponse(orderFeedbackSchema);
export type OrderFeedbackResponse = z.output<typeof orderFeedbackResponseSchema>;
