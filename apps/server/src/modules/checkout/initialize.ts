import { createHash } from 'node:crypto';
import { stockShortMessage } from '@shop/contracts/cart';
import {
  checkoutMessages,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  SERVICE_FEE_MMK,
  type CheckoutInitializeRequest,
  type OrderSummary,
} from '@shop/contracts/checkout';
import type { Language, LocalizedText } from '@shop/contracts/i18n';
import { isCardKind } from '@shop/contracts/orders';
import { shownRecipientNumber } from '@shop/contracts/phone';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { clientNetwork } from '../../platform/http.ts';
import { anySoldOut, reserveOrderStock, stockRecords } from '../catalogue/stock-reservation.ts';
import { userCartOwner, type PricedLine } from '../cart/cart.service.ts';
import { checkCardHoldLimits, holdUntil } from '../orders/card-holds.ts';
import {
  orderRecords,
  toOrderSummary,
  type NewOrderItem,
  type OrderWithItems,
} from '../orders/orders.service.ts';
import type { EndedPayment } from '../payments/acquirer.ts';
import type { PromoQuote } from '../promotions/promotions.service.ts';
import { requireBuyer, type CheckoutContext } from './checkout-context.ts';

// Turning a cart into a pending order (the checkout service's `initialize`, DESIGN §6.1): the use
// case first, then its steps, each named and checked on its own. The checks after `holdOrderCards`
// (checkIdempotencyKey to cartFingerprint) read and write nothing in the database.

/**
 * Turns the signed-in user's cart into a pending order (DESIGN §6.1): prices re-read from the
 * database, service fee 0. One open order per cart (ADR 0022): the same cart answers its open
 * order again, a changed cart cancels the old one. `clientAddress` is the caller's address:
 * unpaid orders from one network hold at most so many cards (ADR 0043).
 */
export async function initialize(
  ctx: CheckoutContext,
  userId: string | null,
  body: CheckoutInitializeRequest,
  idempotencyKey: string | undefined,
  lang: Language,
  clientAddress: string,
): Promise<{ order: OrderSummary; created: boolean }> {
  const { deps, payments } = ctx;
  const user = await requireBuyer(ctx, userId, lang);
  checkIdempotencyKey(idempotencyKey, lang);
  const { lines, items } = await cartLines(ctx, user, body, lang);
  const price = await priceOrder(ctx, user, body, lines, items);
  const email = body?.email ?? (await deps.accountEmail(user));
  const { order, created, reservedProducts, freed, ended } = await placeOrder(ctx, {
    user,
    items,
    price,
    email,
    idempotencyKey,
    lang,
    clientAddress,
  });
  // The replaced orders' payments are closed at the acquirer (in the background).
  payments.closeAtAcquirer(ended);
  // Counted after the commit (as fulfilment does): the last free card held hides the product,
  // released ones show it again.
  if (deps.stockChanged && (freed > 0 || (await anySoldOut(deps.db, reservedProducts))))
    await deps.stockChanged();
  return { order: toOrderSummary(order, lang), created };
}

/**
 * The caller's cart as the order's lines, refused when a line cannot be sold now or the cart is
 * not the one the client sent.
 */
async function cartLines(
  ctx: CheckoutContext,
  user: string,
  body: CheckoutInitializeRequest,
  lang: Language,
): Promise<{ lines: PricedLine[]; items: NewOrderItem[] }> {
  const { deps, cart, orders } = ctx;
  const lines = await cart.pricedLines(userCartOwner(user), lang);
  const ownHolds = await stockRecords(deps.db).productsHeldBy(
    await orders.openOrderIds(user),
    deps.clock(),
  );
  refuseUnsellable(lines, ownHolds, lang);
  checkSentCart(body?.items, lines, lang);
  const items = orderItemsOf(lines, lang);
  return { lines, items };
}

/** What the order costs: its list prices, the tier discount, the promo code's part and the total. */
interface OrderPrice {
  subtotal: number;
  tierMmk: number;
  quote: PromoQuote | null;
  promoMmk: number;
  total: number;
}

async function priceOrder(
  ctx: CheckoutContext,
  user: string,
  body: CheckoutInitializeRequest,
  lines: readonly PricedLine[],
  items: readonly NewOrderItem[],
): Promise<OrderPrice> {
  const { loyalty, promotions } = ctx;
  const subtotal = items.reduce((n, i) => n + i.listPriceMmk * i.quantity, 0);
  const itemsTotal = items.reduce((n, i) => n + i.lineTotalMmk, 0);
  // DESIGN §6.1: the member's tier discount, on what the items cost after sale prices.
  const tier = await loyalty.tierDiscount(user, itemsTotal);
  // Issue 17 (ADR 0035): a promo code takes its part off the lines it applies to (after sale
  // prices); never more than is left after the tier discount, so the total never goes below 0.
  // A code that cannot be used is refused here, before anything changes.
  const promoCode = body?.promoCode ?? '';
  const quote: PromoQuote | null =
    promoCode === ''
      ? null
      : await promotions.quote(
          promoCode,
          lines.map((l) => ({
            categoryId: l.product?.categoryId.id ?? '',
            lineTotalMmk: l.unitPrice * l.row.quantity,
          })),
        );
  const promoMmk = quote ? Math.min(quote.discountMmk, itemsTotal - tier.mmk) : 0;
  const total = itemsTotal - tier.mmk - promoMmk + SERVICE_FEE_MMK;
  return { subtotal, tierMmk: tier.mmk, quote, promoMmk, total };
}

