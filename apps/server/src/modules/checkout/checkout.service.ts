import { authTexts } from '@shop/contracts/auth-rules';
import {
  checkoutMessages,
  MMQR_MINIMUM_MMK,
  SERVICE_FEE_MMK,
  type CheckoutInitializeRequest,
  type OrderSummary,
  type PaymentMethod,
  type PaymentMethodId,
  type PaymentSession,
} from '@shop/contracts/checkout';
import type { Language, LocalizedText } from '@shop/contracts/i18n';
import { formatNumber } from '@shop/contracts/languages';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { CardHoldLimits } from '../../config.ts';
import { clientNetwork } from '../../platform/http.ts';
import { checkCardHoldLimits, holdUntil } from '../orders/card-holds.ts';
import { anySoldOut, reserveOrderStock, stockRecords } from '../catalogue/stock-reservation.ts';
import { userCartOwner, type CartService } from '../cart/cart.service.ts';
import {
  orderRecords,
  toOrderSummary,
  type OrderRow,
  type OrdersService,
  type OrderWithItems,
} from '../orders/orders.service.ts';
import type { LoyaltyService } from '../loyalty/loyalty.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { EndedPayment, PayableMethod } from '../payments/acquirer.ts';
import type { PromoQuote, PromotionsService } from '../promotions/promotions.service.ts';
import { isUuid } from '@shop/contracts/ids';
import {
  cartFingerprint,
  checkIdempotencyKey,
  checkSentCart,
  orderItemsOf,
  refuseUnsellable,
} from './initialize.ts';

const methodNames: Record<PaymentMethodId, LocalizedText> = {
  mmqr: { en: 'MM QR payment', my: 'MM QR ငွေပေးချေမှု' },
  aplus: { en: 'A+ wallet', my: 'A+ ပိုက်ဆံအိတ်' },
  direct: { en: 'Direct online transfer', my: 'အွန်လိုင်း တိုက်ရိုက်ငွေလွှဲ' },
  points: { en: 'Points payment', my: 'ပွိုင့်ဖြင့် ငွေပေးချေမှု' },
};

