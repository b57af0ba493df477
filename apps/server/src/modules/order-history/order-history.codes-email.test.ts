import { checkoutMessages, type CheckoutInitializeResponse } from '@shop/contracts/checkout';
import { orderMessages, orderResponseSchema } from '@shop/contracts/orders';
import { platformTexts } from '../../platform/errors.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../platform/jobs.tables.ts';
import { errorOf, outboxFor } from '../../test/auth-kit.ts';
import { addToCart, call, openShopTest, MPT_PHONE, signedIn } from '../../test/checkout-kit.ts';
import { paidOrder, stockCards } from '../../test/fulfilment-kit.ts';
import { orders } from '../orders/orders.tables.ts';

/*
 * Issue 26, "where the codes go": the codes e-mail goes to the address given at checkout (the
 * account's by default); changing it at checkout keeps the one open order (ADR 0022, 0050); the
 * buyer sends the codes again from the order page, to the same or another address, which the order
 * then shows. Request limits at the ADR's own numbers (factor 1): an e-mail per call.
 */

const MUM = 'mum.codes@example.com';
const AUNT = 'aunt.codes@example.com';

describe('the codes e-mail: where it goes and sending it again', () => {
  const s = openShopTest({ TOPUP_SIMULATOR_MAX_DELAY_MS: '0', REQUEST_LIMIT_FACTOR: '1' });

  const db = () => s.t.database.db;
  const resend = (orderId: string, headers: Record<string, string>, body?: unknown) =>
    call(s, 'POST', `/api/v1/orders/${orderId}/codes/resend`, headers, body);
  const orderRow = async (orderId: string) =>
    (await db().select().from(orders).where(eq(orders.id, orderId)))[0];
  const codesJobs = async (orderId: string) =>
    (await db().select().from(jobs).where(eq(jobs.type, 'send_order_codes'))).filter(
      (j) => (j.payload as { orderId?: string }).orderId === orderId,
    );
  const codesMails = (to: string, orderNumber: string) =>
    outboxFor(s.t, to).filter((m) => m.subject.includes(orderNumber));
  /** A gift card bought and delivered: its codes e-mailed to the checkout's address. */
  const deliveredGiftCard = async (email?: string) => {
    await stockCards(s, 'G-STEAM-10', 1);
    const made = await paidOrder(s, [{ sku: 'G-STEAM-10', quantity: 1 }], email ? { email } : {});
    await s.t.app.runPendingJobs();
    return made;
  };

  it('changing the codes address at checkout keeps the one open order and its number', async () => {
    const user = await signedIn(s);
    await addToCart(s, user.headers, {
      productId: s.catalogue.productId('G-STEAM-10'),
      quantity: 1,
    });
    const initialize = (body: object) =>
      call(s, 'POST', '/api/v1/checkout/initialize', user.headers, body);
    const first = await initialize({});
    expect(first.statusCode).toBe(201);
    const opened = first.json<CheckoutInitializeResponse>().data;
    expect(opened.email).toBe(user.person.email);

    const changed = await initialize({ email: ` ${MUM.toUpperCase()} ` });
    expect(changed.statusCode, changed.body).toBe(200);
    const gift = changed.json<CheckoutInitializeResponse>().data;
    expect(gift).toMatchObject({
      orderId: opened.orderId,
      orderNumber: opened.orderNumber,
      email: MUM,
    });
    const open = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user.userId), inArray(orders.status, ['pending', 'cancelled'])));
    expect(open.map((o) => [o.id, o.status, o.email])).toEqual([[opened.orderId, 'pending', MUM]]);

    // A bad address is refused in the page's language and changes nothing.
    const bad = await call(
      s,
      'POST',
      '/api/v1/checkout/initialize',
      { ...user.headers, 'accept-language': 'my' },
      { email: 'mum@' },
    );
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual({ email: checkoutMessages.invalidEmail.my });
    expect((await orderRow(opened.orderId))?.email).toBe(MUM);
  });

  it('the buyer sends the codes again to another address: it goes there and the order shows it', async () => {
    const { user, order } = await deliveredGiftCard();
    expect(codesMails(user.person.email, order.orderNumber)).toHaveLength(1);

    const res = await resend(order.orderId, user.headers, { email: ` ${MUM} ` });
    expect(res.statusCode, res.body).toBe(200);
    const body = orderResponseSchema.parse(res.json());
    expect(body.message).toBe(orderMessages.codesResent.en);
    expect(body.data.email).toBe(MUM);
    await s.t.app.runPendingJobs();
    const toMum = codesMails(MUM, order.orderNumber);
    expect(toMum).toHaveLength(1);
    // The e-mail carries the card itself (its serial), as the first one did.
    const [card] = body.data.items.flatMap((i) => i.cards);
    expect(toMum[0]?.text).toContain(card?.serialNumber);
    expect(codesMails(user.person.email, order.orderNumber)).toHaveLength(1);

    // The order page reads the new address; sending again without one uses it.
    const page = await call(s, 'GET', `/api/v1/orders/${order.orderId}`, user.headers);
    expect(orderResponseSchema.parse(page.json()).data.email).toBe(MUM);
    expect((await resend(order.orderId, user.headers)).statusCode).toBe(200);
    // Each press goes where it asked, even while an earlier one waits in the queue.
    expect((await resend(order.orderId, user.headers, { email: AUNT })).statusCode).toBe(200);
    await s.t.app.runPendingJobs();
    expect(codesMails(MUM, order.orderNumber)).toHaveLength(2);
    expect(codesMails(AUNT, order.orderNumber)).toHaveLength(1);
    expect((await orderRow(order.orderId))?.email).toBe(AUNT);
    // Recorded as the customer's, for the back-office timeline.
    expect((await codesJobs(order.orderId)).map((j) => j.payload)).toEqual(
      expect.arrayContaining([
        { orderId: order.orderId, resend: true, by: 'customer', email: MUM },
        { orderId: order.orderId, resend: true, by: 'customer', email: AUNT },
      ]),
    );
  });

  it('refuses others, bad addresses and orders without codes, in both languages, changing nothing', async () => {
    const { user, order } = await deliveredGiftCard();
    const jobsBefore = (await codesJobs(order.orderId)).length;
    const my = { ...user.headers, 'accept-language': 'my' };

    const bad = await resend(order.orderId, my, { email: 'mum at example' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe(checkoutMessages.invalidEmail.my);
    expect(errorOf(bad).fields).toEqual({ email: checkoutMessages.invalidEmail.my });

    const stranger = await signedIn(s);
    const notYours = await resend(order.orderId, stranger.headers, { email: MUM });
    expect(notYours.statusCode).toBe(404);
    expect(errorOf(notYours).message).toBe(orderMessages.orderNotFound.en);
    expect((await resend(order.orderId, {}, { email: MUM })).statusCode).toBe(401);
    expect((await orderRow(order.orderId))?.email).toBe(user.person.email);
    expect(await codesJobs(order.orderId)).toHaveLength(jobsBefore);

    // A top-up has no codes: nothing to send, and its address stays.
    const topup = await paidOrder(s, [{ sku: 'T-MPT-1000', quantity: 1, phoneNumber: MPT_PHONE }]);
    await s.t.app.runPendingJobs();
    for (const [lang, headers] of [
      ['en', topup.user.headers],
      ['my', { ...topup.user.headers, 'accept-language': 'my' }],
    ] as const) {
      const none = await resend(topup.order.orderId, headers, { email: MUM });
      expect(none.statusCode).toBe(409);
      expect(errorOf(none).message).toBe(orderMessages.noCodesToSend[lang]);
    }
    expect(await codesJobs(topup.order.orderId)).toHaveLength(0);
    expect((await orderRow(topup.order.orderId))?.email).toBe(topup.user.person.email);
  });

  it('is limited to 10 an hour per account: each call is an e-mail', async () => {
    const { user, order } = await deliveredGiftCard();
    for (let i = 0; i < 10; i += 1)
      expect((await resend(order.orderId, user.headers)).statusCode).toBe(200);
    const refused = await resend(order.orderId, user.headers, { email: MUM });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toBe(platformTexts.tooManyRequests.en);
    expect((await orderRow(order.orderId))?.email).toBe(user.person.email);
  });
});
