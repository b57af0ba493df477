import {
  CART_QUANTITY_MAX,
  CART_QUANTITY_MIN,
  cartMessages,
  needsRecipientPhone,
  phoneErrorText,
  stockShortMessage,
  type Cart,
  type CartLine,
} from '@shop/contracts/cart';
import type { Product } from '@shop/contracts/catalogue';
import type { Language } from '@shop/contracts/i18n';
import { isCardKind } from '@shop/contracts/orders';
import { shownRecipient, validatePhone, type OperatorCode } from '@shop/contracts/phone';
import type { Caller } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { CartLineRow, CartRepo } from './cart.repo.ts';
import { isUuid } from '@shop/contracts/ids';

const KYAT_SYMBOL = 'Ks';

/** The catalogue is the only source of prices and availability (never the client, never the cart). */
export type ProductSource = Pick<CatalogueService, 'getProducts' | 'freeCards'>;

/** A cart line with its product as the catalogue has it now (null: withdrawn). */
export interface PricedLine {
  row: CartLineRow;
  product: Product | null;
  available: boolean;
  unitPrice: number;
}

export const cartOwner = (caller: Caller): string =>
  caller.kind === 'user' ? `user:${caller.userId}` : `guest:${caller.gid}`;
export const userCartOwner = (userId: string): string => `user:${userId}`;
export const guestCartOwner = (gid: string): string => `guest:${gid}`;

/** On sale and in stock: what the cart (and a saved number's products) may offer. */
export const isAvailable = (p: Product): boolean => p.status === 'active' && !p.outOfStock;
export const effectivePrice = (p: Product): number => p.discountPrice ?? p.price;

/** A guest cart nobody changed for this many days is deleted (issue 13; the guest id's lifetime). */
export const GUEST_CART_IDLE_DAYS = 30;

