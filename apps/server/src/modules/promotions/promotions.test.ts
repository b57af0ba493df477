import type { CheckoutInitializeResponse } from '@shop/contracts/checkout';
import type { ErrorBody } from '@shop/contracts/errors';
import type { Language } from '@shop/contracts/i18n';
import { promoMessages } from '@shop/contracts/promo-messages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addMptTopUp,
  call,
  cancelPayment,
  completeWith,
  customerWithMptCart,
  openShopTest,
  payInSandboxBank,
} from '../../test/checkout-kit.ts';
import { orders } from '../orders/orders.tables.ts';
import {
  createPromotionsService,
  promoDiscountMmk,
  type NewPromoCodeInput,
} from './promotions.service.ts';
import { promoCodes, promoRedemptions } from './promotions.tables.ts';

describe('promo discount arithmetic (whole kyat)', () => {
  it('a percentage is rounded down to whole kyat', () => {
    expect(promoDiscountMmk('percent', 10, 1005)).toBe(100);
    expect(promoDiscountMmk('percent', 15, 999)).toBe(149); // 149.85
    expect(promoDiscountMmk('percent', 10, 4500)).toBe(450);
    expect(promoDiscountMmk('percent', 100, 2500)).toBe(2500);
  });
  it('a fixed amount never takes the lines below 0', () => {
    expect(promoDiscountMmk('fixed', 1000, 4500)).toBe(1000);
    expect(promoDiscountMmk('fixed', 5000, 3000)).toBe(3000);
    expect(promoDiscountMmk('fixed', 500, 0)).toBe(0);
  });
});

