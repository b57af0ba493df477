import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '@shop/contracts/orders';
import { jobs } from '../../platform/jobs.tables.ts';
import { outboxFor } from '../../test/auth-kit.ts';
import { encryptSecret } from '../../platform/crypto.ts';
import { cards } from '../catalogue/catalogue.tables.ts';
import { openShopTest, MPT_PHONE, signedIn, tryAddToCart } from '../../test/checkout-kit.ts';
import { loyaltyLedger } from '../loyalty/loyalty.tables.ts';
import { orderItems, orders } from '../orders/orders.tables.ts';
import { payments } from '../payments/payments.tables.ts';
import {
  availableCards,
  cardsById,
  DECLINED_PHONE,
  emptyStock,
  paidOrder,
  stockCards,
  TIMEOUT_PHONE,
} from '../../test/fulfilment-kit.ts';
import { orderCards, topupRequests, topupSimulatorTransactions } from './fulfilment.tables.ts';

describe('fulfilment of paid orders (DESIGN §6.4)', () => {
  const s = openShopTest({ TOPUP_SIMULATOR_MAX_DELAY_MS: '0' });
  beforeAll(async () => {
    // The fixtures' Steam card has a fake PIN: out of the way, our own stock is used.
    await emptyStock(s, 'G-STEAM-10');
  });

  const db = () => s.t.database.db;
  const orderRow = async (id: string) =>
    (await db().select().from(orders).where(eq(orders.id, id)))[0];
  const itemsOf = (id: string) =>
    db().select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(orderItems.position);
  const cardsOf = (id: string) => db().select().from(orderCards).where(eq(orderCards.orderId, id));
  const paymentOf = async (id: string) =>
    (await db().select().from(payments).where(eq(payments.orderId, id))).find(
      (p) => p.status === 'paid',
    );
  const jobsOf = async (id: string) =>
    (await db().select().from(jobs)).filter(
      (j) => (j.payload as { orderId?: string }).orderId === id,
    );

  it('delivers an E-PIN line and a top-up line: order completed, cards sold once, codes emailed, points credited', async () => {
    const stock = await stockCards(s, 'G-STEAM-10', 3);
    const { user, order } = await paidOrder(s, [
      { sku: 'G-STEAM-10', quantity: 2 },
      { sku: 'T-MPT-1000', quantity: 1, phoneNumber: MPT_PHONE },
    ]);
    expect((await orderRow(order.orderId))?.status).toBe('processing');

    expect(await s.t.app.runPendingJobs()).toBe(3); // fulfil_order, then send_order_codes and send_push
    const done = await orderRow(order.orderId);
    expect(done).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    expect(done?.completedAt).toBeInstanceOf(Date);
    const items = await itemsOf(order.orderId);
    expect(items.map((i) => [i.sku, i.status])).toEqual([
      ['G-STEAM-10', 'delivered'],
      ['T-MPT-1000', 'delivered'],
    ]);

    // Two of our three cards, now sold, each to this order once.
    const delivered = await cardsOf(order.orderId);
    expect(delivered).toHaveLength(2);
    const sold = await cardsById(
      s,
      delivered.map((d) => d.cardId),
    );
    expect(sold.every((c) => c.status === 'sold' && c.soldAt !== null)).toBe(true);
    expect(await availableCards(s, 'G-STEAM-10')).toHaveLength(1);

    // The E-load line went to the aggregator once, keyed by the order item.
    const topupItem = items[1];
    const [request] = await db()
      .select()
      .from(topupRequests)
      .where(eq(topupRequests.orderItemId, topupItem?.id ?? ''));
    expect(request).toMatchObject({
      idempotencyKey: topupItem?.id,
      provider: 'simulator',
      status: 'success',
      calls: 1,
    });
    expect(request?.reference).toMatch(/^SIM/);

    // The codes email, to the account's address, in the checkout language (en), with the PINs.
    const mails = outboxFor(s.t, user.person.email).filter((m) =>
      m.subject.includes(order.orderNumber),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Your codes for order ${order.orderNumber}`);
    const pins = sold.map((c) => stock.find((m) => m.serial === c.serial)?.pin);
    for (const pin of pins) expect(mails[0]?.text).toContain(`PIN: ${pin}`);
    // The top-up line says where it went (issue 12), in the one format of every screen.
    expect(mails[0]?.text).toContain('MPT 1,000 Ks × 1\n  Top-up to 09 250 000 001 (MPT)');
    expect(mails[0]?.html).toContain('<p>Top-up to 09 250 000 001 (MPT)</p>');

    // Points: 1 per 1,000 MMK paid (45,000 × 2 + 1,000 = 91,000 MMK → 91), credited once.
    const ledger = await db()
      .select()
      .from(loyaltyLedger)
      .where(eq(loyaltyLedger.orderId, order.orderId));
    expect(ledger.map((l) => [l.kind, l.points])).toEqual([['earn', 91]]);

    // Everything again (a replayed job after a crash) changes nothing.
    await db()
      .update(jobs)
      .set({ status: 'queued' })
      .where(
        inArray(
          jobs.id,
          (await jobsOf(order.orderId)).map((j) => j.id),
        ),
      );
    expect(await s.t.app.runPendingJobs()).toBe(3);
    expect(await cardsOf(order.orderId)).toHaveLength(2);
    expect(await availableCards(s, 'G-STEAM-10')).toHaveLength(1);
    const [sim] = await db()
      .select()
      .from(topupSimulatorTransactions)
      .where(eq(topupSimulatorTransactions.idempotencyKey, topupItem?.id ?? ''));
    expect(sim?.received).toBe(1);
    expect(
      (await db().select().from(loyaltyLedger).where(eq(loyaltyLedger.orderId, order.orderId)))
        .length,
    ).toBe(1);
  });

  it('sends the codes in Burmese to the address given at checkout', async () => {
    await stockCards(s, 'G-STEAM-10', 1);
    const { order } = await paidOrder(s, [{ sku: 'G-STEAM-10', quantity: 1 }], {
      email: 'friend@example.com',
      user: await signedIn(s, { 'accept-language': 'my' }),
    });
    await s.t.app.runPendingJobs();
    const [mail] = outboxFor(s.t, 'friend@example.com');
    expect(mail?.subject).toBe(`အော်ဒါ ${order.orderNumber} အတွက် သင့်ကုဒ်များ`);
    // The order page's labels (contracts cardLabels), the expiry in Burmese digits as in the PDF.
    expect(mail?.text).toContain('စီးရီးနံပါတ်');
    expect(mail?.text).toContain('သက်တမ်းကုန်ဆုံးရက်: ၂၀၃၁-၀၆-၃၀');
    expect(mail?.html).toContain('သက်တမ်းကုန်ဆုံးရက်: ၂၀၃၁-၀၆-၃၀');
  });

  // Checkout holds the cards for the order (DESIGN §6.5), so stock can only fall short after
  // payment when a held card stops being sellable; here one expires before the job runs. (Before
  // reservations this test ordered more cards than there were; checkout now refuses that.)
  it('out of stock after payment: the line and the order fail visibly, the payment is flagged for refund, stock untouched', async () => {
    await emptyStock(s, 'G-STEAM-10');
    await stockCards(s, 'G-STEAM-10', 2);
    const before = (await availableCards(s, 'G-STEAM-10')).length;
    const { order } = await paidOrder(s, [
      { sku: 'G-STEAM-10', quantity: before },
      { sku: 'T-MPT-1000', quantity: 1, phoneNumber: MPT_PHONE },
    ]);
    const [held] = await db().select().from(cards).where(eq(cards.reservedOrderId, order.orderId));
    await db()
      .update(cards)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(cards.id, held?.id ?? ''));
    await s.t.app.runPendingJobs();
    expect((await orderRow(order.orderId))?.status).toBe('failed');
    const items = await itemsOf(order.orderId);
    expect(items.map((i) => [i.status, i.failureCode])).toEqual([
      ['failed', 'out_of_stock'],
      ['delivered', null],
    ]);
    // Never a partial set: the cards that were there are still there.
    expect(await availableCards(s, 'G-STEAM-10')).toHaveLength(before);
    expect(await cardsOf(order.orderId)).toHaveLength(0);
    const payment = await paymentOf(order.orderId);
    expect(payment).toMatchObject({
      refundRequired: true,
      refundAmountMmk: 45000 * before,
    });
    expect(payment?.refundReason).toContain('out_of_stock');
    // Points for the delivered top-up only (ADR 0051): 1,000 Ks paid and delivered is 1 point.
    expect(
      (await db().select().from(loyaltyLedger).where(eq(loyaltyLedger.orderId, order.orderId))).map(
        (e) => [e.kind, e.points],
      ),
    ).toEqual([['earn', 1]]);
  });

  it('never sells an expired card: a live one is sold, and expired cards alone are out of stock', async () => {
    await emptyStock(s, 'G-STEAM-10');
    const productId = s.catalogue.productId('G-STEAM-10');
    const [expired] = await db()
      .insert(cards)
      .values({
        productId,
        serial: `EXPIRED-${Date.now()}`,
        pinEncrypted: encryptSecret('000011112222', s.t.secrets.pinEncryptionKey),
        expiresAt: new Date(Date.now() - 86_400_000),
      })
      .returning();
    await stockCards(s, 'G-STEAM-10', 1);
    const { user, order } = await paidOrder(s, [{ sku: 'G-STEAM-10', quantity: 1 }]);
    await s.t.app.runPendingJobs();
    expect((await orderRow(order.orderId))?.status).toBe('completed');
    const sold = await cardsOf(order.orderId);
    expect(sold).toHaveLength(1);
    expect(sold[0]?.cardId).not.toBe(expired?.id);
    // Only the expired card is left: the shop shows none and takes no order for it.
    expect((await availableCards(s, 'G-STEAM-10')).map((c) => c.id)).toEqual([expired?.id]);
    const add = await tryAddToCart(s, user.headers, {
      productId,
      quantity: 1,
    });
    expect(add.statusCode).not.toBe(200);
    await emptyStock(s, 'G-STEAM-10');
  });

  it('selling the last card shows the product out of stock at once, not after the listing cache expires', async () => {
    await emptyStock(s, 'G-STEAM-10');
    await stockCards(s, 'G-STEAM-10', 1);
    const productId = s.catalogue.productId('G-STEAM-10');
    const status = async () =>
      (await s.t.app.inject({ url: `/api/v1/products/${productId}` })).json<{
        data: { status: string };
      }>().data.status;
    // Cached as in stock…
    expect(await status()).toBe('active');
    expect(await status()).toBe('active');
    const { order } = await paidOrder(s, [{ sku: 'G-STEAM-10', quantity: 1 }]);
    await s.t.app.runPendingJobs();
    expect((await orderRow(order.orderId))?.status).toBe('completed');
    // …and out of stock as soon as its last card is sold.
    expect(await status()).toBe('out_of_stock');
  });

  it('a declined test number fails its line with the E-load result; only that line is refunded', async () => {
    await stockCards(s, 'G-STEAM-10', 1);
    const { order } = await paidOrder(s, [
      { sku: 'G-STEAM-10', quantity: 1 },
      { sku: 'D-MPT-1GB', quantity: 2, phoneNumber: DECLINED_PHONE },
    ]);
    await s.t.app.runPendingJobs();
    expect((await orderRow(order.orderId))?.status).toBe('failed');
    const items = await itemsOf(order.orderId);
    expect(items.map((i) => [i.sku, i.status, i.failureCode])).toEqual([
      ['G-STEAM-10', 'delivered', null],
      ['D-MPT-1GB', 'failed', 'declined'],
    ]);
    const [request] = await db()
      .select()
      .from(topupRequests)
      .where(eq(topupRequests.orderItemId, items[1]?.id ?? ''));
    expect(request).toMatchObject({
      status: 'failed',
      providerMessage: 'Recipient number is not active',
    });
    expect(await paymentOf(order.orderId)).toMatchObject({
      refundRequired: true,
      refundAmountMmk: 3000,
    });
    // The delivered card is still emailed.
    expect(await cardsOf(order.orderId)).toHaveLength(1);
  });

  it('an aggregator timeout is retried with the same key: one top-up, answered from its record', async () => {
    const { order } = await paidOrder(s, [
      { sku: 'T-MPT-1000', quantity: 1, phoneNumber: TIMEOUT_PHONE },
    ]);
    expect(await s.t.app.runPendingJobs()).toBe(1);
    const [job] = await jobsOf(order.orderId);
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job?.lastError).toContain('timed out');
    expect((await orderRow(order.orderId))?.status).toBe('processing');
    // The retry is due after its back-off; make it due now.
    await db()
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job?.id ?? ''));
    await s.t.app.runPendingJobs();
    expect((await orderRow(order.orderId))?.status).toBe('completed');
    const [item] = await itemsOf(order.orderId);
    const [sim] = await db()
      .select()
      .from(topupSimulatorTransactions)
      .where(eq(topupSimulatorTransactions.idempotencyKey, item?.id ?? ''));
    expect(sim).toMatchObject({ received: 2, outcome: 'success' });
    const [request] = await db()
      .select()
      .from(topupRequests)
      .where(eq(topupRequests.orderItemId, item?.id ?? ''));
    expect(request).toMatchObject({ calls: 2, status: 'success', reference: sim?.reference });
  });

  it('a job whose worker died (lease passed) is taken again; a job that keeps failing ends the order failed and flagged', async () => {
    await stockCards(s, 'G-STEAM-10', 1);
    const { order } = await paidOrder(s, [{ sku: 'G-STEAM-10', quantity: 1 }]);
    const [job] = await jobsOf(order.orderId);
    // As a crashed worker leaves it: running, its lease in the past.
    await db()
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job?.id ?? ''));
    await s.t.app.runPendingJobs();
    expect((await orderRow(order.orderId))?.status).toBe('completed');
    expect((await jobsOf(order.orderId)).find((j) => j.type === 'fulfil_order')).toMatchObject({
      status: 'done',
      attempts: 2,
    });

    // A job held by a live worker (lease in the future) is left alone.
    const second = await paidOrder(s, [
      { sku: 'T-MPT-1000', quantity: 1, phoneNumber: TIMEOUT_PHONE },
    ]);
    const [held] = await jobsOf(second.order.orderId);
    await db()
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(jobs.id, held?.id ?? ''));
    expect(await s.t.app.runPendingJobs()).toBe(0);
    // Its last attempt fails (the aggregator timed out): the order must not stay processing.
    await db()
      .update(jobs)
      .set({ status: 'queued', attempts: 9, runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, held?.id ?? ''));
    // The give-up, then the customer's order-failed notice and push it wrote (ADR 0020).
    expect(await s.t.app.runPendingJobs()).toBe(3);
    expect(
      (await jobsOf(second.order.orderId)).find((j) => j.type === 'fulfil_order'),
    ).toMatchObject({
      status: 'failed',
      attempts: 10,
    });
    expect((await orderRow(second.order.orderId))?.status).toBe('failed');
    // The top-up was sent and never answered (here the simulator did execute it): the line says
    // so, and the refund is flagged for a check with the aggregator, not as a plain failure.
    const [line] = await itemsOf(second.order.orderId);
    expect(line).toMatchObject({ status: 'failed', failureCode: 'unconfirmed' });
    const payment = await paymentOf(second.order.orderId);
    expect(payment).toMatchObject({ refundRequired: true, refundAmountMmk: 1000 });
    expect(payment?.refundReason).toMatch(
      /^check unconfirmed top-ups with the aggregator before refunding \(1000 MMK\); fulfilment_failed: T-MPT-1000 x1 unconfirmed/,
    );
    const detail = await s.t.app.inject({
      url: `/api/v1/orders/${second.order.orderId}`,
      headers: { ...second.user.headers, 'accept-language': 'en' },
    });
    const shown = detail.json<{ data: { refundPending: boolean; items: { eload: unknown }[] } }>()
      .data;
    expect(shown.items[0]?.eload).toMatchObject({
      status: 'failed',
      message: orderMessages.eloadUnconfirmed.en,
    });
    // No unconditional "will be refunded" above a line that may have arrived.
    expect(shown.refundPending).toBe(false);
  });
});
