import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { checkoutInitializeRequestSchema, paymentStatuses } from './checkout.ts';
import { isPaidStatus } from './order-status.ts';
import {
  cardListQuerySchema,
  orderFeedbackRequestSchema,
  orderListQuerySchema,
  orderMessages,
  scratchCardRequestSchema,
} from './orders.ts';

const firstMessage = (schema: z.ZodMiniType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('order list query', () => {
  it('defaults to page 1, limit 10, every status', () => {
    expect(orderListQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(orderListQuerySchema.parse({ status: 'all' }).status).toBeUndefined();
    expect(orderListQuerySchema.parse({ status: '' }).status).toBeUndefined();
  });

  it('reads page, limit and a status in any letter case', () => {
    expect(orderListQuerySchema.parse({ page: '3', limit: '50', status: 'Completed' })).toEqual({
      page: 3,
      limit: 50,
      status: 'completed',
    });
  });

  it('refuses bad values with a message a caller can act on', () => {
    expect(firstMessage(orderListQuerySchema, { page: '0' })).toBe(orderMessages.pageInvalid.en);
    expect(firstMessage(orderListQuerySchema, { page: '1.5' })).toBe(orderMessages.pageInvalid.en);
    expect(firstMessage(orderListQuerySchema, { limit: '51' })).toBe(orderMessages.limitInvalid.en);
    expect(firstMessage(orderListQuerySchema, { status: 'paid' })).toBe(
      orderMessages.statusInvalid.en,
    );
  });
});

describe('scratch, feedback and card-list requests', () => {
  it('scratch needs scratch=true', () => {
    expect(scratchCardRequestSchema.parse({ scratch: true })).toEqual({ scratch: true });
    expect(firstMessage(scratchCardRequestSchema, { scratch: false })).toBe('scratch must be true');
    expect(firstMessage(scratchCardRequestSchema, {})).toBe('scratch must be true');
  });

  it('feedback is a rating 1–5 and an optional trimmed comment up to 500 characters', () => {
    expect(orderFeedbackRequestSchema.parse({ rating: 5, comment: '  great  ' })).toEqual({
      rating: 5,
      comment: 'great',
    });
    expect(orderFeedbackRequestSchema.parse({ rating: 1 })).toEqual({ rating: 1 });
    for (const rating of [0, 6, 2.5, '4'])
      expect(firstMessage(orderFeedbackRequestSchema, { rating })).toBe(
        orderMessages.feedbackRating.en,
      );
    expect(firstMessage(orderFeedbackRequestSchema, { rating: 3, comment: 'x'.repeat(501) })).toBe(
      orderMessages.feedbackCommentTooLong.en,
    );
  });

  it('card list format is csv (default) or pdf', () => {
    expect(cardListQuerySchema.parse({})).toEqual({ format: 'csv' });
    expect(cardListQuerySchema.parse({ format: 'pdf' })).toEqual({ format: 'pdf' });
    expect(firstMessage(cardListQuerySchema, { format: 'xlsx' })).toBe(orderMessages.cardFormat.en);
  });

  it('checkout takes an optional email for the codes, normalised', () => {
    expect(checkoutInitializeRequestSchema.parse({ email: ' Mya@Example.COM ' })).toEqual({
      email: 'mya@example.com',
    });
    expect(firstMessage(checkoutInitializeRequestSchema, { email: 'not-an-email' })).toBe(
      'Please enter a valid email address for your codes',
    );
  });
});

describe('the one definition of "paid"', () => {
  it('is paid, refund_pending and refunded: money was taken; no other payment status', () => {
    expect(paymentStatuses.filter(isPaidStatus)).toEqual(['paid', 'refund_pending', 'refunded']);
  });
});
