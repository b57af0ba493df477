import { openStandin } from '../../../test/app-kit.ts';
import { orderResponseSchema } from '@shop/contracts/orders';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { adminOrderMessages } from '@shop/contracts/admin-orders-messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../admin/admin.tables.ts';
import { signedInStaff, type SignedInStaff } from '../../../test/admin-kit.ts';
import type { AdminProduct } from '@shop/contracts/admin';
import { adminSchemaMessages } from '@shop/contracts/admin-schema-messages';
import { outboxFor } from '../../../test/auth-kit.ts';
import { cards, products } from '../../catalogue/catalogue.tables.ts';
import { startReloadlyGiftCardsStandin } from '../../../test/standins/reloadly-giftcards.ts';
import { call, MPT_PHONE, stockCards, openShopTest } from '../../../test/checkout-kit.ts';
import { orderItems } from '../../orders/orders.tables.ts';
import {
  expectUnconfirmedAfterLastTry,
  orderRowsOf,
  paidOrder,
} from '../../../test/fulfilment-kit.ts';
import { orderCards } from '../fulfilment.tables.ts';

/*
 * Gift cards on demand from Reloadly (issue 28, ADR 0063) against the gift-cards stand-in:
 * bought in the shop and fulfilled by the job worker, on PGlite or on PostgreSQL
 * (TEST_DATABASE_URL). Top-ups stay on the simulator.
 */
