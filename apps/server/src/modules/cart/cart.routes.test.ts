import type { CartResponse, RemoveUnavailableResponse } from '@shop/contracts/cart';
import type { ErrorBody } from '@shop/contracts/errors';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products } from '../catalogue/catalogue.tables.ts';
import {
  addToCart,
  call,
  openShopTest,
  MPT_PHONE,
  OOREDOO_PHONE,
  signedIn,
  stockCards,
  tryAddToCart,
  tryUpdateCart,
  updateCart,
} from '../../test/checkout-kit.ts';

describe('cart API', () => {
  let id: (sku: string) => string;

  const s = openShopTest();
  beforeAll(async () => {
    id = s.catalogue.productId;
    // A cart line of a card product may hold at most the cards in stock: room for the 20 cap.
    await stockCards(s, 'G-STEAM-10', 25);
  });

  /** A new guest: its first cart call issues the id (cookie gid and x-guest-id header). */
  async function newGuest(lang = 'en') {
    const res = await call(s, 'GET', '/api/v1/cart', { 'accept-language': lang });
    expect(res.statusCode).toBe(200);
    const gid = res.headers['x-guest-id'];
    expect(typeof gid).toBe('string');
    const cookie = res.cookies.find((c) => c.name === 'gid');
    expect(cookie?.value).toBe(gid);
    return { gid: gid as string, headers: { gid: gid as string, 'accept-language': lang } };
  }

  it('issues a guest id on the first call and keeps the cart under it', async () => {
    const guest = await newGuest();
    const first = await call(s, 'GET', '/api/v1/cart', guest.headers);
    expect(first.json<CartResponse>().data.items).toEqual([]);
    // A known gid is not replaced.
    expect(first.headers['x-guest-id']).toBeUndefined();
    const cart = await addToCart(s, guest.headers, {
      productId: id('G-STEAM-10'),
      quantity: 2,
    });
    expect(cart.message).toBe('Item added to cart');
    expect(cart.data.items).toHaveLength(1);
    expect(cart.data.items[0]).toMatchObject({
      productId: id('G-STEAM-10'),
      quantity: 2,
      price: 45000,
      unitPrice: 45000,
      lineTotal: 90000,
      type: 'giftcard',
      fx: { amount: 1000, currency: 'USD' },
      available: true,
      requiresPhoneNumber: false,
    });
    expect(cart.data.totalAmount).toBe(90000);
    // The same cart through the cookie alone.
    const byCookie = await s.t.app.inject({ url: '/api/v1/cart', cookies: { gid: guest.gid } });
    expect(byCookie.json<CartResponse>().data.totalItems).toBe(2);
  });

  it('prices lines from the database: sale price, discount fields, later price changes', async () => {
    const guest = await newGuest();
    const cart = await addToCart(s, guest.headers, {
      productId: id('T-OOR-5000'),
      quantity: 1,
      phoneNumber: OOREDOO_PHONE,
    });
    expect(cart.data.items[0]).toMatchObject({
      price: 5000,
      discountPrice: 2900,
      unitPrice: 2900,
      discountAmount: 2100,
      discountType: 'fixed',
      discountValue: 2100,
      phoneNumber: '959970000001',
      operator: 'OOREDOO',
    });
    await s.t.database.db
      .update(products)
      .set({ discountPriceMmk: 2500 })
      .where(eq(products.id, id('T-OOR-5000')));
    const again = await call(s, 'GET', '/api/v1/cart', guest.headers);
    expect(again.json<CartResponse>().data.items[0]?.unitPrice).toBe(2500);
    await s.t.database.db
      .update(products)
      .set({ discountPriceMmk: 2900 })
      .where(eq(products.id, id('T-OOR-5000')));
  });

  it('keeps quantity per line between 1 and 20, in English and Burmese', async () => {
    const guest = await newGuest();
    for (const quantity of [0, -1, 21]) {
      const res = await tryAddToCart(s, guest.headers, {
        productId: id('G-STEAM-10'),
        quantity,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().message).toBe('Quantity must be between 1 and 20');
    }
    const my = await tryAddToCart(
      s,
      { ...guest.headers, 'accept-language': 'my' },
      {
        productId: id('G-STEAM-10'),
        quantity: 25,
      },
    );
    expect(my.statusCode).toBe(400);
    expect(my.json<ErrorBody>().message).toBe('အရေအတွက်သည် ၁ မှ ၂၀ အတွင်း ဖြစ်ရပါမည်');
    // Adding to a line may not pass 20 in total; nothing changes then.
    await addToCart(s, guest.headers, { productId: id('G-STEAM-10'), quantity: 15 });
    const over = await tryAddToCart(s, guest.headers, {
      productId: id('G-STEAM-10'),
      quantity: 6,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json<ErrorBody>().message).toBe('Quantity must be between 1 and 20');
    const cart = await addToCart(s, guest.headers, { productId: id('G-STEAM-10'), quantity: 5 });
    expect(cart.data.items[0]?.quantity).toBe(20);
    const update = await tryUpdateCart(s, guest.headers, {
      productId: id('G-STEAM-10'),
      quantity: 21,
    });
    expect(update.json<ErrorBody>().message).toBe('Quantity must be between 1 and 20');
    const fine = await updateCart(s, guest.headers, {
      productId: id('G-STEAM-10'),
      quantity: 3,
    });
    expect(fine.data.items[0]?.quantity).toBe(3);
    expect(fine.message).toBe('Cart updated');
  });

  it('validates recipient phone numbers with the phone rules and the product operator', async () => {
    const guest = await newGuest();
    const add = (phoneNumber: string, lang = 'en', sku = 'T-MPT-1000') =>
      tryAddToCart(
        s,
        { ...guest.headers, 'accept-language': lang },
        {
          productId: id(sku),
          quantity: 1,
          phoneNumber,
        },
      );
    const mismatch = await add(OOREDOO_PHONE);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json<ErrorBody>().message).toBe('Phone number does not match MPT format');
    const mismatchMy = await add(OOREDOO_PHONE, 'my');
    expect(mismatchMy.json<ErrorBody>().message).toBe('ဖုန်းနံပါတ်သည် MPT ပုံစံနှင့် မကိုက်ညီပါ');
    expect((await add('0925')).json<ErrorBody>().message).toBe('Phone number is too short');
    expect((await add('09250OOOOO1')).json<ErrorBody>().message).toBe(
      'Please use English digits only',
    );
    expect((await add('0925000000')).json<ErrorBody>().message).toBe(
      'MPT numbers should be 11 digits long',
    );
    // Gift cards have no recipient number.
    const gift = await add(MPT_PHONE, 'en', 'G-STEAM-10');
    expect(gift.statusCode).toBe(400);
    // Nothing was added by the refused calls.
    const cart = await call(s, 'GET', '/api/v1/cart', guest.headers);
    expect(cart.json<CartResponse>().data.items).toEqual([]);
    // Any accepted spelling; stored in 95 form; update can set and clear it.
    const ok = await add('+95 9 250 000 001');
    expect(ok.statusCode).toBe(200);
    expect(ok.json<CartResponse>().data.items[0]?.phoneNumber).toBe('959250000001');
    const cleared = await updateCart(s, guest.headers, {
      productId: id('T-MPT-1000'),
      quantity: 2,
      phoneNumber: null,
    });
    expect(cleared.data.items[0]).toMatchObject({
      quantity: 2,
      phoneNumber: null,
    });
    const data = await tryAddToCart(s, guest.headers, {
      productId: id('D-MPT-1GB'),
      quantity: 1,
      phoneNumber: '09 4000 0001',
    });
    // 0940 is MPT, and its numbers are 11 digits long.
    expect(data.json<ErrorBody>().message).toBe('MPT numbers should be 11 digits long');
  });

  it('refuses unknown and unavailable products, in the request language', async () => {
    const guest = await newGuest();
    const unknown = await tryAddToCart(s, guest.headers, {
      productId: '00000000-0000-4000-8000-000000000000',
      quantity: 1,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorBody>().message).toBe('Product not found');
    const bad = await tryAddToCart(s, guest.headers, {
      productId: 'x',
      quantity: 1,
    });
    expect(bad.statusCode).toBe(404);
    for (const sku of ['T-ATOM-3000', 'T-MPT-10000', 'G-NETFLIX-15']) {
      const res = await tryAddToCart(s, guest.headers, {
        productId: id(sku),
        quantity: 1,
      });
      expect(res.statusCode, sku).toBe(409);
      expect(res.json<ErrorBody>().message).toBe('This product is currently unavailable');
    }
    const archived = await tryAddToCart(
      s,
      { ...guest.headers, 'accept-language': 'my' },
      {
        productId: id('T-MPT-OLD'),
        quantity: 1,
      },
    );
    expect(archived.statusCode).toBe(404);
    expect(archived.json<ErrorBody>().message).toBe('ပစ္စည်းကို ရှာမတွေ့ပါ');
    const notAnInt = await tryAddToCart(s, guest.headers, {
      productId: id('G-STEAM-10'),
      quantity: 1.5,
    });
    expect(notAnInt.statusCode).toBe(400);
  });

  it('removes, clears and removes unavailable lines', async () => {
    const guest = await newGuest();
    await addToCart(s, guest.headers, { productId: id('G-STEAM-10'), quantity: 1 });
    await addToCart(s, guest.headers, { productId: id('T-MPT-1000'), quantity: 1 });
    await addToCart(s, guest.headers, { productId: id('D-MPT-1GB'), quantity: 1 });
    // The data package goes out of stock after it was added.
    await s.t.database.db
      .update(products)
      .set({ status: 'out_of_stock' })
      .where(eq(products.id, id('D-MPT-1GB')));
    try {
      const cart = (await call(s, 'GET', '/api/v1/cart', guest.headers)).json<CartResponse>().data;
      expect(cart.hasUnavailableItems).toBe(true);
      expect(cart.items.find((l) => l.productId === id('D-MPT-1GB'))).toMatchObject({
        available: false,
        status: 'out_of_stock',
      });
      // Unavailable lines do not count towards the total.
      expect(cart.totalAmount).toBe(45000 + 1000);
      const removed = await call(s, 'POST', '/api/v1/cart/remove-unavailable', guest.headers);
      expect(removed.statusCode).toBe(200);
      const body = removed.json<RemoveUnavailableResponse>();
      expect(body.data.removedProductIds).toEqual([id('D-MPT-1GB')]);
      expect(body.data.items.map((l) => l.productId)).toEqual([id('G-STEAM-10'), id('T-MPT-1000')]);
    } finally {
      await s.t.database.db
        .update(products)
        .set({ status: 'active' })
        .where(eq(products.id, id('D-MPT-1GB')));
    }
    const removed = await call(
      s,
      'DELETE',
      `/api/v1/cart/remove/${id('G-STEAM-10')}`,
      guest.headers,
    );
    expect(removed.json<CartResponse>().message).toBe('Item removed from cart');
    expect(removed.json<CartResponse>().data.items).toHaveLength(1);
    // Removing again is not an error (a retried call must not fail).
    const again = await call(s, 'DELETE', `/api/v1/cart/remove/${id('G-STEAM-10')}`, guest.headers);
    expect(again.statusCode).toBe(200);
    const missingUpdate = await tryUpdateCart(s, guest.headers, {
      productId: id('G-STEAM-10'),
      quantity: 1,
    });
    expect(missingUpdate.statusCode).toBe(404);
    expect(missingUpdate.json<ErrorBody>().message).toBe('Item not found in cart');
    const cleared = await call(s, 'DELETE', '/api/v1/cart/clear', {
      ...guest.headers,
      'accept-language': 'my',
    });
    expect(cleared.json<CartResponse>().message).toBe('ခြင်းတောင်းကို ရှင်းလင်းပြီးပါပြီ');
    expect(cleared.json<CartResponse>().data.items).toEqual([]);
  });

  it('keeps carts apart: another guest and a user see only their own', async () => {
    const a = await newGuest();
    const b = await newGuest();
    await addToCart(s, a.headers, { productId: id('G-STEAM-10'), quantity: 1 });
    const other = await call(s, 'GET', '/api/v1/cart', b.headers);
    expect(other.json<CartResponse>().data.items).toEqual([]);
    const user = await signedIn(s);
    const mine = await call(s, 'GET', '/api/v1/cart', user.headers);
    expect(mine.json<CartResponse>().data.items).toEqual([]);
    // A bad bearer token is a 401 (the client refreshes), never a silent guest cart.
    const bad = await call(s, 'GET', '/api/v1/cart', { authorization: 'Bearer nope' });
    expect(bad.statusCode).toBe(401);
  });

  it("merges the guest cart into the user's cart when the signed-in cart is loaded with the gid", async () => {
    const guest = await newGuest();
    const user = await signedIn(s);
    await addToCart(s, user.headers, { productId: id('G-STEAM-10'), quantity: 15 });
    // A number from an earlier visit; the guest then types another one and signs in to pay.
    await addToCart(s, user.headers, {
      productId: id('T-MPT-1000'),
      quantity: 1,
      phoneNumber: '09250000777',
    });
    await addToCart(s, guest.headers, { productId: id('G-STEAM-10'), quantity: 10 });
    await addToCart(s, guest.headers, {
      productId: id('T-MPT-1000'),
      quantity: 2,
      phoneNumber: MPT_PHONE,
    });
    await addToCart(s, guest.headers, {
      productId: id('D-MPT-1GB'),
      quantity: 1,
      phoneNumber: MPT_PHONE,
    });
    const merged = await call(s, 'GET', '/api/v1/cart', { ...user.headers, gid: guest.gid });
    expect(merged.statusCode).toBe(200);
    const lines = merged.json<CartResponse>().data.items;
    expect(lines.map((l) => [l.productId, l.quantity, l.phoneNumber])).toEqual([
      // Units of the same line added, capped at 20; a top-up for another number stays a line of
      // its own (issue 26: two numbers never become one line for one of them).
      [id('G-STEAM-10'), 20, null],
      [id('T-MPT-1000'), 1, '959250000777'],
      [id('T-MPT-1000'), 2, '959250000001'],
      [id('D-MPT-1GB'), 1, '959250000001'],
    ]);
    // The guest cart is empty now, and a second load merges nothing more.
    const guestCart = await call(s, 'GET', '/api/v1/cart', guest.headers);
    expect(guestCart.json<CartResponse>().data.items).toEqual([]);
    const again = await call(s, 'GET', '/api/v1/cart', { ...user.headers, gid: guest.gid });
    expect(again.json<CartResponse>().data.totalItems).toBe(24);
  });
});
