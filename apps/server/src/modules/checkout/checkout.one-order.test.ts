import { randomBytes } from 'node:crypto';
import type { CheckoutInitializeResponse } from '@shop/contracts/checkout';
import type { WebhookEvent } from '@shop/contracts/payments';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cards } from '../catalogue/catalogue.tables.ts';
import { orders } from '../orders/orders.tables.ts';
import { paymentReceipts, payments } from '../payments/payments.tables.ts';
import { deliverSandboxWebhook } from '../../test/webhook-kit.ts';
import {
  addMptTopUp,
  addToCart,
  call,
  cancelPayment,
  completeWith,
  initialize,
  newCardProduct,
  openShopTest,
  signedIn,
} from '../../test/checkout-kit.ts';

/**
 * Issue 12, ADR 0022: opening and closing the checkout again and again leaves at most one pending
 * order for the cart, and its cards are held once.
 */
describe('one open order per cart (ADR 0022)', () => {
  const s = openShopTest({ TOPUP_SIMULATOR_MAX_DELAY_MS: '0' });

  const db = () => s.t.database.db;
  const ordersOf = (userId: string) =>
    db()
      .select({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.userId, userId));
  const heldBy = (orderId: string) =>
    db().select().from(cards).where(eq(cards.reservedOrderId, orderId));
  const initializeRaw = (headers: Record<string, string>) =>
    call(s, 'POST', '/api/v1/checkout/initialize', headers);

  it('opening the checkout again minutes apart answers the same pending order, its cards held again', async () => {
    const productId = await newCardProduct(s, 2);
    const user = await signedIn(s);
    await addToCart(s, user.headers, { productId, quantity: 2 });
    const first = await initializeRaw(user.headers);
    expect(first.statusCode).toBe(201);
    const { orderId } = first.json<CheckoutInitializeResponse>().data;

    // Closed and opened again 2 minutes later (past any retry window): the same order.
    s.clock.advance(2 * 60_000);
    const second = await initializeRaw(user.headers);
    expect(second.statusCode).toBe(200);
    expect(second.json<CheckoutInitializeResponse>().data.orderId).toBe(orderId);

    // Six minutes later the hold has lapsed and the sweep gave the cards back; opening again
    // answers the same order and holds its cards again, for a fresh payment window.
    s.clock.advance(6 * 60_000);
    await s.t.app.runPaymentSweep();
    expect(await heldBy(orderId)).toHaveLength(0);
    const third = await initialize(s, user.headers);
    expect(third.orderId).toBe(orderId);
    const held = await heldBy(orderId);
    expect(held).toHaveLength(2);
    for (const card of held)
      expect(card.reservedUntil?.getTime()).toBe(s.clock().getTime() + 300_000);

    // An expired QR of that order does not make a new one either; paying starts a new QR.
    const qr = await completeWith(s, user.headers, orderId);
    s.clock.advance(301_000);
    await s.t.app.runPaymentSweep();
    expect(await initialize(s, user.headers)).toMatchObject({ orderId, paymentStatus: 'expired' });
    const fresh = await completeWith(s, user.headers, orderId);
    expect(fresh.paymentReference).not.toBe(qr.paymentReference);
    expect(await ordersOf(user.userId)).toEqual([
      { id: orderId, status: 'pending', paymentStatus: 'pending' },
    ]);
  });

  it('a changed cart cancels the old open order and gives its cards back first: the new order takes them', async () => {
    // Exactly the 2 cards the first order holds: a second hold would find none free.
    const productId = await newCardProduct(s, 2);
    const user = await signedIn(s);
    await addToCart(s, user.headers, { productId, quantity: 2 });
    const old = await initialize(s, user.headers);
    const oldQr = await completeWith(s, user.headers, old.orderId);
    expect(await heldBy(old.orderId)).toHaveLength(2);

    await addMptTopUp(s, user.headers);
    const changed = await initializeRaw(user.headers);
    expect(changed.statusCode, changed.body).toBe(201);
    const next = changed.json<CheckoutInitializeResponse>().data;
    expect(next.orderId).not.toBe(old.orderId);
    expect(await heldBy(old.orderId)).toHaveLength(0);
    expect(await heldBy(next.orderId)).toHaveLength(2);
    const mine = await ordersOf(user.userId);
    expect(mine).toHaveLength(2);
    expect(mine).toContainEqual({
      id: old.orderId,
      status: 'cancelled',
      paymentStatus: 'cancelled',
    });
    expect(mine.filter((o) => o.status === 'pending')).toEqual([
      { id: next.orderId, status: 'pending', paymentStatus: 'pending' },
    ]);
    // The old QR can no longer pay: its payment ended with the order.
    const [oldPayment] = await db()
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.reference, oldQr.paymentReference));
    expect(oldPayment?.status).toBe('cancelled');

    // Back to the first cart: the second order is superseded in turn, still one pending order.
    await call(
      s,
      'DELETE',
      `/api/v1/cart/remove/${s.catalogue.productId('T-MPT-1000')}`,
      user.headers,
    );
    const back = await initialize(s, user.headers);
    expect(back.orderId).not.toBe(next.orderId);
    expect((await ordersOf(user.userId)).filter((o) => o.status === 'pending')).toEqual([
      { id: back.orderId, status: 'pending', paymentStatus: 'pending' },
    ]);
    expect(await heldBy(back.orderId)).toHaveLength(2);
  });

  it('an Idempotency-Key replays its order; a new key for the same cart still gets the one open order', async () => {
    const user = await signedIn(s);
    await addToCart(s, user.headers, { productId: await newCardProduct(s, 1), quantity: 1 });
    const first = await initialize(s, { ...user.headers, 'idempotency-key': 'open-1' });
    const again = await initialize(s, { ...user.headers, 'idempotency-key': 'open-2' });
    expect(again.orderId).toBe(first.orderId);
    expect(await ordersOf(user.userId)).toHaveLength(1);
    // Once cancelled, the cart checks out as a new order, and the old key still names the old one.
    const cancel = await cancelPayment(s, user.headers, first.orderId);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const next = await initialize(s, { ...user.headers, 'idempotency-key': 'open-3' });
    expect(next.orderId).not.toBe(first.orderId);
    const replay = await initialize(s, { ...user.headers, 'idempotency-key': 'open-1' });
    expect(replay).toMatchObject({ orderId: first.orderId, status: 'cancelled' });
  });
});

