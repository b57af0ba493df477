import * as z from 'zod/mini';
import { successResponse } from './responses.ts';
import { productKinds } from './catalogue.ts';
import { EMAIL_PATTERN } from './email.ts';
import { localizedTextSchema, type LocalizedText } from './i18n.ts';
import { orderStatuses } from './order-status.ts';
import { operatorCodes } from './phone.ts';

/**
 * Shapes of the checkout calls (shopping spec §7 "Checkout") and of the order a checkout creates.
 * A checkout session IS the pending order: `sessionId` is the order id.
 */

// ---------------------------------------------------------------- constants (shopping spec §9)

/** Minimum amount for MM QR payment, in kyat. */
export const MMQR_MINIMUM_MMK = 1000;
/** The service fee is shown as 0 Ks and charged as 0. */
export const SERVICE_FEE_MMK = 0;
/** Seconds a payment (an MM QR code) stays payable. */
export const PAYMENT_WINDOW_SECONDS = 300;
/** Longest accepted Idempotency-Key header. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** Longest promo code there is (codes are letters, digits, "-" and "_"); longer input is unknown. */
export const PROMO_CODE_MAX_LENGTH = 32;

export const paymentMethodIds = ['mmqr', 'aplus', 'direct', 'points'] as const;
export type PaymentMethodId = (typeof paymentMethodIds)[number];

/** A payment method's short name where it is recorded (invoice, back-office): "MM QR". */
export const paymentMethodLabels: Record<PaymentMethodId, LocalizedText> = {
  mmqr: { en: 'MM QR', my: 'MM QR' },
  aplus: { en: 'A+ wallet', my: 'A+ ပိုက်ဆံအိတ်' },
  direct: { en: 'Direct online transfer', my: 'အွန်လိုင်း တိုက်ရိုက်ငွေလွှဲ' },
  points: { en: 'Points', my: 'ပွိုင့်' },
};

/** The short English name of a recorded method id; an unknown id as it is. */
export const paymentMethodLabel = (method: string): string =>
  (paymentMethodLabels as Record<string, LocalizedText | undefined>)[method]?.en ?? method;

export { orderStatuses, type OrderStatus } from './order-status.ts';

/**
 * pending: waiting for the customer; paid; failed (the bank refused); expired (the 300 s window
 * passed: Pay Again makes a new one); cancelled (the customer cancelled).
 */
