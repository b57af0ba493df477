import { afterAll, beforeAll, expect } from 'vitest';
import type { CartResponse } from '@shop/contracts/cart';
import type { CheckoutInitializeResponse, PaymentSessionResponse } from '@shop/contracts/checkout';
import { login, movableClock, newPerson, verifiedPerson } from './auth-kit.ts';
import { encryptSecret } from '../platform/crypto.ts';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { cards, products } from '../modules/catalogue/catalogue.tables.ts';
import { insertTestCatalogue } from './catalogue-kit.ts';
import { createTestApp, type TestApp } from './app-kit.ts';
import { jobs } from '../platform/jobs.tables.ts';
import type { PaymentStatusResponse } from '@shop/contracts/payments';
import { FULFIL_ORDER_JOB } from '../modules/payments/payments.service.ts';
import { paymentReceipts, payments } from '../modules/payments/payments.tables.ts';
import { orderItems, orders } from '../modules/orders/orders.tables.ts';
import type { Tx } from '../platform/db.ts';

/** Recipients that fit the test catalogue's operators (account spec §9 prefixes). */
export const MPT_PHONE = '09250000001';
export const OOREDOO_PHONE = '09970000001';

export interface ShopTest {
  t: TestApp;
  clock: ReturnType<typeof movableClock>;
  catalogue: Awaited<ReturnType<typeof insertTestCatalogue>>;
}

export async function createShopTest(
  env: Record<string, string> = {},
  database?: NonNullable<Parameters<typeof createTestApp>[0]>['database'],
): Promise<ShopTest> {
  const clock = movableClock(new Date());
  const t = await createTestApp({ clock, env, ...(database ? { database } : {}) });
  const catalogue = await insertTestCatalogue(t.database.db);
  return { t, clock, catalogue };
}

/**
 * A ShopTest for the surrounding describe block: opened before its tests, closed after them. The
 * returned object is filled in by the time the first beforeAll registered after this call runs;
 * `env` may be a function, read then (a stand-in started in an earlier beforeAll gives its URL).
 */
export function openShopTest(
  env: Record<string, string> | (() => Record<string, string>) = {},
): ShopTest {
  const s = {} as ShopTest;
  beforeAll(async () => {
    Object.assign(s, await createShopTest(typeof env === 'function' ? env() : env));
  });
  afterAll(() => s.t.close());
  return s;
}

/** Puts `count` cards with known PINs in stock for a product (the fixtures' own PINs are fake). */
export async function stockCards(s: ShopTest, sku: string, count: number, prefix = sku) {
  const productId = s.catalogue.productId(sku);
  // A random batch mark, not Date.now(): two calls in one millisecond made the same serials.
  const batch = randomBytes(6).toString('hex');
  const made = Array.from({ length: count }, (_, i) => ({
    serial: `${prefix}-${batch}-${i}`,
    pin: `${String(1000 + i)}${Math.random().toString().slice(2, 14)}`,
  }));
  if (made.length > 0)
    await s.t.database.db.insert(cards).values(
      made.map((c) => ({
        productId,
        serial: c.serial,
        pinEncrypted: encryptSecret(c.pin, s.t.secrets.pinEncryptionKey),
        expiresAt: new Date('2031-06-30T00:00:00Z'),
      })),
    );
  return made;
}

/** A fresh E-PIN product ('Game card', 20,000 Ks, SKU `skuPrefix`-…) with `stock` cards of its own. */
export async function insertCardProduct(s: ShopTest, stock: number, skuPrefix = 'HOLD') {
  const db = s.t.database.db;
  const [base] = await db
    .select()
    .from(products)
    .where(eq(products.id, s.catalogue.productId('G-STEAM-10')));
  if (!base) throw new Error('no template product');
  const [product] = await db
    .insert(products)
    .values({
      categoryId: base.categoryId,
      kind: 'epin',
      sku: `${skuPrefix}-${randomBytes(6).toString('hex')}`,
      name: { en: 'Game card', my: 'ဂိမ်းကတ်' },
      description: base.description,
      priceMmk: 20_000,
      imageUrl: base.imageUrl,
    })
    .returning();
  if (!product) throw new Error('product not inserted');
  if (stock > 0)
    await db.insert(cards).values(
      Array.from({ length: stock }, (_, i) => ({
        productId: product.id,
        serial: `H-${randomBytes(4).toString('hex')}-${i}`,
        pinEncrypted: encryptSecret(`PIN${i}`, s.t.secrets.pinEncryptionKey),
        expiresAt: null,
      })),
    );
  return product;
}