/**
 * The order written in one transaction (orders' createOrder): its cards held, the cart's older
 * open orders ended and the promo code redeemed. Answers what the caller does after the commit
 * with: the products whose cards were held, the cards freed and the payments ended.
 */
async function placeOrder(
  ctx: CheckoutContext,
  checkout: {
    user: string;
    items: NewOrderItem[];
    price: OrderPrice;
    email: string;
    idempotencyKey: string | undefined;
    lang: Language;
    clientAddress: string;
  },
): Promise<{
  order: OrderWithItems;
  created: boolean;
  reservedProducts: string[];
  freed: number;
  ended: EndedPayment[];
}> {
  const { orders, payments, promotions } = ctx;
  const { user, items, email, idempotencyKey, lang, clientAddress } = checkout;
  const { subtotal, tierMmk, quote, promoMmk, total } = checkout.price;
  const fingerprint = cartFingerprint(total, quote?.promoCodeId ?? null, items);
  let reservedProducts: string[] = [];
  let freed = 0;
  let ended: EndedPayment[] = [];
  const { order, created } = await orders.createOrder(
    {
      userId: user,
      items,
      subtotalMmk: subtotal,
      discountMmk: subtotal - (total - SERVICE_FEE_MMK),
      tierDiscountMmk: tierMmk,
      promoCode: quote?.code ?? null,
      promoDiscountMmk: promoMmk,
      serviceFeeMmk: SERVICE_FEE_MMK,
      totalMmk: total,
      cartFingerprint: fingerprint,
      email,
      language: lang,
    },
    idempotencyKey ?? null,
    {
      hold: async (tx, held) => {
        reservedProducts = await holdOrderCards(ctx, tx, held, user, clientAddress, lang);
      },
      // An open order of a cart that has changed since: cancelled, its cards given back first.
      supersede: async (tx, orderIds) => {
        ({ freed, ended } = await payments.cancelLocked(tx, orderIds));
      },
      // The code is redeemed with the new order (limits checked under lock), after the
      // replaced orders gave theirs back; a refusal rolls the whole checkout back.
      created: async (tx, made) => {
        if (quote)
          await promotions.redeem(tx, {
            promoCodeId: quote.promoCodeId,
            orderId: made.order.id,
            userId: user,
            discountMmk: promoMmk,
          });
      },
    },
  );
  return { order, created, reservedProducts, freed, ended };
}

/**
 * DESIGN §6.5: the cards are held for the payment window in the order's own transaction (a
 * reused order's hold is renewed, released cards taken again); too few left refuses the checkout
 * ("Sold out" / "Only N left") and changes nothing. ADR 0043: a checkout starts the order's hold
 * clock, and the account's and the network's caps and the product's share are checked first (the
 * account's checkout lock is held here). Answers the products whose cards were held.
 */
async function holdOrderCards(
  ctx: CheckoutContext,
  tx: Db,
  held: OrderWithItems,
  user: string,
  clientAddress: string,
  lang: Language,
): Promise<string[]> {
  const { deps } = ctx;
  const now = deps.clock();
  const network = clientNetwork(clientAddress);
  const order = await orderRecords(tx).startHold(held.order.id, now, network);
  await checkCardHoldLimits(
    tx,
    { orderId: order.id, userId: user, network, lines: held.items },
    deps.cardHolds,
    now,
    lang,
  );
  const until = holdUntil(order.holdStartedAt, now, deps.cardHolds);
  return reserveOrderStock(tx, held.order.id, held.items, { until, now }, lang);
}

const cartChanged: LocalizedText = {
  en: 'Your cart has changed. Please review your cart and try again.',
  my: 'သင့်ခြင်းတောင်း ပြောင်းလဲသွားပါသည်။ ခြင်းတောင်းကို ပြန်စစ်ပြီး ထပ်ကြိုးစားပါ။',
};

/** An Idempotency-Key is 1 to 200 printable ASCII characters when sent. */
export function checkIdempotencyKey(key: string | undefined, lang: Language): void {
  if (
    key !== undefined &&
    (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !/^[\x21-\x7e]+$/.test(key))
  )
    throw new AppError('VALIDATION_ERROR', checkoutMessages.idempotencyKeyInvalid[lang]);
}

