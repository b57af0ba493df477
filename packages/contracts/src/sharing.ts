import * as z from 'zod/mini';
import { listOf, successResponse } from './responses.ts';
import { faceValueSchema, productKinds } from './catalogue.ts';
import { buyerPageMessages, eloadResultSchema, liveShareSchema } from './orders.ts';
import { shareMessages } from './share-messages.ts';
import { pageQueryFields } from './whole-query.ts';

export * from './share-messages.ts';
export * from './share-types.ts';

/**
 * Shapes of the sharing calls (shopping spec §3 "Share request/response", "Share type", §4 "Share
 * link", §5 share rules, §7 "Share" and "Share types", §8 share errors): gift links of completed
 * orders, the public shared-order page's answer, and the buyer's share types.
 */

// ---------------------------------------------------------------- constants (shopping spec §9)

/** Custom share types per user (spec §9 "Custom share types: max 5"). */
export const SHARE_TYPES_MAX = 5;
export const SHARE_TYPE_TITLE_MAX_LENGTH = 30;
export const SHARE_NOTE_MAX_LENGTH = 300;
export const SHARE_TYPE_LIMIT_DEFAULT = 10;
export const SHARE_TYPE_LIMIT_MAX = 50;

// ---------------------------------------------------------------- share types

const COLOUR = /^#[0-9a-f]{6}$/i;
const colour = z.string().check(z.regex(COLOUR));

/**
 * How a share type looks on the shared page and in the dialog: colours (#rrggbb only, so they are
 * safe in a style attribute), a two-stop gradient, an emoji and a short greeting per language.
 */
export const shareStyleSchema = z.object({
  primaryColor: colour,
  secondaryColor: colour,
  textColor: colour,
  // Two stops. (A length-checked array rather than a tuple, and an object with a catchall rather
  // than a record below: the same JSON, without zod's tuple and record code in the zod chunk
  // that every page loads.)
  gradient: z.array(colour).check(z.minLength(2), z.maxLength(2)),
  emoji: z.string().check(z.minLength(1), z.maxLength(16)),
  greeting: z.object({
    en: z.string().check(z.maxLength(80)),
    my: z.string().check(z.maxLength(80)),
  }),
});
export type ShareStyle = z.output<typeof shareStyleSchema>;

export const shareTypeSchema = z.object({
  /** Null for the built-ins. */
  id: z.nullable(z.string()),
  title: z.string(),
  builtIn: z.boolean(),
  style: shareStyleSchema,
  createdAt: z.nullable(z.string()),
});
export type ShareType = z.output<typeof shareTypeSchema>;

const title = z.pipe(
  z.string({ error: shareMessages.titleRequired.en }),
  z.pipe(
    z.transform((value: string) => value.trim().replace(/\s+/g, ' ')),
    z
      .string()
      .check(
        z.minLength(1, { error: shareMessages.titleRequired.en }),
        z.maxLength(SHARE_TYPE_TITLE_MAX_LENGTH, { error: shareMessages.titleRequired.en }),
      ),
  ),
);

export const shareTypeListQuerySchema = z.object({
  ...pageQueryFields(buyerPageMessages, SHARE_TYPE_LIMIT_DEFAULT, SHARE_TYPE_LIMIT_MAX),
  search: z.optional(z.string().check(z.maxLength(SHARE_TYPE_TITLE_MAX_LENGTH))),
});
export type ShareTypeListQuery = z.output<typeof shareTypeListQuerySchema>;

export const createShareTypeRequestSchema = z.object({
  title,
  style: z.optional(shareStyleSchema),
});
export type CreateShareTypeRequest = z.input<typeof createShareTypeRequestSchema>;

export const generateStyleRequestSchema = z.object({ title });
export type GenerateStyleRequest = z.input<typeof generateStyleRequestSchema>;

export const shareTypeIdParamsSchema = z.object({ id: z.string() });

/** Built-ins first (their titles are the keys above), then the user's own, oldest first. */
export const shareTypeListResponseSchema = listOf(shareTypeSchema);
export type ShareTypeListResponse = z.output<typeof shareTypeListResponseSchema>;