/** A fresh E-PIN product ('Game card', 20,000 Ks) with `stock` cards of its own: its id. */
export async function newCardProduct(s: ShopTest, stock: number): Promise<string> {
  return (await insertCardProduct(s, stock)).id;
}

/**
 * `count` orders of one unit of `product` each, written straight into the tables (no cart, no
 * checkout) for the load tests: pending, or with `paid` paid and processing. Order numbers and
 * idempotency keys start with `prefix`; `line` adds to each order's line (a top-up's recipient).
 * Answers the orders' ids.
 */
export async function insertOrdersOf(
  tx: Tx,
  options: {
    count: number;
    prefix: string;
    userId: string;
    email: string;
    product: typeof products.$inferSelect;
    paid: boolean;
    line?: { phoneNumber: string; operatorCode: string };
  },
): Promise<string[]> {
  const { product, prefix } = options;
  const made = await tx
    .insert(orders)
    .values(
      Array.from({ length: options.count }, () => {
        const n = randomBytes(8).toString('hex');
        return {
          orderNumber: `${prefix.toUpperCase()}-${n}`,
          userId: options.userId,
          ...(options.paid
            ? { status: 'processing' as const, paymentStatus: 'paid' as const, paidAt: new Date() }
            : { status: 'pending' as const, paymentStatus: 'pending' as const }),
          paymentMethod: 'mmqr' as const,
          subtotalMmk: product.priceMmk,
          totalMmk: product.priceMmk,
          idempotencyKey: `${prefix.toLowerCase()}:${n}`,
          cartFingerprint: n,
          email: options.email,
          language: 'en' as const,
        };
      }),
    )
    .returning({ id: orders.id });
  const ids = made.map((o) => o.id);
  await tx.insert(orderItems).values(
    ids.map((orderId) => ({
      orderId,
      productId: product.id,
      kind: product.kind,
      sku: product.sku,
      name: product.name,
      quantity: 1,
      listPriceMmk: product.priceMmk,
      unitPriceMmk: product.priceMmk,
      lineTotalMmk: product.priceMmk,
      position: 0,
      ...options.line,
    })),
  );
  return ids;
}

/** A verified customer, signed in: the headers of their calls. */
export async function signedIn(s: ShopTest, extra: Record<string, string> = {}) {
  const person = await verifiedPerson(s.t, newPerson());
  const tokens = await login(s.t, person);
  return {
    person,
    userId: tokens.data.user.id,
    headers: {
      authorization: `Bearer ${tokens.data.accessToken}`,
      'accept-language': 'en',
      ...extra,
    },
  };
}

