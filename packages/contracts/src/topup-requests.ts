import * as z from 'zod/mini';
import { isUuid } from './ids.ts';
import { productSummarySchema } from './catalogue.ts';
import { operatorCodes } from './phone.ts';
import { myanmarPhoneSchema } from './phone-schemas.ts';
import { plainSuccessSchema, successResponse } from './responses.ts';
import {
  TOPUP_REQUEST_NOTE_MAX,
  topupRequestSchemaMessages as m,
} from './topup-request-messages.ts';

export * from './topup-request-messages.ts';

/**
 * "Top me up" request links (issue 31): someone in Myanmar picks a top-up or data product for
 * their own number and shares a link; whoever opens it sees the number masked, the product and
 * its price, and pays. The token is the link's secret (192 random bits, base64url).
 */

export const topupRequestStatuses = ['open', 'topped_up', 'cancelled', 'expired'] as const;
export type TopupRequestStatus = (typeof topupRequestStatuses)[number];

export const topupRequestCreateSchema = z.object({
  phoneNumber: myanmarPhoneSchema,
  productId: z
    .string({ error: m.chooseProduct.en })
    .check(z.refine((value) => isUuid(value), { error: m.chooseProduct.en })),
  note: z._default(
    z
      .string({ error: m.noteTooLong.en })
      .check(z.maxLength(TOPUP_REQUEST_NOTE_MAX, { error: m.noteTooLong.en })),
    '',
  ),
});
export type TopupRequestCreate = z.input<typeof topupRequestCreateSchema>;

export const topupRequestTokenParamsSchema = z.object({ token: z.string() });

/** A request as its maker sees it: the full number, the link. */
export const ownTopupRequestSchema = z.object({
  token: z.string(),
  url: z.string(),
  phoneNumber: z.string(),
  operator: z.enum(operatorCodes),
  product: productSummarySchema,
  note: z.string(),
  status: z.enum(topupRequestStatuses),
  createdAt: z.string(),
  expiresAt: z.string(),
  toppedUpAt: z.nullable(z.string()),
});
export type OwnTopupRequest = z.output<typeof ownTopupRequestSchema>;

/** A request as whoever holds its link sees it: the number masked, nothing of the account. */
export const publicTopupRequestSchema = z.object({
  token: z.string(),
  /** e.g. "09 7•••• 4567". */
  maskedNumber: z.string(),
  operator: z.enum(operatorCodes),
  product: productSummarySchema,
  note: z.string(),
  status: z.enum(topupRequestStatuses),
  expiresAt: z.string(),
});
export type PublicTopupRequest = z.output<typeof publicTopupRequestSchema>;

export const ownTopupRequestResponseSchema = successResponse(ownTopupRequestSchema);
export const ownTopupRequestListResponseSchema = successResponse(z.array(ownTopupRequestSchema));
export const publicTopupRequestResponseSchema = successResponse(publicTopupRequestSchema);
export const topupRequestActionResponseSchema = plainSuccessSchema;
