import { expect } from 'vitest';
import type { PaymentSession } from '@shop/contracts/checkout';
import type { SandboxPayResponse } from '@shop/contracts/payments';
import { and, eq, inArray } from 'drizzle-orm';
import { cards } from '../modules/catalogue/catalogue.tables.ts';
import { topupRequests } from '../modules/fulfilment/fulfilment.tables.ts';
import { orderItems, orders } from '../modules/orders/orders.tables.ts';
import { payments } from '../modules/payments/payments.tables.ts';
import { jobs } from '../platform/jobs.tables.ts';
import {
  SIMULATOR_DECLINED_SUFFIX,
  SIMULATOR_NO_ANSWER_SUFFIX,
  SIMULATOR_TIMEOUT_SUFFIX,
} from '../modules/fulfilment/topup-provider.ts';
export { stockCards } from './checkout-kit.ts';
import {
  addMptTopUp,
  addToCart,
  call,
  completeWith,
  initialize,
  MPT_PHONE,
  payInSandboxBank,
  signedIn,
  stockCards,
  type ShopTest,
} from './checkout-kit.ts';

/** The top-up simulator declines numbers ending 0000 (README "Top-up simulator"). */
export const DECLINED_PHONE = `0925000${SIMULATOR_DECLINED_SUFFIX}`;
/** The simulator's first call for it times out after the top-up was made: `unconfirmed`. */
export const TIMEOUT_PHONE = `0925000${SIMULATOR_TIMEOUT_SUFFIX}`;
/** The simulator never answers it: the job's last try gives up and the line is `unconfirmed`. */
export const NO_ANSWER_PHONE = `0925000${SIMULATOR_NO_ANSWER_SUFFIX}`;

/** Takes every available card of a product out of stock (sold to nobody), for a clean count. */
export async function emptyStock(s: ShopTest, sku: string) {
  await s.t.database.db
    .update(cards)
    .set({ status: 'reserved' })
    .where(and(eq(cards.productId, s.catalogue.productId(sku)), eq(cards.status, 'available')));
}

export async function availableCards(s: ShopTest, sku: string) {
  return s.t.database.db
    .select()
    .from(cards)
    .where(and(eq(cards.productId, s.catalogue.productId(sku)), eq(cards.status, 'available')));
}

export async function cardsById(s: ShopTest, ids: string[]) {
  if (ids.length === 0) return [];
  return s.t.database.db.select().from(cards).where(inArray(cards.id, ids));
}

/** A line by the test catalogue's SKU, or by the id of a product the test made itself. */
export type Line = ({ sku: string } | { productId: string }) & {
  quantity: number;
  phoneNumber?: string;
};

/** A signed-in customer's order of these lines, paid in the sandbox bank by MM QR. */
export async function paidOrder(
  s: ShopTest,
  lines: Line[],
  options: { user?: Awaited<ReturnType<typeof signedIn>>; email?: string } = {},
) {
  const user = options.user ?? (await signedIn(s));
  for (const line of lines)
    await addToCart(s, user.headers, {
      productId: 'sku' in line ? s.catalogue.productId(line.sku) : line.productId,
      quantity: line.quantity,
      phoneNumber: line.phoneNumber,
    });
  const order = options.email
    ? await (async () => {
        const res = await call(s, 'POST', '/api/v1/checkout/initialize', user.headers, {
          email: options.email,
        });
        if (res.statusCode !== 201) throw new Error(`initialize failed: ${res.body}`);
        return res.json<{ data: Awaited<ReturnType<typeof initialize>> }>().data;
      })()
    : await initialize(s, user.headers);
  const payment: PaymentSession = await completeWith(s, user.headers, order.orderId);
  const paid = await payInSandboxBank(s, payment.paymentQrCode);
  if (paid.statusCode !== 200 || paid.json<SandboxPayResponse>().data.webhookStatus !== 200)
    throw new Error(`payment failed: ${paid.body}`);
  return { user, order };
}

/**
 * A signed-in customer with loyalty points: one Steam card order behind them, paid and delivered
 * (its points credited by the fulfilment job).
 */
export async function memberWithPoints(s: ShopTest) {
  const user = await signedIn(s);
  await stockCards(s, 'G-STEAM-10', 1);
  await paidOrder(s, [{ sku: 'G-STEAM-10', quantity: 1 }], { user });
  await s.t.app.runPendingJobs();
  return user;
}

