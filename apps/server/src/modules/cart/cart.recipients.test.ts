import type { CartResponse } from '@shop/contracts/cart';
import type { ErrorBody } from '@shop/contracts/errors';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  call,
  openShopTest,
  signedIn,
  tryUpdateCart,
  updateCart,
} from '../../test/checkout-kit.ts';
import { paidOrder } from '../../test/fulfilment-kit.ts';
import { topupSimulatorTransactions } from '../fulfilment/fulfilment.tables.ts';
import { orderItems } from '../orders/orders.tables.ts';

/*
 * Issue 26: "MPT Top-up 1,000 Ks" for 09250008888 and again for 09250009999 became one line,
 * quantity 2, for the second number only, and the order topped up the second phone twice. A top-up
 * or data line is the product for one number: the cart keys lines by product and recipient.
 */
// (Numbers ending 0000, 8888 or 9999 are the top-up simulator's faults.)
const MUM = '09250008881';
const DAD = '09250009991';
const mum = '959250008881';
const dad = '959250009991';

describe('a top-up is one cart line per recipient number', () => {
  let topup: string;

  const s = openShopTest({ TOPUP_SIMULATOR_MAX_DELAY_MS: '0' });
  beforeAll(() => {
    topup = s.catalogue.productId('T-MPT-1000');
  });

  /** Puts `quantity` of the 1,000 Ks MPT top-up for `phoneNumber` in the cart of `headers`. */
  const addTopUp = (headers: Record<string, string>, phoneNumber: string, quantity: number) =>
    addToCart(s, headers, { productId: topup, quantity, phoneNumber });
  const lines = (cart: CartResponse) =>
    cart.data.items.map((l) => [l.productId, l.quantity, l.phoneNumber]);

  it('two numbers make two lines; the same number again adds to its own line', async () => {
    const { headers } = await signedIn(s);
    await addTopUp(headers, MUM, 1);
    const both = await addTopUp(headers, DAD, 1);
    expect(lines(both)).toEqual([
      [topup, 1, mum],
      [topup, 1, dad],
    ]);
    expect(both.data.items[0]?.lineId).not.toBe(both.data.items[1]?.lineId);
    // Spelled another way, Mum's number is still Mum's line.
    const again = await addTopUp(headers, '+95 9 250 008 881', 2);
    expect(lines(again)).toEqual([
      [topup, 3, mum],
      [topup, 1, dad],
    ]);
    expect(again.data.totalItems).toBe(4);
    // Burmese digits are the same number too (issue 26: numbers as people paste them).
    const burmese = await addTopUp(headers, '၀၉၂၅၀၀၀၉၉၉၁', 1);
    expect(lines(burmese)).toEqual([
      [topup, 3, mum],
      [topup, 2, dad],
    ]);
  });

  it('a change names its line: the other number’s line is untouched, and without a line id it is refused', async () => {
    const { headers } = await signedIn(s);
    await addTopUp(headers, MUM, 1);
    const cart = await addTopUp(headers, DAD, 1);
    const dadLine = cart.data.items.find((l) => l.phoneNumber === dad);

    // The spec's call names only the product: with two lines it cannot say which.
    for (const lang of ['en', 'my'] as const) {
      const ambiguous = await tryUpdateCart(
        s,
        { ...headers, 'accept-language': lang },
        { productId: topup, quantity: 5 },
      );
      expect(ambiguous.statusCode).toBe(409);
      expect(ambiguous.json<ErrorBody>().message).toBe(
        lang === 'en'
          ? 'This product is in your cart for more than one number. Please change one line at a time.'
          : 'ဤပစ္စည်းသည် ဖုန်းနံပါတ်တစ်ခုထက်ပို၍ ခြင်းတောင်းထဲတွင် ရှိနေပါသည်။ တစ်ကြောင်းချင်း ပြင်ဆင်ပါ။',
      );
    }

    const updated = await updateCart(s, headers, {
      productId: topup,
      lineId: dadLine?.lineId,
      quantity: 3,
    });
    expect(lines(updated)).toEqual([
      [topup, 1, mum],
      [topup, 3, dad],
    ]);

    // Another customer's line id is not found in this cart, and changes nothing.
    const other = await signedIn(s);
    const foreign = await tryUpdateCart(s, other.headers, {
      productId: topup,
      lineId: dadLine?.lineId,
      quantity: 9,
    });
    expect(foreign.statusCode).toBe(404);

    // Removing one line keeps the other number's line.
    const removed = await call(
      s,
      'DELETE',
      `/api/v1/cart/remove/${topup}?lineId=${String(dadLine?.lineId)}`,
      headers,
    );
    expect(lines(removed.json<CartResponse>())).toEqual([[topup, 1, mum]]);
    // The spec's call without a line removes every line of the product.
    await addTopUp(headers, DAD, 1);
    const all = await call(s, 'DELETE', `/api/v1/cart/remove/${topup}`, headers);
    expect(all.json<CartResponse>().data.items).toEqual([]);
  });

  it('giving a line the number another line has joins them (never two lines for one number), within 20', async () => {
    const { headers } = await signedIn(s);
    await addTopUp(headers, MUM, 2);
    const cart = await addTopUp(headers, DAD, 3);
    const dadLine = cart.data.items.find((l) => l.phoneNumber === dad);
    const joined = await updateCart(s, headers, {
      productId: topup,
      lineId: dadLine?.lineId,
      quantity: 3,
      phoneNumber: MUM,
    });
    expect(lines(joined)).toEqual([[topup, 5, mum]]);

    // Past 20 together: refused, in the request's language, and nothing changes.
    await addTopUp(headers, DAD, 18);
    const before = await call(s, 'GET', '/api/v1/cart', headers);
    const dadAgain = before.json<CartResponse>().data.items.find((l) => l.phoneNumber === dad);
    const over = await tryUpdateCart(
      s,
      { ...headers, 'accept-language': 'my' },
      { productId: topup, lineId: dadAgain?.lineId, quantity: 18, phoneNumber: MUM },
    );
    expect(over.statusCode).toBe(400);
    expect(over.json<ErrorBody>().message).toContain('၂၀');
    const after = await call(s, 'GET', '/api/v1/cart', headers);
    expect(lines(after.json<CartResponse>())).toEqual(lines(before.json<CartResponse>()));
  });

  // PGlite runs one statement at a time: only PostgreSQL shows what two changes at once do.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'two lines given the same number at once end as one line with both quantities, no 5xx',
    async () => {
      const { headers } = await signedIn(s);
      for (let round = 0; round < 5; round += 1) {
        await call(s, 'DELETE', '/api/v1/cart/clear', headers);
        await addTopUp(headers, MUM, 1);
        await addTopUp(headers, DAD, 2);
        const cart = await addTopUp(headers, '09250007771', 3);
        const others = cart.data.items.filter((l) => l.phoneNumber !== mum);
        // Every change answers 200 (updateCart and addTopUp check it).
        await Promise.all([
          ...others.map((line) =>
            updateCart(s, headers, {
              productId: topup,
              lineId: line.lineId,
              quantity: line.quantity,
              phoneNumber: MUM,
            }),
          ),
          addTopUp(headers, MUM, 4),
        ]);
        const after = await call(s, 'GET', '/api/v1/cart', headers);
        expect(lines(after.json<CartResponse>())).toEqual([[topup, 10, mum]]);
      }
    },
  );

  it('a guest’s line for another number stays its own line when the guest signs in', async () => {
    const user = await signedIn(s);
    await addTopUp(user.headers, MUM, 1);
    const first = await call(s, 'GET', '/api/v1/cart', { 'accept-language': 'en' });
    const gid = String(first.headers['x-guest-id']);
    await addTopUp({ gid }, DAD, 1);
    await addTopUp({ gid }, MUM, 2);
    const merged = await call(s, 'GET', '/api/v1/cart', { ...user.headers, gid });
    expect(lines(merged.json<CartResponse>())).toEqual([
      [topup, 3, mum],
      [topup, 1, dad],
    ]);
  });

  it('the order tops up each number once with its own amount, and paying empties exactly those lines', async () => {
    const user = await signedIn(s);
    const { order } = await paidOrder(
      s,
      [
        { sku: 'T-MPT-1000', quantity: 1, phoneNumber: MUM },
        { sku: 'T-MPT-1000', quantity: 1, phoneNumber: DAD },
      ],
      { user },
    );
    expect(order.items.map((i) => [i.productId, i.quantity, i.phoneNumber])).toEqual([
      [topup, 1, mum],
      [topup, 1, dad],
    ]);
    // A line added while paying (not in the order) stays in the cart.
    await addTopUp(user.headers, '09250007777', 1);
    expect(await s.t.app.runPendingJobs()).toBeGreaterThanOrEqual(1);

    const items = await s.t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.orderId))
      .orderBy(orderItems.position);
    expect(items.map((i) => [i.phoneNumber, i.quantity, i.status])).toEqual([
      [mum, 1, 'delivered'],
      [dad, 1, 'delivered'],
    ]);
    const sent = await s.t.database.db.select().from(topupSimulatorTransactions);
    const byNumber = (n: string) =>
      sent.filter((t) => items.some((i) => i.id === t.idempotencyKey && i.phoneNumber === n));
    expect(byNumber(mum)).toHaveLength(1);
    expect(byNumber(dad)).toHaveLength(1);
    expect(byNumber(mum)[0]?.request).toMatchObject({ msisdn: mum, quantity: 1 });

    const cart = await call(s, 'GET', '/api/v1/cart', user.headers);
    expect(lines(cart.json<CartResponse>())).toEqual([[topup, 1, '959250007777']]);
  });
});
