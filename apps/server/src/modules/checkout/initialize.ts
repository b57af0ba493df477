import { createHash } from 'node:crypto';
import { stockShortMessage } from '@shop/contracts/cart';
import {
  checkoutMessages,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  type CheckoutInitializeRequest,
} from '@shop/contracts/checkout';
import type { Language, LocalizedText } from '@shop/contracts/i18n';
import { isCardKind } from '@shop/contracts/orders';
import { AppError } from '../../platform/errors.ts';
import type { PricedLine } from '../cart/cart.service.ts';
import type { NewOrderItem } from '../orders/orders.service.ts';

// The steps of turning a cart into a pending order (checkout.service.ts `initialize`, DESIGN §6.1),
// each named and checked on its own: nothing here reads or writes the database.

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
          (item.phoneNumber === undefined || item.phoneNumber === l.row.phoneNumber),
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
      // The product's operator: the recipient's network for top-ups and data, the network an
      // operator's E-PIN loads onto (the order page offers to dial it).
      operatorCode: product.operator?.code ?? null,
      position,
    };
  });
}

/**
 * What makes two checkouts "the same cart" (ADR 0022): lines, prices, recipients and the total (a
 * tier discount reached since makes a new order). Not where the codes go: another address keeps
 * the open order and changes its address (ADR 0050).
 */
export function cartFingerprint(
  total: number,
  promoCodeId: string | null,
  items: readonly NewOrderItem[],
): string {
  const lines = items
    .map((i) => [i.productId, i.quantity, i.unitPriceMmk, i.phoneNumber])
    .sort((a, b) =>
      `${String(a[0])} ${String(a[3])}`.localeCompare(`${String(b[0])} ${String(b[3])}`),
    );
  return createHash('sha256')
    .update(JSON.stringify([total, promoCodeId, ...lines]))
    .digest('hex');
}
