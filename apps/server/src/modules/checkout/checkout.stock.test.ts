import { randomBytes } from 'node:crypto';
import type { ErrorBody } from '@shop/contracts/errors';
import type { WebhookEvent } from '@shop/contracts/payments';
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { encryptSecret } from '../../platform/crypto.ts';
import { cards } from '../catalogue/catalogue.tables.ts';
import { orderCards } from '../fulfilment/fulfilment.tables.ts';
import { orders } from '../orders/orders.tables.ts';
import { paymentEvents, paymentReceipts, payments } from '../payments/payments.tables.ts';
import { deliverSandboxWebhook } from '../../test/webhook-kit.ts';
import {
  addToCart,
  call,
  cancelPayment,
  completeWith,
  initialize,
  newCardProduct,
  openShopTest,
  signedIn,
  payInSandboxBank,
  tryUpdateCart,
  tryAddToCart,
} from '../../test/checkout-kit.ts';

type Buyer = Awaited<ReturnType<typeof signedIn>>;

/**
 * DESIGN §6.5: card stock is held for an order from checkout to the end of its payment window,
 * so nobody is charged for a card that is gone.
 */
describe('card stock reserved at checkout (DESIGN §6.5)', () => {
  const s = openShopTest({ TOPUP_SIMULATOR_MAX_DELAY_MS: '0' });

  const db = () => s.t.database.db;

  const cardProduct = (stock: number) => newCardProduct(s, stock);
  async function addCards(productId: string, n: number, expiresAt: Date | null = null) {
    return db()
      .insert(cards)
      .values(
        Array.from({ length: n }, (_, i) => ({
          productId,
          serial: `H-${randomBytes(4).toString('hex')}-${i}`,
          pinEncrypted: encryptSecret(`PIN${i}`, s.t.secrets.pinEncryptionKey),
          expiresAt,
        })),
      )
      .returning();
  }
  const heldBy = (orderId: string) =>
    db().select().from(cards).where(eq(cards.reservedOrderId, orderId));
  const ordersOf = async (userId: string) =>
    (await db().select({ n: count() }).from(orders).where(eq(orders.userId, userId)))[0]?.n;
  const productStatus = async (productId: string) =>
    (await s.t.app.inject({ url: `/api/v1/products/${productId}` })).json<{
      data: { status: string };
    }>().data.status;
  const tryInitialize = (buyer: Buyer, lang: 'en' | 'my' = 'en') =>
    call(s, 'POST', '/api/v1/checkout/initialize', {
      ...buyer.headers,
      'accept-language': lang,
    });
  /** The buyer's checkout is refused (409) with `message` in English and in Burmese. */
  const expectCheckoutRefused = async (buyer: Buyer, message: { en: string; my: string }) => {
    for (const lang of ['en', 'my'] as const) {
      const res = await tryInitialize(buyer, lang);
      expect(res.statusCode).toBe(409);
      expect(res.json<ErrorBody>().message).toBe(message[lang]);
    }
  };

  it('ordering 20 when 5 are left: a clear 409 in English and Burmese, no order, no card held', async () => {
    const productId = await cardProduct(20);
    const buyer = await signedIn(s);
    await addToCart(s, buyer.headers, { productId, quantity: 20 });
    // 15 sold to others meanwhile: 5 left.
    const fifteen = (await db().select().from(cards).where(eq(cards.productId, productId))).slice(
      0,
      15,
    );
    await db()
      .update(cards)
      .set({ status: 'sold' })
      .where(
        inArray(
          cards.id,
          fifteen.map((c) => c.id),
        ),
      );

    await expectCheckoutRefused(buyer, {
      en: 'Only 5 left of Game card. Please lower the quantity.',
      my: 'ဂိမ်းကတ် ၅ ခုသာ ကျန်ပါသည်။ အရေအတွက်ကို လျှော့ပါ။',
    });
    expect(await ordersOf(buyer.userId)).toBe(0);
    const held = await db()
      .select()
      .from(cards)
      .where(and(eq(cards.productId, productId), isNotNull(cards.reservedOrderId)));
    expect(held).toHaveLength(0);
  });

  it('the cart refuses more units than the cards left, adding and changing the quantity', async () => {
    const productId = await cardProduct(5);
    const buyer = await signedIn(s);
    const tooMany = await tryAddToCart(s, buyer.headers, {
      productId,
      quantity: 6,
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json<ErrorBody>().message).toBe(
      'Only 5 left of Game card. Please lower the quantity.',
    );
    await addToCart(s, buyer.headers, { productId, quantity: 3 });
    const more = await tryAddToCart(s, buyer.headers, {
      productId,
      quantity: 3,
    });
    expect(more.statusCode).toBe(409);
    const update = await tryUpdateCart(
      s,
      { ...buyer.headers, 'accept-language': 'my' },
      { productId, quantity: 7 },
    );
    expect(update.statusCode).toBe(409);
    expect(update.json<ErrorBody>().message).toBe('ဂိမ်းကတ် ၅ ခုသာ ကျန်ပါသည်။ အရေအတွက်ကို လျှော့ပါ။');
    const cart = await call(s, 'GET', '/api/v1/cart', buyer.headers);
    expect(cart.json<{ data: { items: { quantity: number }[] } }>().data.items).toEqual([
      expect.objectContaining({ quantity: 3 }),
    ]);
  });

  it('held cards are not in stock and not sold to others; cancel gives them back', async () => {
    const productId = await cardProduct(1);
    const [first, second] = [await signedIn(s), await signedIn(s)];
    for (const b of [first, second]) await addToCart(s, b.headers, { productId, quantity: 1 });
    expect(await productStatus(productId)).toBe('active');

    const order = await initialize(s, first.headers);
    expect(await heldBy(order.orderId)).toHaveLength(1);
    // The listing (cached before) shows it out of stock at once.
    expect(await productStatus(productId)).toBe('out_of_stock');
    await expectCheckoutRefused(second, {
      en: 'Game card is sold out. Please remove it from your cart.',
      my: 'ဂိမ်းကတ် ရောင်းကုန်သွားပါပြီ။ ခြင်းတောင်းမှ ဖယ်ရှားပါ။',
    });
    expect(await ordersOf(second.userId)).toBe(0);

    const cancel = await cancelPayment(s, first.headers, order.orderId);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await heldBy(order.orderId)).toHaveLength(0);
    expect(await productStatus(productId)).toBe('active');
    const taken = await initialize(s, second.headers);
    expect(await heldBy(taken.orderId)).toHaveLength(1);
  });

  it('expiry of the payment window gives the cards back; Pay Again holds them again or says sold out', async () => {
    const productId = await cardProduct(1);
    const [first, second] = [await signedIn(s), await signedIn(s)];
    for (const b of [first, second]) await addToCart(s, b.headers, { productId, quantity: 1 });
    const order = await initialize(s, first.headers);
    await completeWith(s, first.headers, order.orderId);
    const [held] = await heldBy(order.orderId);
    // Held as long as the QR can be paid.
    expect(held?.reservedUntil?.getTime()).toBe(s.clock().getTime() + 300_000);

    s.clock.advance(301_000);
    await s.t.app.runPaymentSweep();
    expect(await heldBy(order.orderId)).toHaveLength(0);
    expect(await productStatus(productId)).toBe('active');

    // Pay Again while the card is free: held again for the new QR.
    const again = await call(
      s,
      'PUT',
      `/api/v1/orders/${order.orderId}/regenerate-qr`,
      first.headers,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(await heldBy(order.orderId)).toHaveLength(1);

    // Expired again: another buyer takes it, and Pay Again then answers sold out.
    s.clock.advance(301_000);
    await s.t.app.runPaymentSweep();
    const other = await initialize(s, second.headers);
    expect(await heldBy(other.orderId)).toHaveLength(1);
    const gone = await call(
      s,
      'PUT',
      `/api/v1/orders/${order.orderId}/regenerate-qr`,
      first.headers,
    );
    expect(gone.statusCode).toBe(409);
    expect(gone.json<ErrorBody>().message).toBe(
      'Game card is sold out. Please remove it from your cart.',
    );
  });

  it('a checkout that never asks for a payment holds its cards for 300 s; the sweep gives them back', async () => {
    const productId = await cardProduct(1);
    const buyer = await signedIn(s);
    await addToCart(s, buyer.headers, { productId, quantity: 1 });
    const order = await initialize(s, buyer.headers);
    expect(await productStatus(productId)).toBe('out_of_stock');
    s.clock.advance(299_000);
    await s.t.app.runPaymentSweep();
    expect(await heldBy(order.orderId)).toHaveLength(1);
    s.clock.advance(2_000);
    await s.t.app.runPaymentSweep();
    expect(await heldBy(order.orderId)).toHaveLength(0);
    expect(await productStatus(productId)).toBe('active');
  });

  /** A signed acquirer delivery: `reference` paid at `occurredAt`. */
  function paidEvent(reference: string, amount: number, occurredAt: Date) {
    const event: WebhookEvent = {
      id: `evt_${randomBytes(6).toString('hex')}`,
      type: 'payment.succeeded',
      data: { reference, amount, currency: 'MMK', occurredAt: occurredAt.toISOString() },
    };
    return deliverSandboxWebhook(s.t, s.clock(), JSON.stringify(event));
  }

  it('a payment that arrives after the reservation ended and the card was taken is not applied: flagged for refund', async () => {
    const productId = await cardProduct(1);
    const [late, other] = [await signedIn(s), await signedIn(s)];
    for (const b of [late, other]) await addToCart(s, b.headers, { productId, quantity: 1 });
    const order = await initialize(s, late.headers);
    const qr = await completeWith(s, late.headers, order.orderId);
    const paidAt = new Date(s.clock().getTime() + 200_000);
    // The bank's delivery is late: meanwhile the window passed and another buyer took the card.
    s.clock.advance(301_000);
    await s.t.app.runPaymentSweep();
    const taken = await initialize(s, other.headers);
    expect(await heldBy(taken.orderId)).toHaveLength(1);

    const res = await paidEvent(qr.paymentReference, qr.amount, paidAt);
    expect(res.statusCode, res.body).toBe(200);
    const [event] = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, (await paymentOf(order.orderId))?.id ?? ''));
    expect(event?.outcome).toBe('sold_out');
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    expect(row?.status).toBe('pending');
    expect(row?.paymentStatus).not.toBe('paid');
    // The money is recorded and all of it is due back.
    const receipts = await db()
      .select()
      .from(paymentReceipts)
      .where(eq(paymentReceipts.orderId, order.orderId));
    expect(receipts).toEqual([
      expect.objectContaining({
        outcome: 'sold_out',
        amount: qr.amount,
        refundRequired: true,
        refundAmount: qr.amount,
      }),
    ]);
    // The other buyer keeps the card.
    expect(await heldBy(taken.orderId)).toHaveLength(1);
    await s.t.app.runPendingJobs();
    expect(
      await db().select().from(orderCards).where(eq(orderCards.orderId, order.orderId)),
    ).toEqual([]);
  });
  const paymentOf = async (orderId: string) =>
    (await db().select().from(payments).where(eq(payments.orderId, orderId)))[0];

  it('fulfilment sells the cards the order holds, not the first ones in stock', async () => {
    const productId = await cardProduct(2);
    const buyer = await signedIn(s);
    await addToCart(s, buyer.headers, { productId, quantity: 1 });
    const order = await initialize(s, buyer.headers);
    const [held] = await heldBy(order.orderId);
    // A card that expires sooner arrives: unheld stock would sell it first.
    const [sooner] = await addCards(productId, 1, new Date('2030-06-30T00:00:00Z'));
    const qr = await completeWith(s, buyer.headers, order.orderId);
    const paid = await payInSandboxBank(s, qr.paymentQrCode);
    expect(paid.statusCode, paid.body).toBe(200);
    await s.t.app.runPendingJobs();
    const sold = await db().select().from(orderCards).where(eq(orderCards.orderId, order.orderId));
    expect(sold.map((c) => c.cardId)).toEqual([held?.id]);
    expect(sold[0]?.cardId).not.toBe(sooner?.id);
    const [row] = await db()
      .select()
      .from(cards)
      .where(eq(cards.id, held?.id ?? ''));
    expect(row).toMatchObject({ status: 'sold', reservedOrderId: null, reservedUntil: null });
  });
});

