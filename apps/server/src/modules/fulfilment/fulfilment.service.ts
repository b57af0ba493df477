import { randomInt } from 'node:crypto';
import { isCardKind } from '@shop/contracts/orders';
import type { FastifyBaseLogger } from 'fastify';
import { decryptSecret } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import { RetryJob, type JobRow } from '../../platform/job-worker.ts';
import { enqueuePush } from '../notifications/push-jobs.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/messaging.ts';
import { createStockRepo } from '../catalogue/stock.repo.ts';
import type { LoyaltyService } from '../loyalty/loyalty.service.ts';
import {
  createOrdersRepo,
  type OrderItemRow,
  type OrderRow,
  type OrderWithItems,
} from '../orders/orders.repo.ts';
import { createPaymentsRepo } from '../payments/payments.repo.ts';
import { FULFIL_ORDER_JOB } from '../payments/payments.service.ts';
import { recordOrderRefund } from '../refunds/refunds.service.ts';
import { orderCodesEmail } from './fulfilment.email.ts';
import {
  createFulfilmentRepo,
  type DeliveredCard,
  type OrderCardRow,
  type TopupRequestRow,
} from './fulfilment.repo.ts';

import type { TopupProvider } from './topup-provider.ts';

export { FULFIL_ORDER_JOB };
export const SEND_ORDER_CODES_JOB = 'send_order_codes';

/**
 * Why a line failed (order_items.failure_code). `unconfirmed`: the top-up was sent but the
 * aggregator never answered, so it may have arrived; its refund must be checked against the
 * aggregator's records first (the refund reason says so).
 */
export type FailureCode = 'out_of_stock' | 'declined' | 'error' | 'unconfirmed';

export interface OrderDeliveries {
  cardsByItem: Map<string, DeliveredCard[]>;
  topupByItem: Map<string, TopupRequestRow>;
}

const payloadOrderId = (job: JobRow): string => {
  const id = job.payload.orderId;
  if (typeof id !== 'string') throw new Error(`job ${job.id} has no orderId`);
  return id;
};

/**
 * Fulfilment of paid orders (DESIGN §6.4), run by the job worker. Every step is idempotent and
 * commits on its own, so a crash at any point is followed by a rerun that picks up where the
 * committed state says: cards are claimed and recorded in one transaction (never a second set),
 * each E-load request is recorded before the provider is called and re-sent with the same key,
 * and the order's end state, its loyalty points and the codes email job commit together.
 */