export async function call(
  s: ShopTest,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  return s.t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

type CartAdd = { productId: string; quantity: number; phoneNumber?: string | null };

/** Adds to the cart (POST /api/v1/cart/add): the answer, unchecked (addToCart checks it). */
export const tryAddToCart = (s: ShopTest, headers: Record<string, string>, body: CartAdd) =>
  call(s, 'POST', '/api/v1/cart/add', headers, body);

/** Adds to the cart (POST /api/v1/cart/add), which must answer 200: the cart. */
export const addToCart = (s: ShopTest, headers: Record<string, string>, body: CartAdd) =>
  cartAnswer('add', tryAddToCart(s, headers, body));

/** A cart call's answer, which must be 200: the cart. */
async function cartAnswer(what: string, answer: ReturnType<typeof call>): Promise<CartResponse> {
  const res = await answer;
  if (res.statusCode !== 200) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
  return res.json<CartResponse>();
}

type CartUpdate = {
  productId: string;
  quantity: number;
  lineId?: string;
  phoneNumber?: string | null;
};

/** Sets a cart line (PUT /api/v1/cart/update): the answer, unchecked (updateCart checks it). */
export const tryUpdateCart = (s: ShopTest, headers: Record<string, string>, body: CartUpdate) =>
  call(s, 'PUT', '/api/v1/cart/update', headers, body);

/** Sets a cart line (PUT /api/v1/cart/update), which must answer 200: the cart. */
export const updateCart = (s: ShopTest, headers: Record<string, string>, body: CartUpdate) =>
  cartAnswer('update', tryUpdateCart(s, headers, body));

/**
 * A provider stand-in's callback (KBZPay, Wave) delivered through inject, the shop in these tests
 * not listening: a JSON POST to the URL's path. `shop` answers the shop test once it is made.
 */
export const callbackThroughInject =
  (shop: () => ShopTest) => async (url: string, body: string) => {
    const res = await shop().t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    return {
      status: res.statusCode,
      contentType: String(res.headers['content-type'] ?? ''),
      body: res.body,
    };
  };

/** Puts one 1,000 Ks MPT top-up (T-MPT-1000) to `phoneNumber` in the cart. */
export const addMptTopUp = (
  s: ShopTest,
  headers: Record<string, string>,
  phoneNumber: string = MPT_PHONE,
) =>
  addToCart(s, headers, {
    productId: s.catalogue.productId('T-MPT-1000'),
    quantity: 1,
    phoneNumber,
  });

export async function initialize(s: ShopTest, headers: Record<string, string>) {
  const res = await call(s, 'POST', '/api/v1/checkout/initialize', headers);
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`initialize failed: ${res.statusCode} ${res.body}`);
  return res.json<CheckoutInitializeResponse>().data;
}

export async function completeWith(
  s: ShopTest,
  headers: Record<string, string>,
  sessionId: string,
  paymentMethod: 'mmqr' | 'aplus' | 'direct' = 'mmqr',
) {
  const res = await call(s, 'POST', '/api/v1/checkout/complete', headers, {
    sessionId,
    paymentMethod,
  });
  if (res.statusCode !== 200) throw new Error(`complete failed: ${res.statusCode} ${res.body}`);
  return res.json<PaymentSessionResponse>().data;
}

/** The customer cancels their order's open payment (PUT …/cancel-payment): the answer, unchecked. */
export const cancelPayment = (s: ShopTest, headers: Record<string, string>, orderId: string) =>
  call(s, 'PUT', `/api/v1/orders/${orderId}/cancel-payment`, headers);

/** The customer pays an MM QR in the sandbox bank (POST …/sandbox/bank/pay): the answer, unchecked. */
export const payInSandboxBank = (s: ShopTest, qrPayload: string | null) =>
  call(s, 'POST', '/api/v1/sandbox/bank/pay', {}, { qrPayload });