/**
 * The race the reservation exists for: many buyers check out the last card at once. PostgreSQL
 * only: PGlite runs one transaction at a time, so nothing there could race.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'last card, 50 buyers at once (PostgreSQL; skipped without TEST_DATABASE_URL)',
  () => {
    const s = openShopTest();

    it('exactly one buyer gets a payment QR; 49 are told "sold out" before paying, with no order', async () => {
      const productId = s.catalogue.productId('G-STEAM-10');
      // The fixtures hold exactly one Steam card.
      const buyers: Buyer[] = [];
      // One after the other: concurrent logins from one address meet the login limit.
      for (let i = 0; i < 50; i++) buyers.push(await signedIn(s));
      for (const b of buyers) await addToCart(s, b.headers, { productId, quantity: 1 });

      const results = await Promise.all(
        buyers.map(async (b) => {
          const init = await call(s, 'POST', '/api/v1/checkout/initialize', b.headers);
          if (init.statusCode !== 201)
            return { status: init.statusCode, message: init.json<ErrorBody>().message, qr: null };
          const { orderId } = init.json<{ data: { orderId: string } }>().data;
          const qr = await completeWith(s, b.headers, orderId);
          return { status: 201, message: null, qr: qr.paymentQrCode };
        }),
      );
      expect(results.filter((r) => r.status === 201 && r.qr)).toHaveLength(1);
      const refused = results.filter((r) => r.status === 409);
      expect(refused).toHaveLength(49);
      for (const r of refused)
        expect(r.message).toBe('Steam US$10 is sold out. Please remove it from your cart.');
      const db = s.t.database.db;
      const userIds = buyers.map((b) => b.userId);
      const [made] = await db
        .select({ n: count() })
        .from(orders)
        .where(inArray(orders.userId, userIds));
      expect(made?.n).toBe(1);
      const [charged] = await db
        .select({ n: count() })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(inArray(orders.userId, userIds));
      expect(charged?.n).toBe(1);
    });
  },
);