export function createCartService(repo: CartRepo, catalogue: ProductSource) {
  const fail = (
    code: 'VALIDATION_ERROR' | 'NOT_FOUND' | 'CONFLICT',
    text: { en: string; my: string },
    lang: Language,
  ) => new AppError(code, text[lang]);

  function checkQuantity(quantity: number, lang: Language): void {
    if (!Number.isInteger(quantity) || quantity < CART_QUANTITY_MIN || quantity > CART_QUANTITY_MAX)
      throw fail('VALIDATION_ERROR', cartMessages.quantityRange, lang);
  }

  async function loadProduct(productId: string, lang: Language): Promise<Product | null> {
    if (!isUuid(productId)) return null;
    const found = await catalogue.getProducts([productId], lang);
    return found.get(productId.toLowerCase()) ?? null;
  }

  /**
   * The recipient number of a top-up or data line in 95 form, checked with the shared phone rules
   * and against the product's operator ('Phone number does not match {operator} format').
   */
  function checkPhone(product: Product, input: string, lang: Language): string {
    if (!needsRecipientPhone(product.kind))
      throw fail('VALIDATION_ERROR', cartMessages.phoneNotApplicable, lang);
    const operator: OperatorCode | undefined = product.operator?.code;
    const result = validatePhone(input, operator ? { operator } : {});
    if (result.valid) return result.international;
    throw new AppError('VALIDATION_ERROR', phoneErrorText(result.error, lang), {
      phoneNumber: result.error.message,
    });
  }

  /** Phone of an add/update body: undefined keeps what the line has, null or blank clears it. */
  function phoneChange(
    product: Product,
    input: string | null | undefined,
    lang: Language,
  ): string | null | undefined {
    if (input === undefined) return undefined;
    if (input === null || input.trim() === '') return null;
    return checkPhone(product, input, lang);
  }

  /**
   * Prices every line with one catalogue query whatever the cart's size. `loaded`: a product this
   * request has just read from the database (the one being added), not read again.
   */
  async function priceLines(
    rows: CartLineRow[],
    lang: Language,
    loaded: Product | null = null,
  ): Promise<PricedLine[]> {
    const ids = rows.map((r) => r.productId).filter((id) => id !== loaded?.id);
    const products =
      ids.length > 0 ? await catalogue.getProducts(ids, lang) : new Map<string, Product>();
    if (loaded) products.set(loaded.id, loaded);
    return rows.map((row) => {
      const product = products.get(row.productId) ?? null;
      return {
        row,
        product,
        available: product !== null && isAvailable(product),
        unitPrice: product ? effectivePrice(product) : 0,
      };
    });
  }

  function toLine(line: PricedLine, lang: Language): CartLine {
    const { row, product } = line;
    const name = product?._nameMultilingual ?? row.name;
    const discountAmount =
      product && product.discountPrice !== null ? product.price - product.discountPrice : 0;
    return {
      id: row.productId,
      lineId: row.id,
      productId: row.productId,
      quantity: row.quantity,
      price: product?.price ?? 0,
      discountPrice: product?.discountPrice ?? null,
      unitPrice: line.unitPrice,
      lineTotal: line.unitPrice * row.quantity,
      name: name[lang],
      title: name[lang],
      _nameMultilingual: name,
      image: product?.image ?? row.imageUrl,
      type: product?.kind ?? row.kind,
      fx: product?.faceValue ?? null,
      currencySymbol: KYAT_SYMBOL,
      discountAmount,
      discountType: discountAmount > 0 ? 'fixed' : null,
      discountValue: discountAmount,
      available: line.available,
      status:
        product === null
          ? 'unavailable'
          : line.available
            ? 'active'
            : product.status === 'coming_soon'
              ? 'coming_soon'
              : 'out_of_stock',
      // A request's number is the requester's: the payer sees it masked (ADR 0080).
      ...shownRecipient(row),
      requiresPhoneNumber: needsRecipientPhone(row.kind),
      operator: product?.operator?.code ?? null,
    };
  }

  function toCart(lines: PricedLine[], lang: Language): Cart {
    const items = lines.map((l) => toLine(l, lang));
    return {
      items,
      totalItems: items.reduce((n, l) => n + l.quantity, 0),
      totalAmount: items.filter((l) => l.available).reduce((n, l) => n + l.lineTotal, 0),
      currency: 'MMK',
      hasUnavailableItems: items.some((l) => !l.available),
    };
  }

  async function getCart(owner: string, lang: Language): Promise<Cart> {
    return toCart(await priceLines(await repo.listLines(owner), lang), lang);
  }

  /**
   * The most units of the product a cart line may hold: 20, or fewer for a card product with fewer
   * cards free (checkout holds them and refuses a shortfall anyway; the cart says so first).
   */
  async function unitLimit(product: Product): Promise<number> {
    if (!isCardKind(product.kind)) return CART_QUANTITY_MAX;
    return Math.min(CART_QUANTITY_MAX, await catalogue.freeCards(product.id));
  }

  async function requireSellable(productId: string, lang: Language): Promise<Product> {
    const product = await loadProduct(productId, lang);
    if (!product) throw fail('NOT_FOUND', cartMessages.productNotFound, lang);
    if (!isAvailable(product)) throw fail('CONFLICT', cartMessages.productUnavailable, lang);
    return product;
  }

  /** The line a change names: `lineId`, else the product's only line. */
  async function findLine(
    owner: string,
    productId: string,
    lineId: string | undefined,
    lang: Language,
  ): Promise<CartLineRow> {
    if (!isUuid(productId) || (lineId !== undefined && !isUuid(lineId)))
      throw fail('NOT_FOUND', cartMessages.itemNotInCart, lang);
    const lines = await repo.linesOfProduct(owner, productId);
    if (lineId === undefined && lines.length > 1)
      throw fail('CONFLICT', cartMessages.whichLine, lang);
    const line = lineId === undefined ? lines[0] : lines.find((l) => l.id === lineId.toLowerCase());
    if (!line) throw fail('NOT_FOUND', cartMessages.itemNotInCart, lang);
    return line;
  }

  return {
    getCart,

    /** The cart's lines priced from the database now (checkout builds the order from these). */
    async pricedLines(owner: string, lang: Language): Promise<PricedLine[]> {
      return priceLines(await repo.listLines(owner), lang);
    },

    /**
     * Adds units of a product (for a recipient: its own line). `topupRequestId`: the "Top me up"
     * request the line pays (the request room's "Pay", ADR 0080), a line of its own whose number
     * the payer sees masked; never from a client's body.
     */
    async add(
      owner: string,
      input: {
        productId: string;
        quantity: number;
        phoneNumber?: string | null | undefined;
        topupRequestId?: string | undefined;
      },
      lang: Language,
    ): Promise<Cart> {
      checkQuantity(input.quantity, lang);
      const product = await requireSellable(input.productId, lang);
      const phone = phoneChange(product, input.phoneNumber, lang);
      const limit = await unitLimit(product);
      if (input.quantity > limit)
        throw new AppError('CONFLICT', stockShortMessage(product._nameMultilingual, limit, lang));
      const { added, lines } = await repo.addUnits(
        {
          owner,
          productId: product.id,
          quantity: input.quantity,
          kind: product.kind,
          phoneNumber: phone ?? null,
          topupRequestId: input.topupRequestId ?? null,
          name: product._nameMultilingual,
          imageUrl: product.image,
        },
        limit,
      );
      // The units already in the cart plus these would pass 20, or the cards left.
      if (!added)
        throw limit < CART_QUANTITY_MAX
          ? new AppError('CONFLICT', stockShortMessage(product._nameMultilingual, limit, lang))
          : fail('VALIDATION_ERROR', cartMessages.quantityRange, lang);
      // The statement answered the lines after the change; the product was read just above.
      return toCart(await priceLines(lines, lang, product), lang);
    },

    /**
     * Sets a line's quantity and, when given, its recipient. The line is `lineId`, or the
     * product's only line (the spec's call names only the product; a product in the cart for
     * several numbers needs the line). A recipient another line of the product has joins the two.
     */
    async update(
      owner: string,
      input: {
        productId: string;
        lineId?: string | undefined;
        quantity: number;
        phoneNumber?: string | null | undefined;
      },
      lang: Language,
    ): Promise<Cart> {
      checkQuantity(input.quantity, lang);
      const line = await findLine(owner, input.productId, input.lineId, lang);
      // A request's line is for the requester's number only (ADR 0080): its number stays.
      if (line.topupRequestId !== null && input.phoneNumber !== undefined)
        throw fail('CONFLICT', cartMessages.requestNumberFixed, lang);
      const product = await loadProduct(line.productId, lang);
      // A withdrawn product's line can still get a new quantity; a phone needs the product.
      const phone = product ? phoneChange(product, input.phoneNumber, lang) : undefined;
      const limit = product && isAvailable(product) ? await unitLimit(product) : CART_QUANTITY_MAX;
      if (input.quantity > limit && product)
        throw new AppError('CONFLICT', stockShortMessage(product._nameMultilingual, limit, lang));
      const changed = await repo.updateLine(
        owner,
        line.id,
        { quantity: input.quantity, ...(phone !== undefined ? { phoneNumber: phone } : {}) },
        limit,
      );
      if (changed.outcome === 'missing') throw fail('NOT_FOUND', cartMessages.itemNotInCart, lang);
      if (changed.outcome === 'over')
        throw fail('VALIDATION_ERROR', cartMessages.numberJoinsOver, lang);
      return toCart(await priceLines(await repo.listLines(owner), lang, product), lang);
    },

    /**
     * Idempotent: removing what is not in the cart is not an error (retries are safe). Without
     * `lineId` every line of the product goes (the spec's call names only the product).
     */
    async remove(
      owner: string,
      productId: string,
      lineId: string | undefined,
      lang: Language,
    ): Promise<Cart> {
      if (lineId !== undefined) {
        if (isUuid(lineId)) await repo.removeLines(owner, [lineId]);
      } else if (isUuid(productId)) await repo.removeProducts(owner, [productId]);
      return getCart(owner, lang);
    },

    async clear(owner: string, lang: Language): Promise<Cart> {
      await repo.clear(owner);
      return getCart(owner, lang);
    },

    async removeUnavailable(
      owner: string,
      lang: Language,
    ): Promise<{ cart: Cart; removed: string[] }> {
      const lines = await priceLines(await repo.listLines(owner), lang);
      const gone = lines.filter((l) => !l.available).map((l) => l.row);
      await repo.removeLines(
        owner,
        gone.map((row) => row.id),
      );
      return {
        cart: await getCart(owner, lang),
        removed: [...new Set(gone.map((r) => r.productId))],
      };
    },

    /** After payment: the lines bought (each product for its recipient) leave the buyer's cart. */
    async removeBought(
      owner: string,
      bought: { productId: string; phoneNumber: string | null; topupRequestId: string | null }[],
    ): Promise<void> {
      await repo.removeBought(owner, bought);
    },

    /**
     * The guest's cart joins the user's (called when a signed-in request still names its guest
     * id, see cart.routes.ts): units of a product in both are added, capped at 20.
     */
    async mergeGuestCart(gid: string, userId: string): Promise<number> {
      return repo.moveLines(guestCartOwner(gid), userCartOwner(userId), CART_QUANTITY_MAX);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