export const paymentStatuses = [
  'pending',
  'paid',
  'failed',
  'expired',
  'cancelled',
  /** Paid; a failed part of the order is owed back and not yet given (ADR 0020). */
  'refund_pending',
  /** Paid; the failed part was given back. */
  'refunded',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

// ---------------------------------------------------------------- messages

export const checkoutMessages = {
  userNotAuthenticated: { en: 'User not authenticated', my: 'အသုံးပြုသူ အကောင့်ဝင်ထားခြင်း မရှိပါ' },
  cartEmpty: { en: 'Cart is empty', my: 'ခြင်းတောင်း ဗလာဖြစ်နေပါသည်' },
  mmqrMinimum: {
    en: 'A minimum of 1000 MMK is required for MM QR payment. Please add more items.',
    my: 'MM QR ဖြင့် ငွေပေးချေရန် အနည်းဆုံး ၁၀၀၀ ကျပ် လိုအပ်ပါသည်။ ပစ္စည်းများ ထပ်ထည့်ပါ။',
  },
  initializationFailed: {
    en: 'Checkout initialization failed',
    my: 'ငွေရှင်းခြင်းကို စတင်၍ မရပါ',
  },
  initialized: { en: 'Checkout initialized', my: 'ငွေရှင်းခြင်း စတင်ပြီးပါပြီ' },
  itemsUnavailable: {
    en: 'Some items in your cart are unavailable. Please remove them and try again.',
    my: 'ခြင်းတောင်းထဲရှိ ပစ္စည်းအချို့ ဝယ်ယူ၍ မရတော့ပါ။ ၎င်းတို့ကို ဖယ်ရှားပြီး ထပ်ကြိုးစားပါ။',
  },
  pricesChanged: {
    en: 'Prices in your cart have changed. Please review your cart and try again.',
    my: 'ခြင်းတောင်းထဲရှိ ဈေးနှုန်းများ ပြောင်းလဲသွားပါသည်။ ခြင်းတောင်းကို ပြန်စစ်ပြီး ထပ်ကြိုးစားပါ။',
  },
  phoneRequired: {
    en: 'Please enter the recipient phone number for {product}',
    my: '{product} အတွက် လက်ခံမည့် ဖုန်းနံပါတ် ထည့်ပါ',
  },
  orderNotFound: { en: 'Order not found', my: 'အော်ဒါကို ရှာမတွေ့ပါ' },
  paymentMethods: { en: 'Payment methods', my: 'ငွေပေးချေမှု နည်းလမ်းများ' },
  paymentMethodSelected: {
    en: 'Payment method selected',
    my: 'ငွေပေးချေမှု နည်းလမ်း ရွေးချယ်ပြီးပါပြီ',
  },
  paymentMethodUnavailable: {
    en: 'This payment method is not available',
    my: 'ဤငွေပေးချေမှု နည်းလမ်းကို အသုံးပြု၍ မရနိုင်ပါ',
  },
  choosePaymentMethod: {
    en: 'Please choose a payment method',
    my: 'ငွေပေးချေမှု နည်းလမ်း ရွေးချယ်ပါ',
  },
  notAwaitingPayment: {
    en: 'This order is no longer awaiting payment',
    my: 'ဤအော်ဒါသည် ငွေပေးချေရန် မလိုတော့ပါ',
  },
  alreadyPaid: {
    en: 'This order has already been paid and cannot be cancelled',
    my: 'ဤအော်ဒါကို ငွေပေးချေပြီးဖြစ်၍ ပယ်ဖျက်၍ မရပါ',
  },
  paymentCreated: { en: 'Payment created', my: 'ငွေပေးချေမှု ပြုလုပ်ပြီးပါပြီ' },
  qrRegenerated: { en: 'QR code regenerated', my: 'QR ကုဒ်ကို အသစ်ထုတ်ပေးပြီးပါပြီ' },
  qrRegenerateFailed: {
    en: 'Failed to regenerate QR code',
    my: 'QR ကုဒ်ကို အသစ်ထုတ်၍ မရပါ',
  },
  paymentCancelled: { en: 'Payment cancelled', my: 'ငွေပေးချေမှုကို ပယ်ဖျက်ပြီးပါပြီ' },
  paymentStatus: { en: 'Payment status', my: 'ငွေပေးချေမှု အခြေအနေ' },
  providerUnavailable: {
    en: 'Payment is temporarily unavailable. Please try again later.',
    my: 'ငွေပေးချေမှုကို ယာယီ အသုံးပြု၍ မရပါ။ နောက်မှ ထပ်ကြိုးစားပါ။',
  },
  invalidEmail: {
    en: 'Please enter a valid email address for your codes',
    my: 'ကုဒ်များ လက်ခံရန် မှန်ကန်သော အီးမေးလ်လိပ်စာ ထည့်ပါ',
  },
  insufficientPoints: {
    en: 'Not enough points: this order needs {needed} points and you have {balance}',
    my: 'ပွိုင့် မလုံလောက်ပါ- ဤအော်ဒါအတွက် ပွိုင့် {needed} လိုအပ်ပြီး သင့်တွင် {balance} ရှိပါသည်',
  },
  paidWithPoints: { en: 'Paid with points', my: 'ပွိုင့်ဖြင့် ငွေပေးချေပြီးပါပြီ' },
  idempotencyKeyInvalid: {
    en: 'Idempotency-Key must be 1 to 255 visible characters',
    my: 'Idempotency-Key သည် မြင်ရသော စာလုံး ၁ မှ ၂၅၅ လုံး ဖြစ်ရပါမည်',
  },
} as const satisfies Record<string, LocalizedText>;

// ---------------------------------------------------------------- orders

export const orderItemSchema = z.object({
  productId: z.string(),
  name: z.string(),
  _nameMultilingual: localizedTextSchema,
  type: z.enum(productKinds),
  quantity: z.int(),
  /** List price and the price charged per unit, integer MMK, as read at checkout. */
  price: z.int(),
  unitPrice: z.int(),
  lineTotal: z.int(),
  /** The recipient (95 form); masked ("09 2•••• 8881") when `recipientMasked`. */
  phoneNumber: z.nullable(z.string()),
  /** The line paid someone's "Top me up" request (ADR 0080): its number is shown masked. */
  recipientMasked: z.boolean(),
  /** The product's operator (top-ups, data, an operator's E-PINs); null for other products. */
  operator: z.nullable(z.enum(operatorCodes)),
});
export type OrderItem = z.output<typeof orderItemSchema>;

export const orderSummarySchema = z.object({
  /** The order's uuid (used in /orders/{orderId} paths); `sessionId` is the same id. */
  orderId: z.string(),
  sessionId: z.string(),
  /** Human-readable order number (also the MM QR bill number). */
  orderNumber: z.string(),
  status: z.enum(orderStatuses),
  paymentStatus: z.enum(paymentStatuses),
  paymentMethod: z.nullable(z.enum(paymentMethodIds)),
  items: z.array(orderItemSchema),
  totalItems: z.int(),
  subtotal: z.int(),
  discount: z.int(),
  serviceFee: z.int(),
  deliveryFee: z.int(),
  tax: z.int(),
  total: z.int(),
  currency: z.literal('MMK'),
  createdAt: z.string(),
  /** Kyat of `discount` that come from the buyer's membership tier (DESIGN §6.1). */
  tierDiscount: z.int(),
  /** The promo code applied at checkout (as the shop wrote it), or null (issue 17, ADR 0035). */
  promoCode: z.nullable(z.string()),
  /** Kyat of `discount` that come from the promo code; 0 without one. */
  promoDiscount: z.int(),
  /** Where the codes are emailed: given at checkout, else the account's email. */
  email: z.nullable(z.string()),
});
export type OrderSummary = z.output<typeof orderSummarySchema>;

// ---------------------------------------------------------------- requests

/** The longest e-mail address a codes e-mail may go to (RFC 5321's path limit). */
export const CODES_EMAIL_MAX_LENGTH = 254;

/**
 * Where the codes go (terms: "delivered to the email given at checkout"): trimmed, lower-cased,
 * something@something.something. Checkout takes it, and so does "send the codes again" (ADR 0050).
 */
export const codesEmailSchema = z.pipe(
  z.string({ error: checkoutMessages.invalidEmail.en }),
  z.pipe(
    z.transform((value: string) => value.trim().toLowerCase()),
    z
      .string()
      .check(
        z.maxLength(CODES_EMAIL_MAX_LENGTH, { error: checkoutMessages.invalidEmail.en }),
        z.regex(EMAIL_PATTERN, { error: checkoutMessages.invalidEmail.en }),
      ),
  ),
);

/** The web form's check of a codes address, as the server will read it (codesEmailSchema). */
export const isCodesEmail = (value: string): boolean => {
  const email = value.trim();
  return email.length <= CODES_EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
};

/**
 * Initialize: the spec gives two readings, an empty body or {items:[{productId, quantity, price}]}.
 * Both are accepted; the order is always built from the server cart with database prices. When
 * items are sent they must match the cart and its current prices, else the call is refused
 * (a tampered or stale price never reaches an order).
 */
export const checkoutInitializeRequestSchema = z.optional(
  z.nullable(
    z.object({
      /**
       * Where the E-PINs and gift-card codes are emailed (terms: "delivered to the email given at
       * checkout"); the signed-in user's email when absent. Trimmed and lower-cased.
       */
      email: z.optional(codesEmailSchema),
      /**
       * A promo code (issue 17, ADR 0035), any letter case, trimmed; blank or absent: none. A code
       * that cannot be used (also one that cannot be a code) is refused with its reason
       * (promo-messages.ts) and the checkout changes nothing.
       */
      promoCode: z.optional(
        z.nullable(
          z.pipe(
            z.string(),
            z.transform((value: string) => value.trim()),
          ),
        ),
      ),
      items: z.optional(
        z.array(
          z.object({
            productId: z.string(),
            quantity: z.int(),
            price: z.optional(z.number()),
            /** The line's recipient (a top-up is one line per number); compared when sent. */
            phoneNumber: z.optional(z.nullable(z.string())),
          }),
        ),
      ),
    }),
  ),
);
export type CheckoutInitializeRequest = z.output<typeof checkoutInitializeRequestSchema>;

/** The checkout session (the pending order) a call is about; an empty id is an unknown order. */
const sessionIdSchema = z
  .string()
  .check(z.minLength(1, { error: checkoutMessages.orderNotFound.en }));

export const checkoutSessionRequestSchema = z.object({
  sessionId: sessionIdSchema,
});

export const paymentMethodRequestSchema = z.object({
  sessionId: sessionIdSchema,
  paymentMethod: z.enum(paymentMethodIds, {
    error: checkoutMessages.paymentMethodUnavailable.en,
  }),
});
export type PaymentMethodRequest = z.output<typeof paymentMethodRequestSchema>;

export const checkoutCompleteRequestSchema = z.object({
  sessionId: sessionIdSchema,
  /** Optional: defaults to the method chosen with payment-method. */
  paymentMethod: z.optional(
    z.enum(paymentMethodIds, { error: checkoutMessages.paymentMethodUnavailable.en }),
  ),
});
export type CheckoutCompleteRequest = z.output<typeof checkoutCompleteRequestSchema>;

export const paymentMethodSelectQuerySchema = z.object({
  isEnabled: z.optional(z.enum(['true', 'false'])),
});

export const checkoutPaymentMethodsQuerySchema = z.object({
  sessionId: sessionIdSchema,
});

export const paymentMethodsQuerySchema = z.object({
  checkoutAmount: z.optional(
    z.pipe(
      z.string().check(z.regex(/^\d{1,9}$/, { error: 'checkoutAmount must be whole kyat' })),
      z.transform(Number),
    ),
  ),
});

// ---------------------------------------------------------------- answers

export const paymentMethodSchema = z.object({
  id: z.enum(paymentMethodIds),
  name: z.string(),
  _nameMultilingual: localizedTextSchema,
  /** Can be chosen for this amount now. */
  isEnabled: z.boolean(),
  /** Smallest amount in kyat the method accepts (MM QR: 1000), or null. */
  minAmount: z.nullable(z.int()),
  /** Why the method is not enabled, in the request language; null when enabled. */
  message: z.nullable(z.string()),
});
export type PaymentMethod = z.output<typeof paymentMethodSchema>;

export const paymentMethodsResponseSchema = successResponse(z.array(paymentMethodSchema));
export type PaymentMethodsResponse = z.output<typeof paymentMethodsResponseSchema>;

export const checkoutInitializeResponseSchema = successResponse(orderSummarySchema);
export type CheckoutInitializeResponse = z.output<typeof checkoutInitializeResponseSchema>;

export const paymentMethodSelectedResponseSchema = successResponse(
  z.object({
    orderId: z.string(),
    sessionId: z.string(),
    paymentMethod: z.enum(paymentMethodIds),
    amount: z.int(),
  }),
);

export const paymentRecipientSchema = z.object({
  productId: z.string(),
  name: localizedTextSchema,
  /** 95 form; masked ("09 2•••• 8881") when `recipientMasked`. */
  phoneNumber: z.string(),
  /** The line pays someone's "Top me up" request (ADR 0080). */
  recipientMasked: z.boolean(),
  operator: z.nullable(z.enum(operatorCodes)),
});
export type PaymentRecipient = z.output<typeof paymentRecipientSchema>;

/**
 * What the payment modal needs (spec §3 "Payment modal data"): the amount, the order, and per
 * method the QR payload (MM QR), the A+ wait data, or the bank page (direct transfer).
 */
export const paymentSessionSchema = z.object({
  orderId: z.string(),
  sessionId: z.string(),
  orderNumber: z.string(),
  amount: z.int(),
  currency: z.literal('MMK'),
  paymentMethod: z.enum(paymentMethodIds),
  paymentStatus: z.enum(paymentStatuses),
  /** Reference of this payment at the acquirer (MM QR tag 62-05). */
  paymentReference: z.string(),
  /** MM QR: the EMVCo payload to draw as a QR code (error correction M); else null. */
  paymentQrCode: z.nullable(z.string()),
  /** A+ wallet: the request the wallet app confirms; else null. */
  aplusPayment: z.nullable(z.object({ orderId: z.string(), paymentToken: z.string() })),
  /** Direct online transfer: the bank page to open; else null. */
  paymentUrl: z.nullable(z.string()),
  expiresAt: z.string(),
  /** Seconds left at the time of the answer (the modal's countdown starts here). */
  expiresInSeconds: z.int(),
  /** Top-up and data lines of the order: the number each goes to (the modal shows "Top-up to …"). */
  recipients: z.array(paymentRecipientSchema),
});
export type PaymentSession = z.output<typeof paymentSessionSchema>;

export const paymentSessionResponseSchema = successResponse(paymentSessionSchema);
export type PaymentSessionResponse = z.output<typeof paymentSessionResponseSchema>;