/** The customer's cart of one 1,000 Ks MPT top-up to `phoneNumber`, checked out and paid with points. */
export async function topUpPaidWithPoints(
  s: ShopTest,
  headers: Record<string, string>,
  phoneNumber: string,
) {
  await addMptTopUp(s, headers, phoneNumber);
  const order = await initialize(s, headers);
  const paid = await call(s, 'POST', '/api/v1/checkout/complete', headers, {
    sessionId: order.orderId,
    paymentMethod: 'points',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return order;
}

/** A signed-in customer with an MPT top-up (1,500 Ks of data + 1,000 Ks top-up) ready to pay by MM QR. */
export async function orderAwaitingQrPayment(s: ShopTest) {
  const user = await signedIn(s);
  await addMptTopUp(s, user.headers);
  await addToCart(s, user.headers, {
    productId: s.catalogue.productId('D-MPT-1GB'),
    quantity: 1,
    phoneNumber: MPT_PHONE,
  });
  const order = await initialize(s, user.headers);
  const payment = await completeWith(s, user.headers, order.orderId);
  return { user, order, payment };
}

/** The fulfilment jobs written for an order (one exactly when it is paid). */
export async function fulfilJobsOf(s: ShopTest, orderId: string) {
  return (await s.t.database.db.select().from(jobs)).filter(
    (j) => j.type === FULFIL_ORDER_JOB && (j.payload as { orderId?: string }).orderId === orderId,
  );
}

/** The receipts recorded for an order's payments (ADR 0017). */
export function receiptsOf(s: ShopTest, orderId: string) {
  return s.t.database.db.select().from(paymentReceipts).where(eq(paymentReceipts.orderId, orderId));
}

/** The payments of an order, every attempt (none when a create failed cleanly). */
export function paymentRowsOf(s: ShopTest, orderId: string) {
  return s.t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
}

/** The order's payment status as the payment modal polls it. */
export async function paymentStatusOf(
  s: ShopTest,
  headers: Record<string, string>,
  orderId: string,
) {
  const res = await call(s, 'GET', `/api/v1/orders/${orderId}/payment-status`, headers);
  if (res.statusCode !== 200) throw new Error(`payment-status: ${res.statusCode} ${res.body}`);
  return res.json<PaymentStatusResponse>().data;
}

/** The order's payment state as the buyer polls it, and how many fulfilment jobs it has. */
async function expectPaymentState(
  s: ShopTest,
  headers: Record<string, string>,
  orderId: string,
  state: { paymentStatus: string; status: string },
  fulfilJobs: number,
) {
  expect(await paymentStatusOf(s, headers, orderId)).toMatchObject(state);
  expect(await fulfilJobsOf(s, orderId)).toHaveLength(fulfilJobs);
}

/**
 * An order that a refused or tampered payment report left alone: still pending as the buyer
 * polls it, and no fulfilment job.
 */
export const expectStillUnpaid = (s: ShopTest, headers: Record<string, string>, orderId: string) =>
  expectPaymentState(s, headers, orderId, { paymentStatus: 'pending', status: 'pending' }, 0);

/**
 * A 1,000 Ks order paid once, however often its payment was reported: paid and processing as the
 * buyer polls it, one fulfilment job, one receipt applied for 1,000 Ks.
 */
export async function expectPaidOnce(
  s: ShopTest,
  headers: Record<string, string>,
  orderId: string,
) {
  await expectPaymentState(s, headers, orderId, { paymentStatus: 'paid', status: 'processing' }, 1);
  expect((await receiptsOf(s, orderId)).map((r) => [r.outcome, r.amount])).toEqual([
    ['applied', 1000],
  ]);
}

/** A signed-in customer's pending order for a 1,000 Ks MPT top-up and its payment. */
export async function pendingTopUpOrder(s: ShopTest, method: 'mmqr' | 'aplus' | 'direct' = 'mmqr') {
  const user = await signedIn(s);
  await addMptTopUp(s, user.headers);
  const order = await initialize(s, user.headers);
  const session = await completeWith(s, user.headers, order.orderId, method);
  return { user, order, session };
}

/**
 * A signed-in customer (`extra`: more headers) whose cart holds 3 × 1,000 Ks MPT top-ups and
 * 1 × 1,500 Ks MPT data: 4,500 Ks, what the promo code tests discount.
 */
export async function customerWithMptCart(s: ShopTest, extra: Record<string, string> = {}) {
  const user = await signedIn(s, extra);
  const lines = [
    { sku: 'T-MPT-1000', quantity: 3 },
    { sku: 'D-MPT-1GB', quantity: 1 },
  ];
  for (const { sku, quantity } of lines)
    await addToCart(s, user.headers, {
      productId: s.catalogue.productId(sku),
      quantity,
      phoneNumber: MPT_PHONE,
    });
  return user;
}

/** The payment methods a customer's checkout of 5,000 Ks is offered: id → enabled. */
export async function offeredMethods(s: ShopTest, headers: Record<string, string>) {
  const res = await call(s, 'GET', '/api/v1/payment-methods?checkoutAmount=5000', headers);
  expect(res.statusCode, res.body).toBe(200);
  const methods = res.json<{ data: { id: string; isEnabled: boolean }[] }>().data;
  return Object.fromEntries(methods.map((m) => [m.id, m.isEnabled]));
}

/** The payment methods a new signed-in customer's checkout of 5,000 Ks is offered: id → enabled. */
export async function methodsOfferedToNewCustomer(s: ShopTest) {
  const user = await signedIn(s);
  return offeredMethods(s, user.headers);
}