/**
 * Refuses a cart with a line that cannot be sold now: a card product whose free stock is gone
 * ("Sold out", unless the caller's own open order holds its cards: the reservation decides), or
 * any other line that is unavailable.
 */
export function refuseUnsellable(
  lines: readonly PricedLine[],
  ownHolds: ReadonlySet<string>,
  lang: Language,
): void {
  if (lines.length === 0) throw new AppError('BAD_REQUEST', checkoutMessages.cartEmpty[lang]);
  const stockOut = (l: PricedLine) =>
    !l.available && l.product?.status === 'out_of_stock' && isCardKind(l.product.kind);
  const soldOut = lines.find((l) => stockOut(l) && !ownHolds.has(l.row.productId));
  if (soldOut?.product)
    throw new AppError('CONFLICT', stockShortMessage(soldOut.product._nameMultilingual, 0, lang));
  if (lines.some((l) => !l.available && !stockOut(l)))
    throw new AppError('CONFLICT', checkoutMessages.itemsUnavailable[lang]);
}

/**
 * The client's view of the cart, when sent, must be what the server has (never a price source):
 * each sent item is one line (the same product for the same recipient, when one is sent), each
 * line matched once, and a sent price is the line's price or the product's list price.
 */
export function checkSentCart(
  sent: NonNullable<CheckoutInitializeRequest>['items'],
  lines: readonly PricedLine[],
  lang: Language,
): void {
  if (!sent) return;
  const unmatched = [...lines];
  const sameLines =
    sent.length === lines.length &&
    sent.every((item) => {
      const at = unmatched.findIndex(
        (l) =>
          l.row.productId === item.productId &&
          l.row.quantity === item.quantity &&
          // The number as the cart showed it: masked on a line that pays a request (ADR 0080).
          (item.phoneNumber === undefined || item.phoneNumber === shownRecipientNumber(l.row)),
      );
      if (at >= 0) unmatched.splice(at, 1);
      return at >= 0;
    });
  if (!sameLines) throw new AppError('CONFLICT', cartChanged[lang]);
  const priceTampered = sent.some((item) => {
    if (item.price === undefined) return false;
    const line = lines.find((l) => l.row.productId === item.productId);
    return !line?.product || (item.price !== line.unitPrice && item.price !== line.product.price);
  });
  if (priceTampered) throw new AppError('CONFLICT', checkoutMessages.pricesChanged[lang]);
}

/** The order's lines from the cart's, at the catalogue's prices; a top-up or data line needs a number. */
export function orderItemsOf(lines: readonly PricedLine[], lang: Language): NewOrderItem[] {
  return lines.map((l, position) => {
    const product = l.product;
    if (!product) throw new AppError('CONFLICT', checkoutMessages.itemsUnavailable[lang]);
    const needsPhone = product.kind === 'topup' || product.kind === 'data';
    if (needsPhone && !l.row.phoneNumber)
      throw new AppError(
        'VALIDATION_ERROR',
        checkoutMessages.phoneRequired[lang].replace('{product}', product._nameMultilingual[lang]),
      );
    return {
      productId: product.id,
      kind: product.kind,
      sku: product.sku,
      topupAmountMmk: product.kind === 'topup' ? (product.topupAmount ?? product.price) : null,
      dataMb: product.kind === 'data' ? product.dataMb : null,
      name: product._nameMultilingual,
      quantity: l.row.quantity,
      listPriceMmk: product.price,
      unitPriceMmk: l.unitPrice,
      lineTotalMmk: l.unitPrice * l.row.quantity,
      phoneNumber: needsPhone ? l.row.phoneNumber : null,
      // The request the line pays (ADR 0080): the order shows its number masked, its delivery
      // tops the request up.
      topupRequestId: l.row.topupRequestId,
      // The product's operator: the recipient's network for top-ups and data, the network an
      // operator's E-PIN loads onto (the order page offers to dial it).
      operatorCode: product.operator?.code ?? null,
      position,
    };
  });
}

/**
 * What makes two checkouts "the same cart" (ADR 0022): lines, prices, recipients, the requests
 * paid (ADR 0080) and the total (a tier discount reached since makes a new order). Not where the
 * codes go: another address keeps the open order and changes its address (ADR 0050).
 */
export function cartFingerprint(
  total: number,
  promoCodeId: string | null,
  items: readonly NewOrderItem[],
): string {
  // A line paying no request keeps the fingerprint it had before requests were kept on lines.
  const lines = items
    .map((i) => [
      i.productId,
      i.quantity,
      i.unitPriceMmk,
      i.phoneNumber,
      ...(i.topupRequestId ? [i.topupRequestId] : []),
    ])
    .sort((a, b) =>
      `${String(a[0])} ${String(a[3])} ${String(a[4])}`.localeCompare(
        `${String(b[0])} ${String(b[3])} ${String(b[4])}`,
      ),
    );
  return createHash('sha256')
    .update(JSON.stringify([total, promoCodeId, ...lines]))
    .digest('hex');
}
