import * as z from 'zod/mini';
import { successResponse } from './responses.ts';
import { faceValueSchema, productKinds } from './catalogue.ts';
import { formatNumber, localizedTextSchema, type Language, type LocalizedText } from './i18n.ts';
import { operatorCodes } from './phone.ts';

/**
 * Shapes of the cart calls (shopping spec §3 "Server cart line", §7 "Cart") shared by server and
 * web. The server answers in the request language (Accept-Language, default my), so every message
 * is given in English and Burmese; the English text is the spec's wording where it gives one.
 */

// ---------------------------------------------------------------- constants (shopping spec §9)

export const CART_QUANTITY_MIN = 1;
export const CART_QUANTITY_MAX = 20;

export { needsRecipientPhone, phoneProductKinds } from './phone-products.ts';

// ---------------------------------------------------------------- messages

export const cartMessages = {
  quantityRange: {
    en: 'Quantity must be between 1 and 20',
    my: 'အရေအတွက်သည် ၁ မှ ၂၀ အတွင်း ဖြစ်ရပါမည်',
  },
  added: { en: 'Item added to cart', my: 'ပစ္စည်းကို ခြင်းတောင်းထဲ ထည့်ပြီးပါပြီ' },
  updated: { en: 'Cart updated', my: 'ခြင်းတောင်းကို ပြင်ဆင်ပြီးပါပြီ' },
  removed: { en: 'Item removed from cart', my: 'ပစ္စည်းကို ခြင်းတောင်းမှ ဖယ်ရှားပြီးပါပြီ' },
  cleared: { en: 'Cart cleared', my: 'ခြင်းတောင်းကို ရှင်းလင်းပြီးပါပြီ' },
  fetched: { en: 'Cart retrieved successfully', my: 'ခြင်းတောင်းကို ရယူပြီးပါပြီ' },
  unavailableRemoved: {
    en: 'Unavailable items removed from cart',
    my: 'ဝယ်ယူ၍မရသော ပစ္စည်းများကို ခြင်းတောင်းမှ ဖယ်ရှားပြီးပါပြီ',
  },
  productNotFound: { en: 'Product not found', my: 'ပစ္စည်းကို ရှာမတွေ့ပါ' },
  productUnavailable: {
    en: 'This product is currently unavailable',
    my: 'ဤပစ္စည်းကို လောလောဆယ် ဝယ်ယူ၍ မရနိုင်ပါ',
  },
  itemNotInCart: { en: 'Item not found in cart', my: 'ဤပစ္စည်း ခြင်းတောင်းထဲတွင် မရှိပါ' },
  whichLine: {
    en: 'This product is in your cart for more than one number. Please change one line at a time.',
    my: 'ဤပစ္စည်းသည် ဖုန်းနံပါတ်တစ်ခုထက်ပို၍ ခြင်းတောင်းထဲတွင် ရှိနေပါသည်။ တစ်ကြောင်းချင်း ပြင်ဆင်ပါ။',
  },
  numberJoinsOver: {
    en: 'This number already has this product in your cart, and together they would be more than 20. Please lower the quantity.',
    my: 'ဤနံပါတ်အတွက် ဤပစ္စည်း ခြင်းတောင်းထဲတွင် ရှိပြီးဖြစ်၍ ပေါင်းလိုက်လျှင် ၂၀ ထက် ကျော်ပါမည်။ အရေအတွက်ကို လျှော့ပါ။',
  },
  requestNumberFixed: {
    en: 'This line pays a top-up request: its number is the requester’s and cannot be changed. Remove the line to buy for another number.',
    my: 'ဤစာကြောင်းသည် ငွေဖြည့်ပေးရန် တောင်းဆိုချက်အတွက် ဖြစ်၍ ၎င်း၏ ဖုန်းနံပါတ်မှာ တောင်းဆိုသူ၏ နံပါတ် ဖြစ်ပြီး ပြောင်း၍ မရပါ။ အခြားနံပါတ်အတွက် ဝယ်ရန် ဤစာကြောင်းကို ဖယ်ရှားပါ။',
  },
  phoneNotApplicable: {
    en: 'A phone number can only be given for top-up and data products',
    my: 'ဖုန်းနံပါတ်ကို ဖုန်းငွေဖြည့်နှင့် ဒေတာပစ္စည်းများအတွက်သာ ထည့်နိုင်ပါသည်',
  },
  // Client-side fallbacks (spec §8) when the server gives no message.
  addFailed: { en: 'Failed to add item to cart', my: 'ပစ္စည်းကို ခြင်းတောင်းထဲ ထည့်၍ မရပါ' },
  removeFailed: {
    en: 'Failed to remove item from cart',
    my: 'ပစ္စည်းကို ခြင်းတောင်းမှ ဖယ်ရှား၍ မရပါ',
  },
  updateFailed: {
    en: 'Failed to update item quantity',
    my: 'ပစ္စည်းအရေအတွက်ကို ပြင်ဆင်၍ မရပါ',
  },
  clearFailed: { en: 'Failed to clear cart', my: 'ခြင်းတောင်းကို ရှင်းလင်း၍ မရပါ' },
  getFailed: { en: 'Failed to get cart', my: 'ခြင်းတောင်းကို ရယူ၍ မရပါ' },
  tooFrequent: {
    en: 'Request too frequent, please wait a moment',
    my: 'တောင်းဆိုမှု မကြာခဏ လွန်းနေပါသည်၊ ခဏစောင့်ပါ',
  },
  // Card stock (E-PINs, gift cards) shorter than the quantity; {product} and {n} are filled in by
  // stockShortMessage.
  soldOut: {
    en: '{product} is sold out. Please remove it from your cart.',
    my: '{product} ရောင်းကုန်သွားပါပြီ။ ခြင်းတောင်းမှ ဖယ်ရှားပါ။',
  },
  onlyLeft: {
    en: 'Only {n} left of {product}. Please lower the quantity.',
    my: '{product} {n} ခုသာ ကျန်ပါသည်။ အရေအတွက်ကို လျှော့ပါ။',
  },
} as const satisfies Record<string, LocalizedText>;