export function createFulfilmentService(deps: {
  db: Db;
  topup: TopupProvider;
  pinKey: Buffer;
  mailer: Mailer;
  loyalty: LoyaltyService;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** A product's last card was sold: the cached catalogue must show it out of stock now. */
  soldOut?: () => Promise<void>;
}) {
  const { db, log } = deps;
  const orders = createOrdersRepo(db);
  const transaction = <T>(fn: (tx: Db) => Promise<T>) => orders.inTransaction(fn);
  const isPending = (item: OrderItemRow) => item.status === 'pending';

  /** Step 1: every pending card line gets its cards, or fails when stock is short. */
  async function claimCards(orderId: string): Promise<OrderWithItems | null> {
    const soldFrom = new Set<string>();
    const claimed = await transaction(async (tx) => {
      const txOrders = createOrdersRepo(tx);
      const order = await txOrders.lockOrder(orderId);
      if (!order || order.status !== 'processing') return null;
      const found = await txOrders.findOrder(orderId);
      if (!found) return null;
      const stock = createStockRepo(tx);
      const delivered = createFulfilmentRepo(tx);
      for (const item of found.items) {
        if (!isCardKind(item.kind) || !isPending(item)) continue;
        // The cards checkout reserved for this order first (DESIGN §6.5); only a reservation that
        // was lost (a late payment accepted after it ended) is made up from free stock.
        const locked = await stock.lockReserved(orderId, item.productId, item.quantity);
        const missing = item.quantity - locked.length;
        if (missing > 0) locked.push(...(await stock.lockAvailable(item.productId, missing)));
        if (locked.length < item.quantity) {
          // Cards other transactions hold right now may still come back (their order may fail):
          // only a shortage in committed stock is final.
          if ((await stock.countAvailable(item.productId)) >= missing)
            throw new RetryJob('card stock is being claimed by another order', 20 + randomInt(180));
          await txOrders.setItemStatus(item.id, 'failed', 'out_of_stock');
          // The line is refunded: the cards it still held go back on sale.
          if ((await stock.release([orderId], item.productId)) > 0) soldFrom.add(item.productId);
          log.warn({ orderId, productId: item.productId }, 'out of stock after payment');
          continue;
        }
        const ids = locked.map((c) => c.id);
        if ((await stock.markSold(ids)) !== ids.length) throw new Error('card sold under a lock');
        await delivered.insertOrderCards(
          ids.map((cardId, position) => ({
            orderId,
            orderItemId: item.id,
            cardId,
            position,
          })),
        );
        await txOrders.setItemStatus(item.id, 'delivered');
        soldFrom.add(item.productId);
      }
      return txOrders.findOrder(orderId);
    });
    // Counted after the commit: of two orders taking the last cards at once, the later count sees
    // both sales (inside the transaction neither sees the other's).
    if (deps.soldOut && soldFrom.size > 0) {
      const stock = createStockRepo(db);
      // A count that fails cannot be retried (a rerun finds these lines delivered): announce then.
      const left = await Promise.all([...soldFrom].map((id) => stock.countAvailable(id))).catch(
        () => [0],
      );
      if (left.includes(0)) await deps.soldOut();
    }
    return claimed;
  }

  /** Step 2: each pending E-load line is sent once (recorded first, the same key on retry). */
  async function sendTopup(order: OrderRow, item: OrderItemRow): Promise<void> {
    if (!item.phoneNumber) {
      await orders.setItemStatus(item.id, 'failed', 'error');
      return;
    }
    const fulfilment = createFulfilmentRepo(db);
    await fulfilment.startTopupRequest({
      orderItemId: item.id,
      idempotencyKey: item.id,
      provider: deps.topup.name,
    });
    const result = await deps.topup.send({
      idempotencyKey: item.id,
      kind: item.kind === 'data' ? 'data' : 'topup',
      msisdn: item.phoneNumber,
      operator: item.operatorCode,
      productCode: item.sku ?? item.productId,
      quantity: item.quantity,
      amountMmk: item.topupAmountMmk,
      dataMb: item.dataMb,
    });
    await transaction(async (tx) => {
      await createFulfilmentRepo(tx).finishTopupRequest(item.id, result);
      await createOrdersRepo(tx).setItemStatus(
        item.id,
        result.status === 'success' ? 'delivered' : 'failed',
        result.status === 'success' ? null : 'declined',
      );
    });
    log.info(
      { orderId: order.id, itemId: item.id, status: result.status, reference: result.reference },
      'top-up answered',
    );
  }

  /**
   * Step 3: the order ends completed (points credited) or failed (the undelivered part flagged
   * for refund, or points given back); with cards delivered, the codes email is queued. One
   * transaction, done once: a rerun finds the order no longer processing.
   */
  async function finish(orderId: string): Promise<void> {
    await transaction(async (tx) => {
      const txOrders = createOrdersRepo(tx);
      const order = await txOrders.lockOrder(orderId);
      if (!order || order.status !== 'processing') return;
      const found = await txOrders.findOrder(orderId);
      if (!found) return;
      const { items } = found;
      if (items.some(isPending)) throw new Error('order still has undelivered lines');
      const failed = items.filter((i) => i.status === 'failed');
      const itemsTotal = items.reduce((n, i) => n + i.lineTotalMmk, 0);
      const txPayments = createPaymentsRepo(tx);
      // What paid decides, not the order's chosen method (it can change after a QR is opened).
      const accepted = await txPayments.acceptedPayment(orderId);
      const byPoints = accepted?.method === 'points';
      if (failed.length === 0) {
        await txOrders.updateOrder(orderId, { status: 'completed', completedAt: new Date() });
        await enqueuePush(tx, orderId, 'order_completed');
        await deps.loyalty.creditOrder(tx, {
          userId: order.userId,
          orderId,
          paidMmk: byPoints ? 0 : order.totalMmk,
        });
      } else {
        await txOrders.updateOrder(orderId, { status: 'failed', completedAt: new Date() });
        await enqueuePush(tx, orderId, 'order_failed');
        // What the customer paid for these lines (discounts shared out in proportion).
        const paidFor = (lines: OrderItemRow[]) =>
          lines.length === items.length || itemsTotal === 0
            ? order.totalMmk
            : Math.round(
                (lines.reduce((n, i) => n + i.lineTotalMmk, 0) * order.totalMmk) / itemsTotal,
              );
        const refund = paidFor(failed);
        // A top-up that may have arrived is given back only after a look at the aggregator's
        // books: its share is flagged for support (points too), never returned here.
        const unconfirmed = failed.filter((i) => i.failureCode === 'unconfirmed');
        const settled = failed.filter((i) => i.failureCode !== 'unconfirmed');
        const check = unconfirmed.length
          ? `check unconfirmed top-ups with the aggregator before refunding (${
              byPoints
                ? `${deps.loyalty.pointsNeededFor(paidFor(unconfirmed))} points`
                : `${paidFor(unconfirmed)} MMK`
            }); `
          : '';
        const lines = failed
          .map((i) => `${i.sku ?? i.productId} x${i.quantity} ${i.failureCode ?? 'error'}`)
          .join(', ');
        let reason = `${check}fulfilment_failed: ${lines}`;
        let pointsReturned = 0;
        if (byPoints && settled.length > 0) {
          pointsReturned = await deps.loyalty.refundPoints(tx, {
            userId: order.userId,
            orderId,
            points: deps.loyalty.pointsNeededFor(paidFor(settled)),
          });
          reason = `points_returned: ${reason}`;
        }
        // Points orders have a payment row too: it records what was given back and why; a cash
        // refund (or a support check) is flagged only when something is still owed.
        await txPayments.flagOrderRefund(orderId, refund, reason, {
          cash: !byPoints || unconfirmed.length > 0,
        });
        // What the customer sees and is told: refunded at once to points, else pending support.
        await recordOrderRefund(tx, {
          order,
          items,
          amountMmk: refund,
          destination: byPoints ? 'points' : 'bank',
          points: byPoints ? deps.loyalty.pointsNeededFor(refund) : null,
          pointsReturned,
          pending: !byPoints || unconfirmed.length > 0,
        });
        log.warn({ orderId, refund, reason, byPoints }, 'order failed: refund recorded');
      }
      if (items.some((i) => isCardKind(i.kind) && i.status === 'delivered'))
        await enqueueJob(tx, {
          type: SEND_ORDER_CODES_JOB,
          dedupeKey: `${SEND_ORDER_CODES_JOB}:${orderId}`,
          payload: { orderId },
        });
    });
  }

  async function deliveries(orderIds: string[], reveal: 'scratched' | 'all') {
    const fulfilment = createFulfilmentRepo(db);
    const orderCards = await fulfilment.cardsOfOrders(orderIds);
    const cards = new Map(
      (await createStockRepo(db).cardsByIds(orderCards.map((c) => c.cardId))).map((c) => [c.id, c]),
    );
    const cardsByItem = new Map<string, DeliveredCard[]>();
    for (const orderCard of orderCards) {
      const card = cards.get(orderCard.cardId);
      if (!card) continue;
      const show = reveal === 'all' || orderCard.scratchedAt !== null;
      const list = cardsByItem.get(orderCard.orderItemId) ?? [];
      list.push({
        orderCard,
        card,
        pin: show ? decryptSecret(card.pinEncrypted, deps.pinKey) : null,
      });
      cardsByItem.set(orderCard.orderItemId, list);
    }
    return { orderCards, cardsByItem };
  }

  async function readPins(
    cardIds: string[],
  ): Promise<Map<string, { pin: string; serial: string }>> {
    const cards = await createStockRepo(db).cardsByIds(cardIds);
    return new Map(
      cards.map((c) => [
        c.id,
        { pin: decryptSecret(c.pinEncrypted, deps.pinKey), serial: c.serial },
      ]),
    );
  }

  async function fulfilOrder(orderId: string): Promise<void> {
    const claimed = await claimCards(orderId);
    if (!claimed) return;
    for (const item of claimed.items) {
      if (isCardKind(item.kind) || !isPending(item)) continue;
      await sendTopup(claimed.order, item);
    }
    await finish(orderId);
  }

  /**
   * The last attempt failed (the provider stayed unreachable…): what is still pending fails, and
   * the order ends failed and flagged for refund rather than stay processing for ever.
   */
  async function abandonOrder(orderId: string): Promise<void> {
    const found = await orders.findOrder(orderId);
    if (!found || found.order.status !== 'processing') return;
    const pending = found.items.filter(isPending);
    const sent = new Set(
      (await createFulfilmentRepo(db).topupRequestsOf(pending.map((i) => i.id)))
        .filter((request) => request.status === 'sending')
        .map((request) => request.orderItemId),
    );
    for (const item of pending) {
      const code: FailureCode = sent.has(item.id) ? 'unconfirmed' : 'error';
      await orders.setItemStatus(item.id, 'failed', code);
    }
    await finish(orderId);
  }

  /** The codes email (at least once: a crash after sending and before recording resends). */
  async function sendOrderCodes(orderId: string): Promise<void> {
    const found = await orders.findOrder(orderId);
    if (!found?.order.email) return;
    const { cardsByItem } = await deliveries([orderId], 'all');
    const instructions = await createStockRepo(db).instructionsOf(
      found.items.map((i) => i.productId),
    );
    await deps.mailer.send({
      to: found.order.email,
      ...orderCodesEmail({
        order: found.order,
        items: found.items,
        cardsByItem,
        instructions,
        orderUrl: `${deps.publicUrl}/orders/${orderId}`,
      }),
    });
  }

  return {
    fulfilOrder,
    abandonOrder,
    sendOrderCodes,

    /** Cards and E-load results of orders, PINs only of revealed cards (or all, for downloads). */
    async deliveriesOf(
      orderIds: string[],
      itemIds: string[],
      reveal: 'scratched' | 'all',
    ): Promise<OrderDeliveries> {
      const { cardsByItem } = await deliveries(orderIds, reveal);
      const topups = await createFulfilmentRepo(db).topupRequestsOf(itemIds);
      return { cardsByItem, topupByItem: new Map(topups.map((t) => [t.orderItemId, t])) };
    },

    /** Redemption instructions and gift-card face values of products (catalogue stock data). */
    async productDetails(productIds: string[]) {
      const stock = createStockRepo(db);
      const [instructions, faceValues] = await Promise.all([
        stock.instructionsOf(productIds),
        stock.faceValuesOf(productIds),
      ]);
      return { instructions, faceValues };
    },

    /** The delivered card with this id and the order it belongs to, or null. */
    async findDeliveredCard(cardId: string): Promise<OrderCardRow | null> {
      return createFulfilmentRepo(db).findOrderCard(cardId);
    },

    /** Reveals cards to their buyer (scratch or download): marks them scratched, answers PINs. */
    async revealCards(cardIds: string[]): Promise<Map<string, { pin: string; serial: string }>> {
      await createFulfilmentRepo(db).markScratched(cardIds);
      return readPins(cardIds);
    },

    /** The PINs of cards, not marking them scratched (a share link's holder reveals them). */
    readPins,

    /** The job types this module runs (platform/job-worker.ts). */
    jobTypes: {
      [FULFIL_ORDER_JOB]: {
        handle: (job: JobRow) => fulfilOrder(payloadOrderId(job)),
        giveUp: (job: JobRow) => abandonOrder(payloadOrderId(job)),
      },
      [SEND_ORDER_CODES_JOB]: {
        handle: (job: JobRow) => sendOrderCodes(payloadOrderId(job)),
      },
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
