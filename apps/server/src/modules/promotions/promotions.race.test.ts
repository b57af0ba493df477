import type { CheckoutInitializeResponse } from '@shop/contracts/checkout';
import type { ErrorBody } from '@shop/contracts/errors';
import { promoMessages } from '@shop/contracts/promo-messages';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addToCart, call, openShopTest, MPT_PHONE, signedIn } from '../../test/checkout-kit.ts';
import { orders } from '../orders/orders.tables.ts';
import { createPromotionsService } from './promotions.service.ts';
import { promoRedemptions } from './promotions.tables.ts';

/**
 * Issue 17: a code limited to 10 uses, 50 customers checking out with it at the same moment.
 * PostgreSQL only: PGlite runs one transaction at a time, so nothing there could race and the test
 * would prove nothing. Run with TEST_DATABASE_URL=postgres://… (CI runs the suite that way too).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'promo code limited to 10, 50 checkouts at once (PostgreSQL; skipped without TEST_DATABASE_URL)',
  () => {
    const s = openShopTest();

    it('exactly 10 orders get the discount, 40 are refused "used up", and the count is 10', async () => {
      const promotions = createPromotionsService({ db: s.t.database.db, clock: s.clock });
      const promo = await promotions.createCode({
        code: 'RACE10',
        kind: 'percent',
        value: 10,
        totalLimit: 10,
      });
      const buyers: Awaited<ReturnType<typeof signedIn>>[] = [];
      // One after the other: concurrent logins from one address meet the login limit.
      for (let i = 0; i < 50; i++) buyers.push(await signedIn(s));
      for (const b of buyers)
        await addToCart(s, b.headers, {
          productId: s.catalogue.productId('T-MPT-1000'),
          quantity: 2,
          phoneNumber: MPT_PHONE,
        });

      const results = await Promise.all(
        buyers.map((b) =>
          call(s, 'POST', '/api/v1/checkout/initialize', b.headers, { promoCode: 'race10' }),
        ),
      );
      const made = results.filter((r) => r.statusCode === 201);
      expect(made).toHaveLength(10);
      for (const r of made) {
        const order = r.json<CheckoutInitializeResponse>().data;
        expect(order.promoCode).toBe('RACE10');
        expect(order.promoDiscount).toBe(200);
        expect(order.total).toBe(2000 - 200 - order.tierDiscount);
      }
      const refused = results.filter((r) => r.statusCode === 409);
      expect(refused).toHaveLength(40);
      for (const r of refused) expect(r.json<ErrorBody>().message).toBe(promoMessages.usedUp.en);

      const db = s.t.database.db;
      const userIds = buyers.map((b) => b.userId);
      const [orderCount] = await db
        .select({ n: count() })
        .from(orders)
        .where(and(inArray(orders.userId, userIds), eq(orders.promoCode, 'RACE10')));
      expect(orderCount?.n).toBe(10);
      const [allOrders] = await db
        .select({ n: count() })
        .from(orders)
        .where(inArray(orders.userId, userIds));
      expect(allOrders?.n).toBe(10);
      const [uses] = await db
        .select({ n: count() })
        .from(promoRedemptions)
        .where(
          and(eq(promoRedemptions.promoCodeId, promo.id), isNull(promoRedemptions.releasedAt)),
        );
      expect(uses?.n).toBe(10);
      expect((await promotions.findCode('RACE10'))?.redeemedCount).toBe(10);
    });
  },
);