/**
 * Parallel initializes for one cart, while an open order of the cart's previous contents is being
 * paid. PostgreSQL only: PGlite runs one transaction at a time, so nothing there could race.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'one open order per cart under concurrency (PostgreSQL; skipped without TEST_DATABASE_URL)',
  () => {
    const s = openShopTest({ TOPUP_SIMULATOR_MAX_DELAY_MS: '0' });

    function pay(reference: string, amount: number) {
      const event: WebhookEvent = {
        id: `evt_${randomBytes(6).toString('hex')}`,
        type: 'payment.succeeded',
        data: { reference, amount, currency: 'MMK', occurredAt: s.clock().toISOString() },
      };
      return deliverSandboxWebhook(s.t, s.clock(), JSON.stringify(event));
    }

    it('30 parallel initializes of one cart (with and without keys) make one pending order, cards held once', async () => {
      const db = s.t.database.db;
      for (let round = 0; round < 5; round++) {
        const productId = await newCardProduct(s, 3);
        const user = await signedIn(s);
        await addToCart(s, user.headers, { productId, quantity: 3 });
        const old = await initialize(s, user.headers);
        const oldQr = await completeWith(s, user.headers, old.orderId);
        // The cart changes (a top-up joins), then 30 checkouts at once, as the old QR is paid.
        await addMptTopUp(s, user.headers);
        const [answers, paid] = await Promise.all([
          Promise.all(
            Array.from({ length: 30 }, (_, i) =>
              call(
                s,
                'POST',
                '/api/v1/checkout/initialize',
                i % 3 === 0
                  ? { ...user.headers, 'idempotency-key': `race-${String(i)}` }
                  : user.headers,
              ),
            ),
          ),
          pay(oldQr.paymentReference, oldQr.amount),
        ]);
        expect(paid.statusCode, paid.body).toBe(200);
        const codes = answers.map((a) => a.statusCode);
        const [oldRow] = await db.select().from(orders).where(eq(orders.id, old.orderId));
        if (oldRow?.status === 'processing') {
          // Paid first: its cards stay its own; a checkout finds none left ("sold out"), or makes
          // one order of what the cart still has once the paid line has left it.
          expect(codes.filter((c) => c === 201).length).toBeLessThanOrEqual(1);
          const made = new Set(
            answers
              .filter((a) => a.statusCode < 300)
              .map((a) => a.json<CheckoutInitializeResponse>().data.orderId),
          );
          expect(made.size).toBeLessThanOrEqual(1);
          const held = await db
            .select({ order: cards.reservedOrderId })
            .from(cards)
            .where(eq(cards.productId, productId));
          expect(held.map((h) => h.order)).toEqual([old.orderId, old.orderId, old.orderId]);
        } else {
          // Superseded first: cancelled, and the money that still came is flagged for refund.
          expect(oldRow?.status).toBe('cancelled');
          const receipts = await db
            .select()
            .from(paymentReceipts)
            .where(eq(paymentReceipts.orderId, old.orderId));
          expect(receipts).toEqual([
            expect.objectContaining({ outcome: 'after_cancel', refundRequired: true }),
          ]);
          expect(codes.filter((c) => c === 201)).toHaveLength(1);
          expect(codes.filter((c) => c === 200)).toHaveLength(29);
          const ids = new Set(
            answers.map((a) => a.json<CheckoutInitializeResponse>().data.orderId),
          );
          expect(ids.size).toBe(1);
          const [newId] = [...ids];
          const held = await db
            .select({ order: cards.reservedOrderId })
            .from(cards)
            .where(eq(cards.productId, productId));
          expect(held.map((h) => h.order)).toEqual([newId, newId, newId]);
        }
        const pending = await db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.userId, user.userId), eq(orders.status, 'pending')));
        expect(pending.length).toBeLessThanOrEqual(1);
      }
    });
  },
);