export const shareTypeResponseSchema = successResponse(shareTypeSchema);
export type ShareTypeResponse = z.output<typeof shareTypeResponseSchema>;

/** The generated style, keyed by the title it was made for (spec §7). */
export const generateStyleResponseSchema = successResponse(
  z.catchall(z.object({}), shareStyleSchema),
);
export type GenerateStyleResponse = z.output<typeof generateStyleResponseSchema>;

export const aiLimitStatusSchema = z.object({
  used: z.int(),
  limit: z.int(),
  remaining: z.int(),
  /** When the count starts again (midnight in Yangon), ISO 8601. */
  resetsAt: z.string(),
});
export type AiLimitStatus = z.output<typeof aiLimitStatusSchema>;

export const aiLimitStatusResponseSchema = successResponse(aiLimitStatusSchema);

// ---------------------------------------------------------------- share links

export const shareRequestSchema = z.object({
  /** A built-in type's key or the title of one of the caller's own types. */
  type: z
    .string({ error: shareMessages.chooseType.en })
    .check(
      z.minLength(1, { error: shareMessages.chooseType.en }),
      z.maxLength(SHARE_TYPE_TITLE_MAX_LENGTH, { error: shareMessages.chooseType.en }),
    ),
  note: z._default(
    z
      .string({ error: shareMessages.noteTooLong.en })
      .check(z.maxLength(SHARE_NOTE_MAX_LENGTH, { error: shareMessages.noteTooLong.en })),
    '',
  ),
});
export type ShareRequest = z.input<typeof shareRequestSchema>;

/** The link a share call made or found (liveShareSchema, as the order shows it). */
export const shareLinkSchema = z.extend(liveShareSchema, {
  /** The answer's message, in the request language (spec §3: read from the data). */
  message: z.string(),
});
export type ShareLink = z.output<typeof shareLinkSchema>;

/** 201 for a new link, 208 (a success) when the order already had a live one. */
export const shareResponseSchema = successResponse(shareLinkSchema);
export type ShareResponse = z.output<typeof shareResponseSchema>;

export const shareIdParamsSchema = z.object({ shareId: z.string() });
export const shareCardParamsSchema = z.object({ shareId: z.string(), cardId: z.string() });

/** A card of a shared order: never its PIN (the scratch call answers it to the link's holder). */
export const sharedCardSchema = z.object({
  cardId: z.string(),
  name: z.string(),
  serialNumber: z.string(),
  expiresAt: z.nullable(z.string()),
  faceValue: z.nullable(faceValueSchema),
  /** When the link's holder first revealed it, else null. */
  revealedAt: z.nullable(z.string()),
});
export type SharedCard = z.output<typeof sharedCardSchema>;

export const sharedOrderItemSchema = z.object({
  itemId: z.string(),
  name: z.string(),
  kind: z.enum(productKinds),
  quantity: z.int(),
  /** Top-up and data lines: the number credited, shown as 09•••••123. */
  phoneNumber: z.nullable(z.string()),
  operator: z.nullable(z.string()),
  eload: z.nullable(eloadResultSchema),
  cards: z.array(sharedCardSchema),
  instructions: z.nullable(z.string()),
});
export type SharedOrderItem = z.output<typeof sharedOrderItemSchema>;

/** What anyone with the link sees (spec §2 "Shared-order page"): no prices, no PINs. */
export const sharedOrderSchema = z.object({
  shareId: z.string(),
  type: shareTypeSchema,
  note: z.string(),
  /** The buyer's first name. */
  senderName: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  order: z.object({
    orderNumber: z.string(),
    completedAt: z.nullable(z.string()),
    items: z.array(sharedOrderItemSchema),
  }),
});
export type SharedOrder = z.output<typeof sharedOrderSchema>;

export const sharedOrderResponseSchema = successResponse(sharedOrderSchema);
export type SharedOrderResponse = z.output<typeof sharedOrderResponseSchema>;