describe('promo codes at checkout (issue 17)', () => {
  let promotions: ReturnType<typeof createPromotionsService>;
  let serial = 0;
  const s = openShopTest();
  beforeAll(() => {
    promotions = createPromotionsService({ db: s.t.database.db, clock: s.clock });
  });

  const newCode = async (input: Omit<NewPromoCodeInput, 'code'>) =>
    (await promotions.createCode({ code: `Promo${++serial}X`, ...input })).code;

  /** A customer with 3 × 1,000 Ks MPT top-ups and 1 × 1,500 Ks data (4,500 Ks). */
  const customerWithCart = (lang: Language = 'en') =>
    customerWithMptCart(s, { 'accept-language': lang });
  const checkout = (headers: Record<string, string>, promoCode?: string | null) =>
    call(
      s,
      'POST',
      '/api/v1/checkout/initialize',
      headers,
      promoCode === undefined ? {} : { promoCode },
    );
  const summary = (res: Awaited<ReturnType<typeof checkout>>) => {
    expect([200, 201], res.body).toContain(res.statusCode);
    return res.json<CheckoutInitializeResponse>().data;
  };
  const redeemedCount = async (code: string) => {
    const promo = await promotions.findCode(code);
    return promo?.redeemedCount;
  };
  const ordersOf = (userId: string) =>
    s.t.database.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.userId, userId));

  /** The refusal in both languages, and that nothing was written for the customer. */
  async function expectRefused(
    code: string,
    status: number,
    message: { en: string; my: string },
  ): Promise<void> {
    for (const lang of ['en', 'my'] as const) {
      const user = await customerWithCart(lang);
      const res = await checkout(user.headers, code);
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json<ErrorBody>();
      expect(body.message).toBe(message[lang]);
      expect(body.fields?.promoCode).toBe(message[lang]);
      expect(await ordersOf(user.userId)).toHaveLength(0);
    }
  }

  it('a percent code takes its part off the order, its total and the MM QR amount', async () => {
    const code = await newCode({ kind: 'percent', value: 10 });
    const user = await customerWithCart();
    // Any letter case, spaces around it.
    const order = summary(await checkout(user.headers, `  ${code.toLowerCase()} `));
    expect(order.subtotal).toBe(4500);
    expect(order.promoCode).toBe(code);
    expect(order.promoDiscount).toBe(450);
    expect(order.discount).toBe(450 + order.tierDiscount);
    expect(order.total).toBe(4500 - 450 - order.tierDiscount);
    const payment = await completeWith(s, user.headers, order.orderId);
    expect(payment.amount).toBe(order.total);
    expect(await redeemedCount(code)).toBe(1);
    const detail = await call(s, 'GET', `/api/v1/orders/${order.orderId}`, user.headers);
    expect(
      detail.json<{ data: { promoCode: string; promoDiscount: number } }>().data,
    ).toMatchObject({ promoCode: code, promoDiscount: 450 });
  });

  it('a fixed code above what the lines cost makes the total 0, never less', async () => {
    const code = await newCode({ kind: 'fixed', value: 9000 });
    const user = await customerWithCart();
    const order = summary(await checkout(user.headers, code));
    expect(order.promoDiscount).toBe(4500 - order.tierDiscount);
    expect(order.total).toBe(0);
  });

  it('an order a code makes free is paid by points (0 points) and MM QR says its minimum', async () => {
    const code = await newCode({ kind: 'percent', value: 100 });
    const user = await customerWithCart();
    const order = summary(await checkout(user.headers, code));
    expect(order.total).toBe(0);
    const qr = await call(s, 'POST', '/api/v1/checkout/complete', user.headers, {
      sessionId: order.orderId,
      paymentMethod: 'mmqr',
    });
    expect(qr.statusCode).toBe(400);
    const points = await call(s, 'POST', '/api/v1/checkout/complete', user.headers, {
      sessionId: order.orderId,
      paymentMethod: 'points',
    });
    expect(points.statusCode, points.body).toBe(200);
    expect(points.json<{ data: { amount: number; paymentStatus: string } }>().data).toMatchObject({
      amount: 0,
      paymentStatus: 'paid',
    });
  });

  it('a code restricted to a category discounts only the lines of that category', async () => {
    const code = await newCode({ kind: 'percent', value: 20, categoryIds: [s.catalogue.data.id] });
    const user = await customerWithCart();
    const order = summary(await checkout(user.headers, code));
    expect(order.promoDiscount).toBe(300); // 20 % of the 1,500 Ks data line only
  });

  it('the minimum spend counts the lines the code applies to', async () => {
    const code = await newCode({ kind: 'fixed', value: 500, minimumSpendMmk: 4500 });
    const user = await customerWithCart();
    expect(summary(await checkout(user.headers, code)).promoDiscount).toBe(500);
  });

  it('refuses an unknown code, in English and Burmese, and changes nothing', async () => {
    await expectRefused('NO-SUCH-CODE', 400, promoMessages.unknown);
    await expectRefused('not a code!', 400, promoMessages.unknown);
  });

  it('refuses a code longer than any code as unknown', async () => {
    await expectRefused('X'.repeat(33), 400, promoMessages.unknown);
  });

  it('refuses a code that was switched off as unknown', async () => {
    await expectRefused(
      await newCode({ kind: 'percent', value: 5, active: false }),
      400,
      promoMessages.unknown,
    );
  });

  it('refuses a code that has not started or has ended', async () => {
    const now = s.clock().getTime();
    await expectRefused(
      await newCode({ kind: 'percent', value: 5, startsAt: new Date(now + 3600_000) }),
      400,
      promoMessages.notStarted,
    );
    await expectRefused(
      await newCode({ kind: 'percent', value: 5, endsAt: new Date(now - 1000) }),
      400,
      promoMessages.expired,
    );
  });

  it('refuses a code whose minimum spend is not reached, naming the amount', async () => {
    await expectRefused(
      await newCode({ kind: 'percent', value: 5, minimumSpendMmk: 10_000 }),
      400,
      {
        en: 'This promo code needs a minimum spend of 10,000 Ks.',
        my: 'ဤပရိုမိုကုဒ်အတွက် အနည်းဆုံး ၁၀,၀၀၀ ကျပ် ဖိုး ဝယ်ယူရန် လိုအပ်ပါသည်။',
      },
    );
  });

  it('refuses a code restricted to categories the cart has none of', async () => {
    await expectRefused(
      await newCode({ kind: 'percent', value: 5, categoryIds: [s.catalogue.gift.id] }),
      400,
      promoMessages.notApplicable,
    );
  });

  it('refuses a code whose uses are all taken', async () => {
    const code = await newCode({ kind: 'percent', value: 5, totalLimit: 1 });
    const first = await customerWithCart();
    summary(await checkout(first.headers, code));
    await expectRefused(code, 409, promoMessages.usedUp);
    expect(await redeemedCount(code)).toBe(1);
  });

  it('refuses a code the customer has already used (paid order), translated', async () => {
    const code = await newCode({ kind: 'fixed', value: 100, perCustomerLimit: 1 });
    for (const lang of ['en', 'my'] as const) {
      const user = await customerWithCart(lang);
      const order = summary(await checkout(user.headers, code));
      const payment = await completeWith(s, user.headers, order.orderId);
      const paid = await payInSandboxBank(s, payment.paymentQrCode);
      expect(paid.statusCode, paid.body).toBe(200);
      await addMptTopUp(s, user.headers);
      const again = await checkout(user.headers, code);
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json<ErrorBody>().message).toBe(promoMessages.alreadyUsed[lang]);
      // Nothing changed: the paid order is the only one, and it holds the only use.
      expect(await ordersOf(user.userId)).toHaveLength(1);
    }
    expect(await redeemedCount(code)).toBe(2);
  });

  it('a refused code leaves the open order of the cart as it was', async () => {
    const code = await newCode({ kind: 'percent', value: 10 });
    const user = await customerWithCart();
    const open = summary(await checkout(user.headers, code));
    const refused = await checkout(user.headers, 'NO-SUCH-CODE');
    expect(refused.statusCode).toBe(400);
    expect(await ordersOf(user.userId)).toEqual([{ id: open.orderId, status: 'pending' }]);
    expect(await redeemedCount(code)).toBe(1);
  });

  it('opening the checkout again with the same code answers the same order and counts one use', async () => {
    const code = await newCode({ kind: 'percent', value: 10, totalLimit: 1, perCustomerLimit: 1 });
    const user = await customerWithCart();
    const first = summary(await checkout(user.headers, code));
    const again = await checkout(user.headers, code);
    expect(again.statusCode).toBe(200);
    expect(summary(again).orderId).toBe(first.orderId);
    expect(await redeemedCount(code)).toBe(1);
  });

  it('an order replaced (code removed), cancelled or abandoned unpaid gives its use back', async () => {
    const code = await newCode({ kind: 'percent', value: 10, totalLimit: 1, perCustomerLimit: 1 });
    const user = await customerWithCart();
    // Replaced: the checkout opened again without the code.
    const withCode = summary(await checkout(user.headers, code));
    const without = summary(await checkout(user.headers));
    expect(without.orderId).not.toBe(withCode.orderId);
    expect(without.promoDiscount).toBe(0);
    expect(await redeemedCount(code)).toBe(0);

    // Cancelled by the customer.
    const again = summary(await checkout(user.headers, code));
    expect(await redeemedCount(code)).toBe(1);
    const cancelled = await cancelPayment(s, user.headers, again.orderId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await redeemedCount(code)).toBe(0);

    // Abandoned: unpaid for a day, the sweep ends it.
    const other = await customerWithCart();
    const abandoned = summary(await checkout(other.headers, code));
    expect(await redeemedCount(code)).toBe(1);
    s.clock.advance(25 * 3600_000);
    await s.t.app.runPaymentSweep();
    const [row] = await s.t.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, abandoned.orderId));
    expect(row?.status).toBe('failed');
    expect(await redeemedCount(code)).toBe(0);
    const uses = await s.t.database.db
      .select()
      .from(promoRedemptions)
      .innerJoin(promoCodes, eq(promoCodes.id, promoRedemptions.promoCodeId))
      .where(eq(promoCodes.code, code));
    expect(uses).toHaveLength(3);
    expect(uses.every((u) => u.promo_redemptions.releasedAt !== null)).toBe(true);
  });

  it('codes are unique whatever their letter case', async () => {
    await promotions.createCode({ code: 'CaseTest', kind: 'fixed', value: 100 });
    await expect(
      promotions.createCode({ code: 'CASETEST', kind: 'fixed', value: 100 }),
    ).rejects.toThrow();
  });
});