describe('gift cards bought on demand from Reloadly (stand-in)', () => {
  const rld = openStandin(startReloadlyGiftCardsStandin);
  const s = openShopTest(() => ({ ...rld().env, RELOADLY_TIMEOUT_MS: '600' }));

  const db = () => s.t.database.db;

  /** A gift-card product (no imported stock) bought on demand as Reloadly's product `id`. */
  async function onDemandProduct(reloadlyProductId: number): Promise<string> {
    const [base] = await db()
      .select()
      .from(products)
      .where(eq(products.id, s.catalogue.productId('G-STEAM-10')));
    if (!base) throw new Error('no template product');
    const [product] = await db()
      .insert(products)
      .values({
        categoryId: base.categoryId,
        kind: 'giftcard',
        sku: `RLD-${randomBytes(6).toString('hex')}`,
        name: { en: 'Gift card US$10', my: 'လက်ဆောင်ကတ် ၁၀ ဒေါ်လာ' },
        description: base.description,
        priceMmk: 45_000,
        faceValueMinor: 1000,
        faceCurrency: 'USD',
        imageUrl: base.imageUrl,
        source: 'reloadly',
        reloadlyProductId,
        reloadlyUnitPrice: '10.00',
      })
      .returning();
    if (!product) throw new Error('product not inserted');
    return product.id;
  }

  const { orderStatus, lineOf, requestOf, paymentOf, fulfilJob, tryOnce, dueNow } = orderRowsOf(
    () => s,
  );
  const ordersOf = (reloadlyProductId: number) =>
    rld().orders.filter((o) => o.productId === reloadlyProductId);

  it('bought in the shop (no stock imported): one Reloadly order with our key, its codes encrypted, shown on the order page once scratched and e-mailed', async () => {
    const productId = await onDemandProduct(1201);
    const { order, user } = await paidOrder(s, [{ productId, quantity: 2 }]);
    await s.t.app.runPendingJobs();
    expect(await orderStatus(order.orderId)).toBe('completed');
    const line = await lineOf(order.orderId);
    expect(line).toMatchObject({ status: 'delivered', failureCode: null });
    const made = ordersOf(1201);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      customIdentifier: line?.id,
      quantity: 2,
      unitPrice: 10,
      senderName: 'Test Shop',
      recipientEmail: null,
    });
    const codes = (made[0]?.cards ?? []).map((c) => `${c.cardNumber} / PIN ${c.pinCode}`);
    // Stored like imported stock: sold, the code encrypted (never in clear in the database).
    const stored = await db().select().from(cards).where(eq(cards.productId, productId));
    expect(stored).toHaveLength(2);
    expect(stored.every((c) => c.status === 'sold')).toBe(true);
    for (const code of codes)
      expect(stored.some((c) => c.pinEncrypted.includes(code.slice(0, 16)))).toBe(false);
    expect(await requestOf(line?.id ?? '')).toMatchObject({
      provider: 'reloadly-giftcards',
      status: 'success',
      reference: `RLD-${String(made[0]?.transactionId)}`,
    });
    // The order page: hidden until scratched, then the code as Reloadly gave it.
    const detail = async () =>
      orderResponseSchema.parse(
        (await call(s, 'GET', `/api/v1/orders/${order.orderId}`, user.headers)).json(),
      ).data;
    const shown = (await detail()).items.flatMap((i) => i.cards);
    expect(shown).toHaveLength(2);
    expect(shown.every((c) => c.pin === null)).toBe(true);
    for (const card of shown) {
      const res = await call(s, 'PUT', `/api/v1/cards/${card.cardId}/scratch`, user.headers, {
        scratch: true,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(
      (await detail()).items
        .flatMap((i) => i.cards)
        .map((c) => c.pin)
        .sort(),
    ).toEqual([...codes].sort());
    // The codes e-mail carries them too.
    await s.t.app.runPendingJobs();
    const mails = outboxFor(s.t, user.person.email).filter((m) => m.kind === 'email');
    expect(codes.every((code) => mails.some((m) => m.text.includes(code)))).toBe(true);
  });

  it('the answer lost after the order was made: the retry finds it in the report (on a later page), one order, delivered', async () => {
    const productId = await onDemandProduct(19999);
    const { order } = await paidOrder(s, [{ productId, quantity: 1 }]);
    const job = await tryOnce(order.orderId);
    // The report in pages of one: the earlier test's order comes first.
    rld().reportPageSize = 1;
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job.lastError).toMatch(/Reloadly order unreachable/);
    expect(ordersOf(19999)).toHaveLength(1);
    await dueNow(job.id);
    await s.t.app.runPendingJobs();
    rld().reportPageSize = null;
    expect(await orderStatus(order.orderId)).toBe('completed');
    expect(ordersOf(19999)).toHaveLength(1);
    // Found by the lookup before ordering, not by a refused second order.
    expect(rld().reusedRefused()).toBe(0);
    expect(await requestOf((await lineOf(order.orderId))?.id ?? '')).toMatchObject({
      status: 'success',
      calls: 2,
    });
  });

  it('Reloadly never answers the order: nothing is bought twice, the line ends unconfirmed for support', async () => {
    const productId = await onDemandProduct(18888);
    const { order } = await paidOrder(s, [{ productId, quantity: 1 }]);
    await s.t.app.runPendingJobs();
    const job = await fulfilJob(order.orderId);
    expect(job?.lastError).toMatch(/Reloadly order timed out/);
    await expectUnconfirmedAfterLastTry(s, order.orderId, job?.id ?? '');
    expect(ordersOf(18888)).toHaveLength(0);
  });

  describe('support checks an unconfirmed card with Reloadly (issue 28)', () => {
    let owner: SignedInStaff;
    beforeAll(async () => {
      owner = await signedInStaff(s.t, s.clock, 'admin');
    });
    /** A paid order whose on-demand card line ended unconfirmed (Reloadly never answered). */
    async function unconfirmedOrder(reloadlyProductId: number) {
      const productId = await onDemandProduct(reloadlyProductId);
      const { order, user } = await paidOrder(s, [{ productId, quantity: 2 }]);
      await s.t.app.runPendingJobs();
      await dueNow((await fulfilJob(order.orderId))?.id ?? '', 9);
      await s.t.app.runPendingJobs();
      const line = await lineOf(order.orderId);
      expect(line).toMatchObject({ status: 'failed', failureCode: 'unconfirmed' });
      return { orderId: order.orderId, itemId: line?.id ?? '', user };
    }
    const check = (orderId: string, itemId: string, language = 'en', headers = owner.headers) =>
      s.t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${orderId}/items/${itemId}/check-cards`,
        headers: { ...headers, 'accept-language': language },
      });

    it('bought after all: the codes go to the order and the customer, the refund goes, once and audited', async () => {
      const { orderId, itemId, user } = await unconfirmedOrder(28888);
      // Reloadly made the order after all (late): the report has it under our key.
      rld().orders.push({
        transactionId: 990_001,
        customIdentifier: itemId,
        productId: 28888,
        quantity: 2,
        unitPrice: 10,
        senderName: 'Test Shop',
        recipientEmail: null,
        cards: [
          { cardNumber: '4000111122223333', pinCode: '1234' },
          { cardNumber: '4000444455556666', pinCode: '5678' },
        ],
        createdAt: new Date(),
      });
      const support = await signedInStaff(s.t, s.clock, 'support');
      expect((await check(orderId, itemId, 'en', support.headers)).statusCode).toBe(403);
      const res = await check(orderId, itemId);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ message: string }>().message).toBe(
        adminOrderMessages.cardsFoundCompleted.en,
      );
      expect(await lineOf(orderId)).toMatchObject({ status: 'delivered', failureCode: null });
      expect(await orderStatus(orderId)).toBe('completed');
      expect((await paymentOf(orderId))?.refundRequired).toBe(false);
      const given = await db().select().from(orderCards).where(eq(orderCards.orderItemId, itemId));
      expect(given).toHaveLength(2);
      expect(ordersOf(28888)).toHaveLength(1);
      // The customer gets the codes by e-mail.
      await s.t.app.runPendingJobs();
      const mails = outboxFor(s.t, user.person.email).filter((m) => m.kind === 'email');
      expect(mails.some((m) => m.text.includes('4000111122223333 / PIN 1234'))).toBe(true);
      // The notice says the codes arrived (not a top-up).
      const notice = mails.find((m) => m.subject.includes('your codes were delivered'));
      expect(notice?.text).toContain('could not be confirmed before have now been delivered');
      expect(mails.some((m) => m.subject.includes('top-up'))).toBe(false);
      // Once: a second check changes nothing (no second set of cards).
      const again = await check(orderId, itemId);
      expect(again.json<{ message: string }>().message).toBe(
        adminOrderMessages.cardsCheckedBefore.en,
      );
      expect(
        await db().select().from(orderCards).where(eq(orderCards.orderItemId, itemId)),
      ).toHaveLength(2);
      const audit = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, orderId), eq(auditLog.action, 'order.check_cards')));
      expect(audit).toHaveLength(1);
    });

    it('not bought: the line is not delivered and stays refunded; Reloadly down changes nothing (503); a line that is not an unconfirmed card is refused', async () => {
      const { orderId, itemId } = await unconfirmedOrder(38888);
      rld().reportDown = true;
      try {
        const down = await check(orderId, itemId, 'my');
        expect(down.statusCode).toBe(503);
        expect(down.json<{ message: string }>().message).toBe(
          adminOrderMessages.cardsCheckUnavailable.my,
        );
        expect(await lineOf(orderId)).toMatchObject({ failureCode: 'unconfirmed' });
      } finally {
        rld().reportDown = false;
      }
      const res = await check(orderId, itemId, 'my');
      expect(res.statusCode).toBe(200);
      expect(res.json<{ message: string }>().message).toBe(adminOrderMessages.cardsNotBought.my);
      expect(await lineOf(orderId)).toMatchObject({
        status: 'failed',
        failureCode: 'not_delivered',
      });
      expect(await paymentOf(orderId)).toMatchObject({
        refundRequired: true,
        refundAmountMmk: 90_000,
      });
      expect(ordersOf(38888)).toHaveLength(0);
      // A top-up line is not checked here (it has its own resolve).
      const topup = await paidOrder(s, [
        { sku: 'T-MPT-1000', quantity: 1, phoneNumber: MPT_PHONE },
      ]);
      await s.t.app.runPendingJobs();
      const topupLine = await lineOf(topup.order.orderId);
      const refused = await check(topup.order.orderId, topupLine?.id ?? '');
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(
        adminOrderMessages.notUnconfirmedCards.en,
      );
    });
  });

  it('a refused order: nothing bought, the line fails and is refunded', async () => {
    const productId = await onDemandProduct(14000);
    const { order } = await paidOrder(s, [{ productId, quantity: 1 }]);
    await s.t.app.runPendingJobs();
    expect(await orderStatus(order.orderId)).toBe('failed');
    const line = await lineOf(order.orderId);
    expect(line).toMatchObject({ status: 'failed', failureCode: 'declined' });
    expect(await requestOf(line?.id ?? '')).toMatchObject({
      status: 'failed',
      providerMessage: expect.stringContaining('Invalid price') as unknown,
    });
    expect(await paymentOf(order.orderId)).toMatchObject({
      refundRequired: true,
      refundAmountMmk: 45_000,
    });
    expect(ordersOf(14000)).toHaveLength(0);
  });

  it('one order of an imported-stock card and an on-demand card: the first from its stock as before, only the second bought at Reloadly', async () => {
    const onDemand = await onDemandProduct(1301);
    await stockCards(s, 'G-STEAM-10', 1);
    await s.t.app.catalogueChanged();
    const { order } = await paidOrder(s, [
      { sku: 'G-STEAM-10', quantity: 1 },
      { productId: onDemand, quantity: 1 },
    ]);
    await s.t.app.runPendingJobs();
    expect(await orderStatus(order.orderId)).toBe('completed');
    const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, order.orderId));
    const given = async (productId: string) => {
      const line = lines.find((l) => l.productId === productId);
      const rows = await db()
        .select({ card: cards })
        .from(orderCards)
        .innerJoin(cards, eq(cards.id, orderCards.cardId))
        .where(eq(orderCards.orderItemId, line?.id ?? ''));
      return { line, cards: rows.map((r) => r.card) };
    };
    const stocked = await given(s.catalogue.productId('G-STEAM-10'));
    expect(stocked.cards).toHaveLength(1);
    expect(stocked.cards[0]?.serial).not.toMatch(/^RLD-/);
    expect(await requestOf(stocked.line?.id ?? '')).toBeUndefined();
    const bought = await given(onDemand);
    expect(bought.cards.map((c) => c.serial)).toEqual([
      `RLD-${String(ordersOf(1301)[0]?.transactionId)}-1`,
    ]);
    expect(rld().orders.filter((o) => o.customIdentifier === stocked.line?.id)).toHaveLength(0);
    expect(ordersOf(1301)).toHaveLength(1);
  });

  it('the back-office sets a gift card’s source: Reloadly without its product id is refused in both languages; with it, the product sells with no stock and is bought on demand', async () => {
    const admin = await signedInStaff(s.t, s.clock);
    const netflix = s.catalogue.productId('G-NETFLIX-15');
    const patch = (payload: object, lang = 'en') =>
      s.t.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/products/${netflix}`,
        headers: { ...admin.headers, 'accept-language': lang },
        payload,
      });
    for (const lang of ['en', 'my'] as const) {
      const refused = await patch({ source: 'reloadly' }, lang);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(adminSchemaMessages.reloadlyProduct[lang]);
    }
    const set = await patch({
      source: 'reloadly',
      reloadlyProductId: 1401,
      reloadlyUnitPrice: '15.00',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<{ data: AdminProduct }>().data).toMatchObject({
      source: 'reloadly',
      reloadlyProductId: 1401,
      reloadlyUnitPrice: '15.00',
    });
    const { order } = await paidOrder(s, [{ sku: 'G-NETFLIX-15', quantity: 1 }]);
    await s.t.app.runPendingJobs();
    expect(await orderStatus(order.orderId)).toBe('completed');
    expect(ordersOf(1401)).toMatchObject([{ unitPrice: 15, quantity: 1 }]);
  });
});
