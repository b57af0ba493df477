import type {
  CheckoutInitializeResponse,
  PaymentMethodsResponse,
  PaymentSessionResponse,
} from '@shop/contracts/checkout';
import type { ErrorBody } from '@shop/contracts/errors';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cards, categories, products } from '../catalogue/catalogue.tables.ts';
import { orders } from '../orders/orders.tables.ts';
import {
  addToCart,
  call,
  completeWith,
  openShopTest,
  initialize,
  MPT_PHONE,
  OOREDOO_PHONE,
  signedIn,
  stockCards,
  updateCart,
} from '../../test/checkout-kit.ts';

describe('checkout API', () => {
  let id: (sku: string) => string;

  const s = openShopTest();
  beforeAll(async () => {
    id = s.catalogue.productId;
    // Every checkout holds its Steam cards for the payment window: enough for all the tests.
    await stockCards(s, 'G-STEAM-10', 40);
  });

  const ordersOf = async (userId: string) => {
    const [row] = await s.t.database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.userId, userId));
    return row?.n ?? 0;
  };

  it("needs a signed-in user ('User not authenticated') and a non-empty cart ('Cart is empty')", async () => {
    const guest = await call(s, 'POST', '/api/v1/checkout/initialize', { 'accept-language': 'en' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json<ErrorBody>().message).toBe('User not authenticated');
    const guestMy = await call(s, 'POST', '/api/v1/checkout/initialize', {
      'accept-language': 'my',
    });
    expect(guestMy.json<ErrorBody>().message).toBe('အသုံးပြုသူ အကောင့်ဝင်ထားခြင်း မရှိပါ');
    const user = await signedIn(s);
    const empty = await call(s, 'POST', '/api/v1/checkout/initialize', user.headers);
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ErrorBody>().message).toBe('Cart is empty');
    expect(await ordersOf(user.userId)).toBe(0);
  });

  it('makes a pending order from the cart with database prices and a 0 service fee', async () => {
    const user = await signedIn(s);
    await addToCart(s, user.headers, {
      productId: id('T-OOR-5000'),
      quantity: 2,
      phoneNumber: OOREDOO_PHONE,
    });
    await addToCart(s, user.headers, { productId: id('G-STEAM-10'), quantity: 1 });
    const res = await call(s, 'POST', '/api/v1/checkout/initialize', user.headers, {
      items: [
        { productId: id('T-OOR-5000'), quantity: 2, price: 2900 },
        { productId: id('G-STEAM-10'), quantity: 1, price: 45000 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const order = res.json<CheckoutInitializeResponse>().data;
    expect(order).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      paymentMethod: null,
      subtotal: 2 * 5000 + 45000,
      discount: 2 * 2100,
      serviceFee: 0,
      total: 2 * 2900 + 45000,
      totalItems: 3,
      currency: 'MMK',
    });
    expect(order.sessionId).toBe(order.orderId);
    expect(order.orderNumber).toMatch(/^MT-\d{6}-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(order.items[0]).toMatchObject({
      productId: id('T-OOR-5000'),
      unitPrice: 2900,
      lineTotal: 5800,
      phoneNumber: '959970000001',
      operator: 'OOREDOO',
    });
  });

  it('keeps the email the codes go to: the one given at checkout, else the account email', async () => {
    const user = await signedIn(s);
    await addToCart(s, user.headers, { productId: id('G-STEAM-10'), quantity: 1 });
    const bad = await call(s, 'POST', '/api/v1/checkout/initialize', user.headers, {
      email: 'not an email',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().message).toBe('Please enter a valid email address for your codes');
    expect(await ordersOf(user.userId)).toBe(0);
    const byDefault = await initialize(s, user.headers);
    expect(byDefault.email).toBe(user.person.email);
    expect(byDefault.tierDiscount).toBe(0);
    // Another address is the same cart: its open order now sends the codes there (ADR 0050).
    const res = await call(s, 'POST', '/api/v1/checkout/initialize', user.headers, {
      email: ' Friend@Example.com ',
    });
    expect(res.statusCode).toBe(200);
    const gift = res.json<CheckoutInitializeResponse>().data;
    expect(gift.orderId).toBe(byDefault.orderId);
    expect(gift.email).toBe('friend@example.com');
    const [row] = await s.t.database.db.select().from(orders).where(eq(orders.id, gift.orderId));
    expect(row).toMatchObject({ email: 'friend@example.com', language: 'en' });
  });

  it('rejects a tampered price or a cart that differs from what the client shows', async () => {
    const user = await signedIn(s);
    await addToCart(s, user.headers, { productId: id('G-STEAM-10'), quantity: 1 });
    const tampered = await call(s, 'POST', '/api/v1/checkout/initialize', user.headers, {
      items: [{ productId: id('G-STEAM-10'), quantity: 1, price: 1 }],
    });
    expect(tampered.statusCode).toBe(409);
    expect(tampered.json<ErrorBody>().message).toBe(
      'Prices in your cart have changed. Please review your cart and try again.',
    );
    const stale = await call(s, 'POST', '/api/v1/checkout/initialize', user.headers, {
      items: [{ productId: id('G-STEAM-10'), quantity: 3, price: 45000 }],
    });
    expect(stale.statusCode).toBe(409);
    expect(await ordersOf(user.userId)).toBe(0);
  });

  it('refuses unavailable items and top-up lines without a recipient number', async () => {
    const user = await signedIn(s);
    await addToCart(s, user.headers, { productId: id('T-MPT-1000'), quantity: 1 });
    const noPhone = await call(s, 'POST', '/api/v1/checkout/initialize', user.headers);
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json<ErrorBody>().message).toBe(
      'Please enter the recipient phone number for MPT 1,000 Ks',
    );
    await updateCart(s, user.headers, {
      productId: id('T-MPT-1000'),
      quantity: 1,
      phoneNumber: MPT_PHONE,
    });
    await s.t.database.db
      .update(products)
      .set({ status: 'out_of_stock' })
      .where(eq(products.id, id('T-MPT-1000')));
    try {
      const unavailable = await call(s, 'POST', '/api/v1/checkout/initialize', user.headers);
      expect(unavailable.statusCode).toBe(409);
      expect(unavailable.json<ErrorBody>().message).toBe(
        'Some items in your cart are unavailable. Please remove them and try again.',
      );
    } finally {
      await s.t.database.db
        .update(products)
        .set({ status: 'active' })
        .where(eq(products.id, id('T-MPT-1000')));
    }
    expect(await ordersOf(user.userId)).toBe(0);
  });

  it('makes ONE order from 50 concurrent identical checkouts (double click, tabs, retries)', async () => {
    const user = await signedIn(s);
    await addToCart(s, user.headers, { productId: id('G-STEAM-10'), quantity: 2 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(s, 'POST', '/api/v1/checkout/initialize', user.headers),
      ),
    );
    for (const a of answers) expect([200, 201]).toContain(a.statusCode);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const ids = new Set(answers.map((a) => a.json<CheckoutInitializeResponse>().data.orderId));
    expect(ids.size).toBe(1);
    expect(await ordersOf(user.userId)).toBe(1);
    // A client retry after a timeout, 30 s later: still the same order.
    s.clock.advance(30_000);
    const retry = await initialize(s, user.headers);
    expect(ids.has(retry.orderId)).toBe(true);
    // A changed cart is a different checkout; the old order is cancelled (ADR 0022).
    await addToCart(s, user.headers, { productId: id('G-STEAM-10'), quantity: 1 });
    const changed = await initialize(s, user.headers);
    expect(ids.has(changed.orderId)).toBe(false);
    expect(await ordersOf(user.userId)).toBe(2);
    const [first] = [...ids];
    const [old] = await s.t.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, first ?? ''));
    expect(old?.status).toBe('cancelled');
  });

  it('honours an Idempotency-Key header: concurrent and later retries with the key make one order', async () => {
    const user = await signedIn(s);
    await addToCart(s, user.headers, { productId: id('G-STEAM-10'), quantity: 1 });
    const headers = { ...user.headers, 'idempotency-key': 'checkout-7f3a' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(s, 'POST', '/api/v1/checkout/initialize', headers)),
    );
    const ids = new Set(answers.map((a) => a.json<CheckoutInitializeResponse>().data.orderId));
    expect(ids.size).toBe(1);
    // Long after the cart window, the key still names the same order.
    s.clock.advance(10 * 60_000);
    const later = await initialize(s, headers);
    expect(ids.has(later.orderId)).toBe(true);
    // A new key for the same cart still answers the cart's one open order (ADR 0022).
    const other = await initialize(s, { ...user.headers, 'idempotency-key': 'checkout-8b1c' });
    expect(ids.has(other.orderId)).toBe(true);
    const bad = await call(s, 'POST', '/api/v1/checkout/initialize', {
      ...user.headers,
      'idempotency-key': 'x'.repeat(300),
    });
    expect(bad.statusCode).toBe(400);
    expect(await ordersOf(user.userId)).toBe(1);
  });

  it('lists payment methods, with MM QR disabled below 1000 MMK', async () => {
    const res = await call(s, 'GET', '/api/v1/payment-methods?checkoutAmount=900', {
      'accept-language': 'en',
    });
    expect(res.statusCode).toBe(200);
    const methods = res.json<PaymentMethodsResponse>().data;
    expect(methods.map((m) => [m.id, m.isEnabled])).toEqual([
      ['mmqr', false],
      ['aplus', true],
      ['direct', true],
      ['points', false],
    ]);
    expect(methods[0]?.message).toBe(
      'A minimum of 1000 MMK is required for MM QR payment. Please add more items.',
    );
    const enough = await call(s, 'GET', '/api/v1/payment-methods?checkoutAmount=1000', {});
    expect(enough.json<PaymentMethodsResponse>().data[0]?.isEnabled).toBe(true);
    const bad = await call(s, 'GET', '/api/v1/payment-methods?checkoutAmount=12.5', {});
    expect(bad.statusCode).toBe(400);
  });

  it('refuses MM QR below 1000 MMK with the spec message, and allows other methods', async () => {
    const user = await signedIn(s);
    // A cheap product only for this test.
    const cheapId = await s.t.database.db.transaction(async (tx) => {
      const [category] = await tx
        .select()
        .from(categories)
        .where(eq(categories.slug, 'egift-cards'));
      if (!category) throw new Error('fixture category missing');
      const [row] = await tx
        .insert(products)
        .values({
          sku: 'E-TEST-500',
          categoryId: category.id,
          kind: 'epin',
          name: { en: 'Test PIN 500', my: 'စမ်းသပ် PIN ၅၀၀' },
          description: { en: 'Test', my: 'စမ်းသပ်' },
          priceMmk: 500,
          imageUrl: '/media/products/test.svg',
        })
        .returning();
      if (!row) throw new Error('product not inserted');
      // E-PINs need stock to be sellable.
      await tx.insert(cards).values({ productId: row.id, serial: 'T-1', pinEncrypted: 'x' });
      return row.id;
    });
    await addToCart(s, user.headers, { productId: cheapId, quantity: 1 });
    const order = await initialize(s, user.headers);
    expect(order.total).toBe(500);
    const methods = await call(
      s,
      'GET',
      `/api/v1/checkout/payment-methods?sessionId=${order.orderId}`,
      user.headers,
    );
    expect(methods.json<PaymentMethodsResponse>().data[0]).toMatchObject({
      id: 'mmqr',
      isEnabled: false,
    });
    // The method as the customer picks it, on an English page or (`my`) a Burmese one.
    const choose = (
      paymentMethod: string,
      language?: 'my',
      path = '/api/v1/checkout/payment-method',
    ) =>
      call(
        s,
        'POST',
        path,
        language ? { ...user.headers, 'accept-language': language } : user.headers,
        { sessionId: order.orderId, paymentMethod },
      );
    const select = await choose(
      'mmqr',
      undefined,
      '/api/v1/checkout/payment-method?isEnabled=true',
    );
    expect(select.statusCode).toBe(400);
    expect(select.json<ErrorBody>().message).toBe(
      'A minimum of 1000 MMK is required for MM QR payment. Please add more items.',
    );
    expect((await choose('mmqr', 'my')).json<ErrorBody>().message).toBe(
      'MM QR ဖြင့် ငွေပေးချေရန် အနည်းဆုံး ၁၀၀၀ ကျပ် လိုအပ်ပါသည်။ ပစ္စည်းများ ထပ်ထည့်ပါ။',
    );
    const complete = await call(s, 'POST', '/api/v1/checkout/complete', user.headers, {
      sessionId: order.orderId,
      paymentMethod: 'mmqr',
    });
    expect(complete.statusCode).toBe(400);
    const points = await choose('points');
    // A new member has no points (500 Ks needs 50 at the default 10 Ks a point).
    expect(points.statusCode).toBe(409);
    expect(points.json<ErrorBody>().message).toBe(
      'Not enough points: this order needs 50 points and you have 0',
    );
    // A Burmese page writes the numbers with Burmese digits (one numeral system per page).
    expect((await choose('points', 'my')).json<ErrorBody>().message).toBe(
      'ပွိုင့် မလုံလောက်ပါ- ဤအော်ဒါအတွက် ပွိုင့် ၅၀ လိုအပ်ပြီး သင့်တွင် ၀ ရှိပါသည်',
    );
    expect((await choose('aplus')).statusCode).toBe(200);
    const session = await completeWith(s, user.headers, order.orderId, 'aplus');
    expect(session).toMatchObject({ paymentMethod: 'aplus', amount: 500, paymentQrCode: null });
    expect(session.aplusPayment?.orderId).toBe(order.orderId);
  });

  it('complete answers an MM QR payload valid 300 s; a repeated complete returns the same payment', async () => {
    const user = await signedIn(s);
    await addToCart(s, user.headers, {
      productId: id('T-MPT-1000'),
      quantity: 1,
      // Pasted as the customer's phone shows it (issue 12): stored and paid to as 959250000001.
      phoneNumber: '+95 9-250-000-001',
    });
    const order = await initialize(s, user.headers);
    const none = await call(s, 'POST', '/api/v1/checkout/complete', user.headers, {
      sessionId: order.orderId,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json<ErrorBody>().message).toBe('Please choose a payment method');
    const select = await call(
      s,
      'POST',
      '/api/v1/checkout/payment-method?isEnabled=true',
      user.headers,
      {
        sessionId: order.orderId,
        paymentMethod: 'mmqr',
      },
    );
    expect(select.statusCode).toBe(200);
    const first = await call(s, 'POST', '/api/v1/checkout/complete', user.headers, {
      sessionId: order.orderId,
    });
    expect(first.statusCode).toBe(200);
    const payment = first.json<PaymentSessionResponse>().data;
    expect(payment).toMatchObject({
      orderId: order.orderId,
      amount: 1000,
      paymentMethod: 'mmqr',
      paymentStatus: 'pending',
      expiresInSeconds: 300,
    });
    expect(payment.paymentQrCode).toMatch(/^000201010212/);
    // The modal shows "Top-up to 09 250 000 001 (MPT)" per top-up line from these.
    expect(payment.recipients).toEqual([
      {
        productId: id('T-MPT-1000'),
        name: { en: 'MPT 1,000 Ks', my: 'MPT ၁,၀၀၀ ကျပ်' },
        phoneNumber: '959250000001',
        recipientMasked: false,
        operator: 'MPT',
      },
    ]);
    s.clock.advance(5_000);
    const again = await completeWith(s, user.headers, order.orderId);
    expect(again.paymentQrCode).toBe(payment.paymentQrCode);
    expect(again.recipients).toEqual(payment.recipients);
    expect(again.expiresInSeconds).toBe(295);
    // Someone else's order is simply not found.
    const other = await signedIn(s);
    const foreign = await call(s, 'POST', '/api/v1/checkout/complete', other.headers, {
      sessionId: order.orderId,
      paymentMethod: 'mmqr',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<ErrorBody>().message).toBe('Order not found');
  });

  it('direct transfer answers the bank page', async () => {
    const user = await signedIn(s);
    await addToCart(s, user.headers, { productId: id('G-STEAM-10'), quantity: 1 });
    const order = await initialize(s, user.headers);
    const res = await call(s, 'POST', '/api/v1/checkout/direct', user.headers, {
      sessionId: order.orderId,
    });
    expect(res.statusCode).toBe(200);
    const session = res.json<PaymentSessionResponse>().data;
    expect(session.paymentMethod).toBe('direct');
    expect(session.paymentUrl).toMatch(/^http:\/\/shop\.test\/sandbox\/bank\?token=/);
    const [row] = await s.t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, order.orderId), eq(orders.paymentMethod, 'direct')));
    expect(row).toBeDefined();
  });
});