export function createCheckoutService(deps: {
  cart: CartService;
  orders: OrdersService;
  payments: PaymentsService;
  /** The methods the configured acquirer collects (none: no acquirer, nothing can be paid). */
  methodsAvailable: readonly PayableMethod[];
  /** The account's email: where codes go when checkout names no other address. */
  accountEmail: (userId: string) => Promise<string>;
  /** Whether the shop blocked the account (issue 17): a blocked account cannot buy. */
  accountBlocked: (userId: string) => Promise<boolean>;
  loyalty: LoyaltyService;
  promotions: PromotionsService;
  db: Db;
  clock: Clock;
  /** Bounds on the cards unpaid orders hold (ADR 0043). */
  cardHolds: CardHoldLimits;
  /** Checkout held a product's last free cards: the cached catalogue must show it out of stock. */
  stockChanged?: () => Promise<void>;
}) {
  const { cart, orders, payments, loyalty, promotions } = deps;

  function requireUser(userId: string | null, lang: Language): string {
    if (!userId) throw new AppError('UNAUTHORIZED', checkoutMessages.userNotAuthenticated[lang]);
    return userId;
  }

  /**
   * A blocked account cannot buy (issue 17). Its access tokens are refused already; this holds
   * for a request that passed that check just before the block.
   */
  async function requireBuyer(userId: string | null, lang: Language): Promise<string> {
    const user = requireUser(userId, lang);
    if (await deps.accountBlocked(user))
      throw new AppError('FORBIDDEN', authTexts.accountBlocked[lang]);
    return user;
  }

  async function ownedPendingOrder(
    userId: string,
    orderId: string,
    lang: Language,
  ): Promise<OrderRow> {
    const found = isUuid(orderId) ? await orders.findOrder(orderId) : null;
    if (!found || found.order.userId !== userId)
      throw new AppError('NOT_FOUND', checkoutMessages.orderNotFound[lang]);
    const { order } = found;
    if (order.status !== 'pending' || order.paymentStatus === 'cancelled')
      throw new AppError('CONFLICT', checkoutMessages.notAwaitingPayment[lang]);
    return order;
  }

  /** Why points cannot pay `amount` for this caller now, or null when they can. */
  async function pointsBlocked(
    userId: string | null,
    amount: number | null,
    lang: Language,
  ): Promise<string | null> {
    if (!userId) return checkoutMessages.userNotAuthenticated[lang];
    if (amount === null) return null;
    const needed = loyalty.pointsNeededFor(amount);
    const { pointsBalance } = await loyalty.membership(userId);
    return pointsBalance >= needed
      ? null
      : checkoutMessages.insufficientPoints[lang]
          .replace('{needed}', formatNumber(needed, lang))
          .replace('{balance}', formatNumber(pointsBalance, lang));
  }

  function methods(
    amount: number | null,
    pointsMessage: string | null,
    lang: Language,
  ): PaymentMethod[] {
    // A method the configured acquirer does not collect is shown, off, with the reason.
    const unavailable = (id: PayableMethod) =>
      deps.methodsAvailable.length === 0
        ? checkoutMessages.providerUnavailable[lang]
        : deps.methodsAvailable.includes(id)
          ? null
          : checkoutMessages.paymentMethodUnavailable[lang];
    const entry = (
      id: PaymentMethodId,
      blocked: string | null,
      minAmount: number | null = null,
    ) => ({
      id,
      name: methodNames[id][lang],
      _nameMultilingual: methodNames[id],
      isEnabled: blocked === null,
      minAmount,
      message: blocked,
    });
    const belowMinimum =
      amount !== null && amount < MMQR_MINIMUM_MMK ? checkoutMessages.mmqrMinimum[lang] : null;
    return [
      entry('mmqr', unavailable('mmqr') ?? belowMinimum, MMQR_MINIMUM_MMK),
      entry('aplus', unavailable('aplus')),
      entry('direct', unavailable('direct')),
      entry('points', pointsMessage),
    ];
  }

  async function checkMethod(
    userId: string,
    method: PaymentMethodId,
    total: number,
    lang: Language,
  ): Promise<PaymentMethodId> {
    if (method === 'points') {
      const blocked = await pointsBlocked(userId, total, lang);
      if (blocked) throw new AppError('CONFLICT', blocked);
      return method;
    }
    if (deps.methodsAvailable.length === 0)
      throw new AppError('SERVICE_UNAVAILABLE', checkoutMessages.providerUnavailable[lang]);
    if (!deps.methodsAvailable.includes(method))
      throw new AppError('VALIDATION_ERROR', checkoutMessages.paymentMethodUnavailable[lang]);
    if (method === 'mmqr' && total < MMQR_MINIMUM_MMK)
      throw new AppError('VALIDATION_ERROR', checkoutMessages.mmqrMinimum[lang]);
    return method;
  }

  /**
   * DESIGN §6.5: the cards are held for the payment window in the order's own transaction (a
   * reused order's hold is renewed, released cards taken again); too few left refuses the checkout
   * ("Sold out" / "Only N left") and changes nothing. ADR 0043: a checkout starts the order's hold
   * clock, and the account's and the network's caps and the product's share are checked first (the
   * account's checkout lock is held here). Answers the products whose cards were held.
   */
  async function holdOrderCards(
    tx: Db,
    held: OrderWithItems,
    user: string,
    clientAddress: string,
    lang: Language,
  ): Promise<string[]> {
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

  return {
    /**
     * Turns the signed-in user's cart into a pending order (DESIGN §6.1): prices re-read from the
     * database, service fee 0. One open order per cart (ADR 0022): the same cart answers its open
     * order again, a changed cart cancels the old one. `clientAddress` is the caller's address:
     * unpaid orders from one network hold at most so many cards (ADR 0043).
     */
    async initialize(
      userId: string | null,
      body: CheckoutInitializeRequest,
      idempotencyKey: string | undefined,
      lang: Language,
      clientAddress: string,
    ): Promise<{ order: OrderSummary; created: boolean }> {
      const user = await requireBuyer(userId, lang);
      checkIdempotencyKey(idempotencyKey, lang);
      const lines = await cart.pricedLines(userCartOwner(user), lang);
      const ownHolds = await stockRecords(deps.db).productsHeldBy(
        await orders.openOrderIds(user),
        deps.clock(),
      );
      refuseUnsellable(lines, ownHolds, lang);
      checkSentCart(body?.items, lines, lang);
      const items = orderItemsOf(lines, lang);
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
      const email = body?.email ?? (await deps.accountEmail(user));
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
          tierDiscountMmk: tier.mmk,
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
            reservedProducts = await holdOrderCards(tx, held, user, clientAddress, lang);
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
      // The replaced orders' payments are closed at the acquirer (in the background).
      payments.closeAtAcquirer(ended);
      // Counted after the commit (as fulfilment does): the last free card held hides the product,
      // released ones show it again.
      if (deps.stockChanged && (freed > 0 || (await anySoldOut(deps.db, reservedProducts))))
        await deps.stockChanged();
      return { order: toOrderSummary(order, lang), created };
    },

    async paymentMethodsForAmount(
      userId: string | null,
      amount: number | null,
      lang: Language,
    ): Promise<PaymentMethod[]> {
      return methods(amount, await pointsBlocked(userId, amount, lang), lang);
    },

    async paymentMethodsForSession(
      userId: string | null,
      sessionId: string,
      lang: Language,
    ): Promise<PaymentMethod[]> {
      const user = requireUser(userId, lang);
      const order = await ownedPendingOrder(user, sessionId, lang);
      return methods(order.totalMmk, await pointsBlocked(user, order.totalMmk, lang), lang);
    },

    async selectPaymentMethod(
      userId: string | null,
      sessionId: string,
      method: PaymentMethodId,
      lang: Language,
    ): Promise<{ orderId: string; paymentMethod: PaymentMethodId; amount: number }> {
      const user = await requireBuyer(userId, lang);
      const order = await ownedPendingOrder(user, sessionId, lang);
      await checkMethod(user, method, order.totalMmk, lang);
      await orders.setPaymentMethod(order.id, method);
      return { orderId: order.id, paymentMethod: method, amount: order.totalMmk };
    },

    /**
     * Starts paying (MM QR, A+ or direct transfer; a repeated call returns the open payment), or
     * pays at once by points.
     */
    async complete(
      userId: string | null,
      sessionId: string,
      requested: PaymentMethodId | undefined,
      lang: Language,
    ): Promise<PaymentSession> {
      const user = await requireBuyer(userId, lang);
      const order = await ownedPendingOrder(user, sessionId, lang);
      const chosen = requested ?? order.paymentMethod;
      if (!chosen)
        throw new AppError('VALIDATION_ERROR', checkoutMessages.choosePaymentMethod[lang]);
      const method = await checkMethod(user, chosen, order.totalMmk, lang);
      if (method === 'points')
        return payments.payWithPoints(order.id, lang, (tx, locked) =>
          loyalty.redeemForOrder(
            tx,
            { userId: user, orderId: locked.id, points: loyalty.pointsNeededFor(locked.totalMmk) },
            lang,
          ),
        );
      const open = await payments.openSession(order.id, method);
      if (open) return open;
      return payments.startPayment(order.id, method, lang);
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
