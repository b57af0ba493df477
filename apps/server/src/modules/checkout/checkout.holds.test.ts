import type { CheckoutInitializeResponse, PaymentSessionResponse } from '@shop/contracts/checkout';
import type { ErrorBody } from '@shop/contracts/errors';
import { and, count, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { login } from '../../test/auth-kit.ts';
import { cards } from '../catalogue/catalogue.tables.ts';
import { orders } from '../orders/orders.tables.ts';
import {
  addToCart,
  openShopTest,
  newCardProduct,
  signedIn,
  updateCart,
} from '../../test/checkout-kit.ts';

type Buyer = Awaited<ReturnType<typeof signedIn>>;

/**
 * Issue 25 (ADR 0043): unpaid orders hold at most so many cards per account and per client
 * network, one order at most a share of a product's free stock, and Pay Again holds an order's
 * cards no longer than two payment windows from its checkout.
 */
describe('card holds of unpaid orders are bounded (ADR 0043)', () => {
  // Defaults except the per-address cap, lowered so a test needs few accounts to reach it.
  const s = openShopTest({ CARD_HOLD_MAX_PER_ADDRESS: '30' });

  const db = () => s.t.database.db;
  /** How many of the cards `which` picks are held now (their hold not over). */
  const liveHoldsOf = async (which: SQL) =>
    (
      await db()
        .select({ n: count() })
        .from(cards)
        .where(and(which, gt(cards.reservedUntil, s.clock())))
    )[0]?.n ?? 0;
  const liveHolds = (productIds: string[]) => liveHoldsOf(inArray(cards.productId, productIds));
  const heldBy = (orderId: string) => liveHoldsOf(eq(cards.reservedOrderId, orderId));

  /** A checkout from `address` (the client network the limits count by). */
  const checkout = (buyer: Buyer, address: string, lang: 'en' | 'my' = 'en') =>
    s.t.app.inject({
      method: 'POST',
      url: '/api/v1/checkout/initialize',
      headers: { ...buyer.headers, 'accept-language': lang },
      remoteAddress: address,
    });
  const orderOf = (res: { json: () => unknown }) => (res.json() as CheckoutInitializeResponse).data;
  const pay = (buyer: Buyer, orderId: string) =>
    s.t.app.inject({
      method: 'POST',
      url: '/api/v1/checkout/complete',
      headers: buyer.headers,
      payload: { sessionId: orderId, paymentMethod: 'mmqr' },
    });
  const payAgain = (buyer: Buyer, orderId: string, lang: 'en' | 'my' = 'en') =>
    s.t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${orderId}/regenerate-qr`,
      headers: { ...buyer.headers, 'accept-language': lang },
    });

  it('one checkout of 20 of each of 38 products is refused with the per-account limit: no card held', async () => {
    const productIds: string[] = [];
    for (let i = 0; i < 38; i++) productIds.push(await newCardProduct(s, 25));
    const hoarder = await signedIn(s);
    for (const productId of productIds)
      await addToCart(s, hoarder.headers, { productId, quantity: 20 });

    const res = await checkout(hoarder, '198.51.100.1');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<ErrorBody>().message).toBe(
      'You can hold at most 20 cards in unpaid orders; this checkout would make 760. Lower the quantities, or pay or cancel an open order first.',
    );
    const my = await checkout(hoarder, '198.51.100.1', 'my');
    expect(my.json<ErrorBody>().message).toContain('၂၀');
    expect(my.json<ErrorBody>().message).toContain('၇၆၀');
    expect(await liveHolds(productIds)).toBe(0);
    expect(
      (await db().select({ n: count() }).from(orders).where(eq(orders.userId, hoarder.userId)))[0]
        ?.n,
    ).toBe(0);

    // 20 cards (the limit) of one product with ample stock: a normal checkout.
    const ample = await newCardProduct(s, 100);
    const buyer = await signedIn(s);
    await addToCart(s, buyer.headers, { productId: ample, quantity: 20 });
    const ok = await checkout(buyer, '198.51.100.2');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await heldBy(orderOf(ok).orderId)).toBe(20);
  });

  it('a second account at the same address cannot hold past the per-address limit; another address can', async () => {
    const productId = await newCardProduct(s, 200);
    const [first, second, elsewhere] = [await signedIn(s), await signedIn(s), await signedIn(s)];
    for (const b of [first, second, elsewhere])
      await addToCart(s, b.headers, { productId, quantity: b === first ? 20 : 15 });

    expect((await checkout(first, '203.0.113.50')).statusCode).toBe(201);
    const refused = await checkout(second, '203.0.113.50');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<ErrorBody>().message).toBe(
      'At most 30 cards can be held in unpaid orders from one network at a time; 10 more can be held there now. Lower the quantities, or try again in a few minutes.',
    );
    const far = await checkout(elsewhere, '192.0.2.77');
    expect(far.statusCode, far.body).toBe(201);
    expect(await heldBy(orderOf(far).orderId)).toBe(15);

    // Within what is left at that address (10): accepted.
    await updateCart(s, second.headers, { productId, quantity: 10 });
    const fits = await checkout(second, '203.0.113.50');
    expect(fits.statusCode, fits.body).toBe(201);
    expect(await liveHolds([productId])).toBe(45);
  });

  it('concurrent checkouts at one address never hold more than the per-address limit together', async () => {
    const productId = await newCardProduct(s, 200);
    const buyers: Buyer[] = [];
    for (let i = 0; i < 6; i++) {
      const b = await signedIn(s);
      await addToCart(s, b.headers, { productId, quantity: 10 });
      buyers.push(b);
    }
    const answers = await Promise.all(buyers.map((b) => checkout(b, '203.0.113.90')));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 409, 409, 409]);
    expect(await liveHolds([productId])).toBe(30);
  });

  it('concurrent checkouts and Pay Again of one account never hold more than the per-account limit', async () => {
    const productId = await newCardProduct(s, 200);
    const buyer = await signedIn(s);
    await addToCart(s, buyer.headers, { productId, quantity: 20 });
    const { orderId } = orderOf(await checkout(buyer, '198.51.100.30'));
    expect((await pay(buyer, orderId)).statusCode).toBe(200);
    // The cart grows past the limit; checkouts (each would replace the order) and Pay Again race.
    const other = await newCardProduct(s, 200);
    await addToCart(s, buyer.headers, { productId: other, quantity: 5 });
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => checkout(buyer, '198.51.100.30')),
      ...Array.from({ length: 5 }, () => payAgain(buyer, orderId)),
    ]);
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);
    expect(answers.slice(0, 5).every((a) => a.statusCode === 409)).toBe(true);
    expect(await liveHolds([productId, other])).toBe(20);
  });

  it('Pay Again holds the cards three payment windows from checkout at most, then the order ends and frees them', async () => {
    const productId = await newCardProduct(s, 10);
    const buyer = await signedIn(s);
    await addToCart(s, buyer.headers, { productId, quantity: 2 });
    const started = s.clock().getTime();
    const { orderId } = orderOf(await checkout(buyer, '198.51.100.40'));
    expect((await pay(buyer, orderId)).statusCode).toBe(200);

    // Window 1 passed: Pay Again gives a full window.
    s.clock.advance(301_000);
    const again = await payAgain(buyer, orderId);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<PaymentSessionResponse>().data.expiresInSeconds).toBe(300);
    // Window 2 passed: the next QR ends with window 3 (not 300 s past now).
    s.clock.advance(301_000);
    const last = await payAgain(buyer, orderId);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json<PaymentSessionResponse>().data.expiresAt).toBe(
      new Date(started + 900_000).toISOString(),
    );
    expect(await heldBy(orderId)).toBe(2);

    // Past three windows: refused, the order ended, its cards free for others. (15 minutes
    // also ended the access token: signed in again.)
    s.clock.advance(299_000);
    expect(await heldBy(orderId)).toBe(0);
    const tokens = await login(s.t, buyer.person);
    buyer.headers.authorization = `Bearer ${tokens.data.accessToken}`;
    const over = await payAgain(buyer, orderId);
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json<ErrorBody>().message).toBe(
      'The 15 minutes to pay this order are over and its cards went back on sale. Please check out again.',
    );
    const overMy = await payAgain(buyer, orderId, 'my');
    expect(overMy.statusCode).toBe(409);
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: 'failed', paymentStatus: 'expired' });
    expect(
      (await db().select({ n: count() }).from(cards).where(eq(cards.reservedOrderId, orderId)))[0]
        ?.n,
    ).toBe(0);

    // Checking out again is a new order with its own three windows.
    const fresh = await checkout(buyer, '198.51.100.40');
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(orderOf(fresh).orderId).not.toBe(orderId);
    expect(await heldBy(orderOf(fresh).orderId)).toBe(2);
  });

  it('one order holds at most a share of a product’s free stock (20 %, at least 5 when there are)', async () => {
    const fifty = await newCardProduct(s, 50);
    const eight = await newCardProduct(s, 8);
    const one = await newCardProduct(s, 1);
    const buyer = await signedIn(s);

    await addToCart(s, buyer.headers, { productId: fifty, quantity: 11 });
    const tooMuch = await checkout(buyer, '198.51.100.60');
    expect(tooMuch.statusCode, tooMuch.body).toBe(409);
    expect(tooMuch.json<ErrorBody>().message).toBe(
      'One order can hold at most 10 of Game card now, so that other customers can buy it too. Please lower the quantity.',
    );
    const my = await checkout(buyer, '198.51.100.60', 'my');
    expect(my.json<ErrorBody>().message).toContain('၁၀');
    await updateCart(s, buyer.headers, { productId: fifty, quantity: 10 });
    expect((await checkout(buyer, '198.51.100.60')).statusCode).toBe(201);

    // Small stock: up to 5 always (if there are 5), never more than the share beyond that.
    const small = await signedIn(s);
    await addToCart(s, small.headers, { productId: eight, quantity: 6 });
    const six = await checkout(small, '198.51.100.61');
    expect(six.statusCode).toBe(409);
    expect(six.json<ErrorBody>().message).toContain('at most 5 of Game card');
    await updateCart(s, small.headers, { productId: eight, quantity: 5 });
    expect((await checkout(small, '198.51.100.61')).statusCode).toBe(201);

    // The last card can be bought.
    const last = await signedIn(s);
    await addToCart(s, last.headers, { productId: one, quantity: 1 });
    expect((await checkout(last, '198.51.100.62')).statusCode).toBe(201);
  });
});