/** "Sold out" (nothing left) or "Only N left" for a product whose stock is below the quantity. */
export function stockShortMessage(product: LocalizedText, left: number, language: Language) {
  const template = left <= 0 ? cartMessages.soldOut : cartMessages.onlyLeft;
  return template[language]
    .replace('{product}', product[language])
    .replace('{n}', formatNumber(left, language));
}

export { phoneErrorMessagesMy, phoneErrorText } from './phone.ts';

export const localized = (text: LocalizedText, language: Language): string => text[language];

// ---------------------------------------------------------------- requests

/**
 * The range 1..20 is checked by the server (so the answer can be in Burmese); the schema only
 * insists on an integer.
 */
const quantitySchema = z.int({ error: cartMessages.quantityRange.en });

export const cartAddRequestSchema = z.object({
  productId: z.string().check(z.minLength(1, { error: cartMessages.productNotFound.en })),
  quantity: quantitySchema,
  /** Recipient of a top-up or data product; any accepted spelling (09…, 959…, +95 9…). */
  phoneNumber: z.optional(z.nullable(z.string())),
});
export type CartAddRequest = z.output<typeof cartAddRequestSchema>;

/**
 * `lineId` names the line to change (issue 26: a top-up is one line per recipient); without it
 * the product's only line is changed, as the spec's call has it.
 */
export const cartUpdateRequestSchema = z.extend(cartAddRequestSchema, {
  lineId: z.optional(z.string()),
});
export type CartUpdateRequest = z.output<typeof cartUpdateRequestSchema>;

export const cartProductParamsSchema = z.object({ productId: z.string() });
/** `?lineId=` removes that line only; without it every line of the product goes. */
export const cartRemoveQuerySchema = z.object({ lineId: z.optional(z.string()) });

// ---------------------------------------------------------------- answers

export const cartLineStatuses = ['active', 'out_of_stock', 'coming_soon', 'unavailable'] as const;

/** A server cart line (spec §3), priced from the database at the time of the answer. */
export const cartLineSchema = z.object({
  /** The product id (the client view's `id`). */
  id: z.string(),
  /** The line's own id: a product is one line per recipient number (issue 26). */
  lineId: z.string(),
  productId: z.string(),
  quantity: z.int(),
  /** List price in whole kyat. */
  price: z.int(),
  /** Sale price in whole kyat, or null. The customer pays discountPrice ?? price. */
  discountPrice: z.nullable(z.int()),
  /** What one unit costs now, and the line total (integer MMK). */
  unitPrice: z.int(),
  lineTotal: z.int(),
  name: z.string(),
  title: z.string(),
  _nameMultilingual: localizedTextSchema,
  image: z.string(),
  type: z.enum(productKinds),
  /** Gift cards: face value in the card's own currency, minor units; else null. */
  fx: z.nullable(faceValueSchema),
  currencySymbol: z.string(),
  /** Kyat off per unit (price − discountPrice), 0 without a sale. */
  discountAmount: z.int(),
  discountType: z.nullable(z.literal('fixed')),
  discountValue: z.int(),
  /** False when the product can no longer be bought (remove-unavailable drops these lines). */
  available: z.boolean(),
  status: z.enum(cartLineStatuses),
  /**
   * Top-up and data lines: recipient in 95 form, or null while not given yet; masked ("09 2•••• 8881")
   * when `recipientMasked`.
   */
  phoneNumber: z.nullable(z.string()),
  /**
   * The line pays someone's "Top me up" request (ADR 0080): its number is the requester's, shown
   * masked, and cannot be changed.
   */
  recipientMasked: z.boolean(),
  requiresPhoneNumber: z.boolean(),
  operator: z.nullable(z.enum(operatorCodes)),
});
export type CartLine = z.output<typeof cartLineSchema>;

export const cartSchema = z.object({
  items: z.array(cartLineSchema),
  /** Sum of units over all lines. */
  totalItems: z.int(),
  /** Sum of the available lines' totals, integer MMK. */
  totalAmount: z.int(),
  currency: z.literal('MMK'),
  hasUnavailableItems: z.boolean(),
});
export type Cart = z.output<typeof cartSchema>;

/** Every cart call answers the cart as it is after the change, so the client needs no refetch. */
export const cartResponseSchema = successResponse(cartSchema);
export type CartResponse = z.output<typeof cartResponseSchema>;

export const removeUnavailableResponseSchema = successResponse(
  z.object({ ...cartSchema.shape, removedProductIds: z.array(z.string()) }),
);
export type RemoveUnavailableResponse = z.output<typeof removeUnavailableResponseSchema>;