/**
 * The rows a fulfilment test reads of an order, on `shop`'s database (a function: the shop test is
 * made in beforeAll): its status, its (first) line, a line's top-up request, its paid payment, its
 * fulfilment job; `tryOnce`, that job run once; and `dueNow`, a job's retry made due now (it waits
 * its back-off otherwise).
 */
export function orderRowsOf(shop: () => ShopTest) {
  const db = () => shop().t.database.db;
  const fulfilJob = async (orderId: string) =>
    (await db().select().from(jobs)).find(
      (j) => j.type === 'fulfil_order' && (j.payload as { orderId?: string }).orderId === orderId,
    );
  return {
    orderStatus: async (id: string) =>
      (await db().select().from(orders).where(eq(orders.id, id)))[0]?.status,
    lineOf: async (orderId: string) =>
      (await db().select().from(orderItems).where(eq(orderItems.orderId, orderId)))[0],
    requestOf: async (itemId: string) =>
      (await db().select().from(topupRequests).where(eq(topupRequests.orderItemId, itemId)))[0],
    paymentOf: async (orderId: string) =>
      (await db().select().from(payments).where(eq(payments.orderId, orderId))).find(
        (p) => p.status === 'paid',
      ),
    fulfilJob,
    /**
     * Runs due jobs one at a time until the order's fulfilment job has been tried once more, and
     * answers that job. runPendingJobs alone runs every due job until none is left, so on a loaded
     * machine it may also run a failed try's retry, due after a back-off of about a second.
     */
    tryOnce: async (orderId: string) => {
      const before = (await fulfilJob(orderId))?.attempts ?? 0;
      for (;;) {
        if ((await shop().t.app.runPendingJobs({ max: 1 })) === 0)
          throw new Error(`no due job left, and order ${orderId} was not tried`);
        const job = await fulfilJob(orderId);
        if (job && job.attempts > before) return job;
      }
    },
    dueNow: async (jobId: string, attempts?: number) => {
      await db()
        .update(jobs)
        .set({ runAt: new Date(Date.now() - 1000), ...(attempts ? { attempts } : {}) })
        .where(eq(jobs.id, jobId));
    },
  };
}

/**
 * An order whose fulfilment job (`jobId`) gave up waiting for the aggregator: its last try made due
 * and run, the order fails with its line `unconfirmed` and the refund waits for a check with the
 * aggregator (the top-up or card may have gone through).
 */
export async function expectUnconfirmedAfterLastTry(s: ShopTest, orderId: string, jobId: string) {
  const { dueNow, orderStatus, lineOf, paymentOf } = orderRowsOf(() => s);
  await dueNow(jobId, 9);
  await s.t.app.runPendingJobs();
  expect(await orderStatus(orderId)).toBe('failed');
  expect(await lineOf(orderId)).toMatchObject({ status: 'failed', failureCode: 'unconfirmed' });
  expect((await paymentOf(orderId))?.refundReason).toMatch(
    /^check unconfirmed top-ups with the aggregator before refunding/,
  );
}

/**
 * A buyer's orders in the states the order pages show, on a shop whose simulator answers at once:
 * `completed` (two Steam cards, in stock, and an MPT top-up), `failed` (a top-up the simulator
 * declines) and `pending` (checked out, not paid), made in that order with `between` run between
 * two of them.
 */
export async function ordersInEveryState(
  s: ShopTest,
  buyer: Awaited<ReturnType<typeof signedIn>>,
  between: () => void = () => undefined,
) {
  const lines = [
    { sku: 'G-STEAM-10', quantity: 2 },
    { sku: 'T-MPT-1000', quantity: 1, phoneNumber: MPT_PHONE },
  ];
  const completed = (await paidOrder(s, lines, { user: buyer })).order.orderId;
  between();
  const declined = [{ sku: 'T-MPT-1000', quantity: 1, phoneNumber: DECLINED_PHONE }];
  const failed = (await paidOrder(s, declined, { user: buyer })).order.orderId;
  await s.t.app.runPendingJobs();
  between();
  await addMptTopUp(s, buyer.headers);
  const pending = (await initialize(s, buyer.headers)).orderId;
  return { completed, failed, pending };
}
