import * as z from 'zod/mini';
import { isUuid } from './ids.ts';
import { productSummarySchema, type ProductSummary } from './catalogue.ts';
import { operatorCodes } from './phone.ts';
import { myanmarPhoneSchema } from './phone-schemas.ts';
import {
  RECIPIENT_NAME_MAX,
  recipientSchemaMessages as m,
  reminderIntervals,
} from './recipient-messages.ts';
import { patchBody } from './patch.ts';
import { plainSuccessSchema, successResponse } from './responses.ts';

export * from './recipient-messages.ts';

/**
 * Saved recipients (issue 31, "a family abroad"): the numbers a customer tops up again and again —
 * a name, the number, its operator (detected from the number, editable: a number keeps its operator
 * when it moves network) and the usual product. Kept per account; nobody else sees them.
 */

const recipientName = z.pipe(
  z.string({ error: m.nameRequired.en }),
  z.pipe(
    z.transform((value: string) => value.trim()),
    z
      .string()
      .check(
        z.minLength(1, { error: m.nameRequired.en }),
        z.maxLength(RECIPIENT_NAME_MAX, { error: m.nameTooLong.en }),
      ),
  ),
);
const operator = z.enum(operatorCodes, { error: m.invalidOperator.en });
/** Days between reminders (7, 14 or 30); null turns them off. */
const remindEveryDays = z.nullable(z.literal(reminderIntervals, { error: m.invalidReminder.en }));
const productId = z.nullable(
  z
    .string({ error: m.invalidProduct.en })
    .check(z.refine((value) => isUuid(value), { error: m.invalidProduct.en })),
);

export const recipientCreateRequestSchema = z.object({
  name: recipientName,
  phoneNumber: myanmarPhoneSchema,
  /** Absent: the operator the number's prefix belongs to. */
  operator: z.optional(operator),
  usualProductId: z.optional(productId),
  /** "Remind me to top up" every so many days; absent or null: no reminders. */
  remindEveryDays: z.optional(remindEveryDays),
});
export type RecipientCreateRequest = z.input<typeof recipientCreateRequestSchema>;

export const recipientUpdateRequestSchema = patchBody(
  {
    name: z.optional(recipientName),
    phoneNumber: z.optional(myanmarPhoneSchema),
    operator: z.optional(operator),
    usualProductId: z.optional(productId),
    remindEveryDays: z.optional(remindEveryDays),
  },
  m.nothingToChange.en,
);
export type RecipientUpdateRequest = z.input<typeof recipientUpdateRequestSchema>;

export const recipientParamsSchema = z.object({ id: z.string() });

/** A product named on a recipient: its usual one, or the last one bought for the number. */
export type RecipientProduct = ProductSummary;

export const savedRecipientSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 95 form, as the cart and orders keep it. */
  phoneNumber: z.string(),
  operator: z.enum(operatorCodes),
  usualProduct: z.nullable(productSummarySchema),
  /** The last paid order line to this number: "Top up again" buys it once more. */
  lastOrder: z.nullable(
    z.object({
      orderId: z.string(),
      orderNumber: z.string(),
      createdAt: z.string(),
      quantity: z.int(),
      product: productSummarySchema,
    }),
  ),
  /** Reminders to top up (issue 31) while they are on: every so many days, and when next. */
  reminder: z.nullable(
    z.object({
      everyDays: z.int(),
      /** When the next reminder is due (ISO 8601). */
      nextAt: z.string(),
    }),
  ),
  /**
   * When reminders turned themselves off, after REMINDER_IGNORED_MAX in a row with no paid order
   * to the number (ISO 8601); null otherwise. Turning them on again clears it.
   */
  reminderStoppedAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type SavedRecipient = z.output<typeof savedRecipientSchema>;

export const recipientListResponseSchema = successResponse(z.array(savedRecipientSchema));
export type RecipientListResponse = z.output<typeof recipientListResponseSchema>;
export const recipientResponseSchema = successResponse(savedRecipientSchema);
export type RecipientResponse = z.output<typeof recipientResponseSchema>;
export const recipientDeleteResponseSchema = plainSuccessSchema;

/**
 * What a reminder's ready cart holds, the same on the server (its text) and in the page (its
 * cart): the usual product, or else the last paid line to the number (its quantity), whichever
 * can be bought now, in that order; else the first of them to name; null when there is neither.
 */
export function readyCartLine(
  recipient: Pick<SavedRecipient, 'usualProduct' | 'lastOrder'>,
): { product: RecipientProduct; quantity: number } | null {
  const lines = [
    ...(recipient.usualProduct ? [{ product: recipient.usualProduct, quantity: 1 }] : []),
    ...(recipient.lastOrder
      ? [{ product: recipient.lastOrder.product, quantity: recipient.lastOrder.quantity }]
      : []),
  ];
  return lines.find((line) => line.product.available) ?? lines[0] ?? null;
}
