import {
  checkoutMessages,
  PAYMENT_WINDOW_SECONDS,
  type PaymentMethodId,
  type PaymentSession,
  type PaymentStatus,
  type OrderStatus,
} from '@shop/contracts/checkout';
import type { Language } from '@shop/contracts/i18n';
import { isOperatorCode } from '@shop/contracts/phone';
import { webhookEventSchema, type WebhookEvent } from '@shop/contracts/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueuePush } from '../notifications/push-jobs.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { reserveOrderStock } from '../catalogue/stock-reservation.ts';
import { createStockRepo } from '../catalogue/stock.repo.ts';
import {
  createOrdersRepo,
  type OrderItemRow,
  type OrderRow,
  type OrdersRepo,
} from '../orders/orders.repo.ts';
import { randomBase32 } from '../orders/orders.service.ts';
import type { Acquirer } from './acquirer.ts';
import { createPaymentsRepo, type PaymentRow } from './payments.repo.ts';
import type { ReceiptOutcome } from './payments.tables.ts';
import { verifyWebhook } from './webhook-signature.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Pending orders nobody pays for end failed after this long (the sweep). */
/** Money was taken for the order (a refund of a failed part may follow: ADR 0020). */
const isPaidStatus = (status: PaymentStatus) =>
  status === 'paid' || status === 'refund_pending' || status === 'refunded';

export const ABANDONED_ORDER_MS = 24 * 60 * 60 * 1000;
export const FULFIL_ORDER_JOB = 'fulfil_order';

export interface PaymentsDeps {
  db: Db;
  /** The selected acquirer, or null when PAYMENT_PROVIDER names none that is built in. */
  acquirer: Acquirer | null;
  provider: string;
  webhookSecret: string;
  publicUrl: string;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Called after a payment is applied: the bought products leave the buyer's cart. */
  onOrderPaid(order: { userId: string; productIds: string[] }): Promise<void>;
  /** A fulfilment job was committed: the worker may look at once instead of at its next poll. */
  onJobQueued?: () => void;
  /** Reserved cards were released (expiry, cancel): the cached catalogue may show them again. */
  stockChanged?: () => Promise<void>;
  /**
   * Orders ended unpaid (cancelled, replaced by a changed cart, abandoned), in the transaction
   * that ended them: what they held is given back (their promo-code uses, ADR 0035).
   */
  ordersEnded?: (tx: Db, orderIds: string[]) => Promise<void>;
}

export interface WebhookResult {
  duplicate: boolean;
  outcome: string;
}

type PayableMethod = Exclude<PaymentMethodId, 'points'>;

export function createPaymentsService(deps: PaymentsDeps) {
  const { clock } = deps;
  const orders: OrdersRepo = createOrdersRepo(deps.db);
  const transaction = <T>(fn: (tx: Db) => Promise<T>) => orders.inTransaction(fn);

  const notFound = (lang: Language) =>
    new AppError('NOT_FOUND', checkoutMessages.orderNotFound[lang]);

  async function ownedOrder(userId: string, orderId: string, lang: Language): Promise<OrderRow> {
    if (!UUID.test(orderId)) throw notFound(lang);
    const found = await orders.findOrder(orderId);
    // Another customer's order is "not found": its existence is not revealed.
    if (!found || found.order.userId !== userId) throw notFound(lang);
    return found.order;
  }

  function session(order: OrderRow, payment: PaymentRow, items: OrderItemRow[]): PaymentSession {
    const now = clock().getTime();
    return {
      orderId: order.id,
      sessionId: order.id,
      orderNumber: order.orderNumber,
      amount: payment.amountMmk,
      currency: 'MMK',
      paymentMethod: payment.method,
      paymentStatus: payment.status,
      paymentReference: payment.reference,
      paymentQrCode: payment.method === 'mmqr' ? payment.payload : null,
      aplusPayment:
        payment.method === 'aplus' ? { orderId: order.id, paymentToken: payment.payload } : null,
      paymentUrl:
        payment.method === 'direct'
          ? `${deps.publicUrl}/sandbox/bank?token=${encodeURIComponent(payment.payload)}`
          : null,
      expiresAt: payment.expiresAt.toISOString(),
      expiresInSeconds: Math.max(0, Math.ceil((payment.expiresAt.getTime() - now) / 1000)),
      recipients: items.flatMap((item) =>
        item.phoneNumber
          ? [
              {
                productId: item.productId,
                name: item.name,
                phoneNumber: item.phoneNumber,
                operator: isOperatorCode(item.operatorCode) ? item.operatorCode : null,
              },
            ]
          : [],
      ),
    };
  }

  /** After a commit that freed reserved cards: the catalogue shows them in stock again. */
  async function released(cards: number): Promise<void> {
    if (cards > 0 && deps.stockChanged)
      await deps.stockChanged().catch((err: unknown) => {
        deps.log.error({ err }, 'could not announce released card stock');
      });
  }

  /**
   * Holds the order's cards until `until` in this transaction (DESIGN §6.5): those it holds are
   * kept, released ones taken again if still free; else 409 "Sold out" / "Only N left".
   */
  async function holdStock(
    tx: Db,
    order: OrderRow,
    until: Date,
    lang: Language,
  ): Promise<OrderItemRow[]> {
    const items = (await createOrdersRepo(tx).findOrder(order.id))?.items ?? [];
    await reserveOrderStock(tx, order.id, items, { until, now: clock() }, lang);
    return items;
  }

  /**
   * Payments whose 300 s passed become expired, here on read and by the sweep; their orders' card
   * reservations end with them. Their orders are locked first, then the payments (the one lock
   * order of ADR 0017: no deadlock with cancel/pay).
   */
  async function expireDue(orderId?: string): Promise<number> {
    const due = await createPaymentsRepo(deps.db).ordersWithDuePayments(clock(), orderId);
    if (due.length === 0) return 0;
    const { expired, freed } = await transaction(async (tx) => {
      const txOrders = createOrdersRepo(tx);
      await txOrders.lockOrders(due);
      const expired = await createPaymentsRepo(tx).expireDue(clock(), due);
      await txOrders.markPaymentsExpired(expired);
      for (const orderId of expired) await enqueuePush(tx, orderId, 'payment_expired');
      return { expired, freed: await createStockRepo(tx).release(expired) };
    });
    await released(freed);
    return expired.length;
  }

  function requireAcquirer(lang: Language): Acquirer {
    if (!deps.acquirer)
      throw new AppError('SERVICE_UNAVAILABLE', checkoutMessages.providerUnavailable[lang]);
    return deps.acquirer;
  }

  /** A new payment for the order (the old open one, if any, is replaced). */
  async function startPayment(
    orderId: string,
    method: PayableMethod,
    lang: Language,
  ): Promise<PaymentSession> {
    const acquirer = requireAcquirer(lang);
    return transaction(async (tx) => {
      const txOrders = createOrdersRepo(tx);
      const txPayments = createPaymentsRepo(tx);
      const order = await txOrders.lockOrder(orderId);
      if (!order) throw notFound(lang);
      if (order.status !== 'pending' || order.paymentStatus === 'cancelled')
        throw new AppError('CONFLICT', checkoutMessages.notAwaitingPayment[lang]);
      const now = clock();
      const expiresAt = new Date(now.getTime() + PAYMENT_WINDOW_SECONDS * 1000);
      // No QR for cards that are gone: the reservation is extended to this payment's end.
      const items = await holdStock(tx, order, expiresAt, lang);
      const reference = `P${randomBase32(19)}`;
      const instruction = acquirer.createPayment({
        method,
        reference,
        orderNumber: order.orderNumber,
        amountMmk: order.totalMmk,
        expiresAt,
      });
      await txPayments.endPending(order.id, 'cancelled');
      const payment = await txPayments.insertPayment({
        orderId: order.id,
        provider: acquirer.name,
        method,
        reference,
        amountMmk: order.totalMmk,
        payload: instruction.payload,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      });
      const updated = await txOrders.updateOrder(order.id, {
        paymentStatus: 'pending',
        paymentMethod: method,
      });
      return session(updated, payment, items);
    });
  }

  /**
   * Cancels orders the caller has locked: their open payments end (a payment that still arrives
   * is flagged for refund, ADR 0017) and their cards are released. Answers the cards freed.
   */
  async function cancelLocked(tx: Db, orderIds: string[]): Promise<number> {
    const txOrders = createOrdersRepo(tx);
    for (const orderId of orderIds) {
      await createPaymentsRepo(tx).endPending(orderId, 'cancelled');
      await txOrders.updateOrder(orderId, {
        status: 'cancelled',
        paymentStatus: 'cancelled',
        cancelledAt: clock(),
      });
    }
    if (deps.ordersEnded) await deps.ordersEnded(tx, orderIds);
    return createStockRepo(tx).release(orderIds);
  }

  return {
    startPayment,
    expireDue,
    cancelLocked,
    /** After a commit that freed `cards` reserved cards: the catalogue shows them again. */
    released,

    /** The open payment of this method if one is still payable (a repeated complete reuses it). */
    async openSession(orderId: string, method: PayableMethod): Promise<PaymentSession | null> {
      await expireDue(orderId);
      const payments = createPaymentsRepo(deps.db);
      const latest = await payments.latestForOrder(orderId);
      const found = await orders.findOrder(orderId);
      if (!latest || !found || latest.status !== 'pending' || latest.method !== method) return null;
      if (found.order.status !== 'pending') return null;
      return session(found.order, latest, found.items);
    },

    async paymentStatus(userId: string, orderId: string, lang: Language) {
      await ownedOrder(userId, orderId, lang);
      await expireDue(orderId);
      const order = await ownedOrder(userId, orderId, lang);
      const latest = await createPaymentsRepo(deps.db).latestForOrder(orderId);
      return {
        orderId: order.id,
        orderNumber: order.orderNumber,
        paymentStatus: order.paymentStatus,
        status: order.status,
        paymentMethod: order.paymentMethod,
        amount: order.totalMmk,
        expiresAt: latest?.status === 'pending' ? latest.expiresAt.toISOString() : null,
      };
    },

    /** Pay Again: a new QR (or A+/transfer request) for a pending order. */
    async regenerate(userId: string, orderId: string, lang: Language): Promise<PaymentSession> {
      const order = await ownedOrder(userId, orderId, lang);
      const method = order.paymentMethod ?? 'mmqr';
      if (method === 'points')
        throw new AppError('VALIDATION_ERROR', checkoutMessages.paymentMethodUnavailable[lang]);
      return startPayment(order.id, method, lang);
    },

    async cancel(
      userId: string,
      orderId: string,
      lang: Language,
    ): Promise<{ orderId: string; status: OrderStatus; paymentStatus: PaymentStatus }> {
      await ownedOrder(userId, orderId, lang);
      let freed = 0;
      const answer = await transaction(async (tx) => {
        const txOrders = createOrdersRepo(tx);
        const order = await txOrders.lockOrder(orderId);
        if (!order) throw notFound(lang);
        if (order.status === 'cancelled')
          return { orderId, status: order.status, paymentStatus: order.paymentStatus };
        if (
          isPaidStatus(order.paymentStatus) ||
          order.status === 'processing' ||
          order.status === 'completed'
        )
          throw new AppError('CONFLICT', checkoutMessages.alreadyPaid[lang]);
        if (order.status !== 'pending')
          throw new AppError('CONFLICT', checkoutMessages.notAwaitingPayment[lang]);
        freed = await cancelLocked(tx, [order.id]);
        const updated = await txOrders.findOrder(order.id);
        if (!updated) throw notFound(lang);
        return {
          orderId,
          status: updated.order.status,
          paymentStatus: updated.order.paymentStatus,
        };
      });
      await released(freed);
      return answer;
    },

    /**
     * A signed delivery from the acquirer (DESIGN §5, §6.3). Signature and timestamp first; then,
     * in one transaction: the event id is recorded (a replay stops here), the order and then the
     * payment are locked, a receipt records the amount received and its outcome (ADR 0017), the
     * payment and the order move, and the fulfilment job is written. Money the order cannot take
     * (a second payment, a wrong amount, the part above the price, after cancel or expiry) is
     * recorded on its receipt and flagged for refund; a wrong amount leaves the QR payable.
     */
    async handleWebhook(
      provider: string,
      headers: { timestamp: string | undefined; signature: string | undefined },
      rawBody: string,
    ): Promise<WebhookResult> {
      if (!deps.acquirer || provider !== deps.acquirer.name)
        throw new AppError('NOT_FOUND', `Unknown payment provider ${provider}`);
      const check = verifyWebhook(
        deps.webhookSecret,
        headers.timestamp,
        headers.signature,
        rawBody,
        clock(),
      );
      if (check !== 'ok') {
        deps.log.warn({ provider, check }, 'payment webhook refused');
        throw new AppError(
          'UNAUTHORIZED',
          check === 'stale'
            ? 'Webhook timestamp outside the tolerance'
            : 'Invalid webhook signature',
        );
      }
      let event: WebhookEvent;
      try {
        const parsed = webhookEventSchema.safeParse(JSON.parse(rawBody));
        if (!parsed.success) throw new Error(parsed.error.message);
        event = parsed.data;
      } catch {
        throw new AppError('VALIDATION_ERROR', 'Malformed webhook event');
      }

      let paid: { userId: string; orderId: string } | null = null;
      let freed = 0;
      const result = await transaction(async (tx): Promise<WebhookResult> => {
        const txPayments = createPaymentsRepo(tx);
        const txOrders = createOrdersRepo(tx);
        const receivedAt = clock();
        const eventRowId = await txPayments.recordEvent({
          provider,
          eventId: event.id,
          type: event.type,
          outcome: 'received',
          body: event,
          receivedAt,
        });
        if (!eventRowId) return { duplicate: true, outcome: 'duplicate_event' };
        const outcome = async (name: string, paymentId: string | null): Promise<WebhookResult> => {
          await txPayments.setEventOutcome(provider, event.id, name, paymentId);
          return { duplicate: false, outcome: name };
        };

        // Lock order: the order first, then its payment (ADR 0017), as cancel and Pay Again do.
        const found = await txPayments.findByReference(provider, event.data.reference);
        if (!found) return outcome('unknown_payment', null);
        const order = await txOrders.lockOrder(found.orderId);
        const payment = order ? await txPayments.lockPayment(found.id) : null;
        if (!order || !payment) return outcome('unknown_payment', found.id);

        /** Every delivery with a payment gets a receipt: what arrived and what is due back. */
        const receipt = async (name: ReceiptOutcome, refundAmount: number) => {
          const amount = event.type === 'payment.failed' ? 0 : event.data.amount;
          await txPayments.insertReceipt({
            eventId: eventRowId,
            paymentId: payment.id,
            orderId: order.id,
            amount,
            currency: event.data.currency,
            outcome: name,
            refundRequired: refundAmount > 0,
            refundAmount,
            receivedAt,
          });
          if (refundAmount > 0)
            deps.log.warn(
              {
                orderId: order.id,
                reference: payment.reference,
                outcome: name,
                refundAmount,
                currency: event.data.currency,
              },
              'payment received that the order cannot take: flagged for refund',
            );
          return outcome(name, payment.id);
        };

        if (event.type === 'payment.failed') {
          // A refusal ends this attempt only, never the order: Pay Again (or paying this QR again
          // within its window) still works, so a refusal sent by someone else harms nobody.
          if (payment.status === 'pending' && order.status === 'pending') {
            await txPayments.updatePayment(payment.id, { status: 'failed' });
            await txOrders.updateOrder(order.id, { paymentStatus: 'failed' });
          }
          return receipt('declined', 0);
        }

        const received = event.data.amount;
        // Money that is not applied is kept for a refund, all of it, with the amount received.
        const refundAll = (name: ReceiptOutcome) => receipt(name, Math.max(0, received));
        if (event.data.currency !== 'MMK') return refundAll('wrong_amount');
        if (payment.status === 'paid') return refundAll('duplicate');
        if (order.status === 'cancelled' || payment.status === 'cancelled')
          return refundAll('after_cancel');
        if (isPaidStatus(order.paymentStatus) || (await txPayments.hasPaid(order.id, payment.id)))
          return refundAll('duplicate');
        const occurredAt = new Date(event.data.occurredAt);
        const paidAt = Number.isNaN(occurredAt.getTime()) ? clock() : occurredAt;
        // The attempt is open, expired or refused here (paid and cancelled are handled above):
        // money paid within its window counts, even if the expiry was recorded first.
        const inTime = paidAt.getTime() <= payment.expiresAt.getTime();
        if (!inTime || order.status !== 'pending') return refundAll('after_expiry');
        // Too little: recorded and refunded, and the QR stays open for the right amount.
        if (received < payment.amountMmk) return refundAll('wrong_amount');
        // DESIGN §6.5: paid in time, but the cards must still be held (a late delivery may come
        // after the hold ended and others took them); held now until fulfilment sells them.
        const held = await holdStock(
          tx,
          order,
          new Date(clock().getTime() + ABANDONED_ORDER_MS),
          order.language,
        ).then(
          () => true,
          (err: unknown) => {
            if (err instanceof AppError) return false;
            throw err;
          },
        );
        if (!held) {
          freed = await createStockRepo(tx).release([order.id]);
          return refundAll('sold_out');
        }

        await txPayments.updatePayment(payment.id, { status: 'paid', paidAt });
        await txPayments.endPending(order.id, 'cancelled', payment.id);
        await txOrders.updateOrder(order.id, {
          status: 'processing',
          paymentStatus: 'paid',
          // The method chosen since (say points) is not what paid: the accepted payment's is.
          paymentMethod: payment.method,
          paidAt,
        });
        // Same transaction: the job exists exactly when the order is paid (transactional outbox).
        await enqueueJob(tx, {
          type: FULFIL_ORDER_JOB,
          dedupeKey: `${FULFIL_ORDER_JOB}:${order.id}`,
          payload: { orderId: order.id },
        });
        paid = { userId: order.userId, orderId: order.id };
        // Too much: the order is paid and the part above its price is due back.
        const excess = received - payment.amountMmk;
        return excess > 0 ? receipt('overpaid', excess) : receipt('applied', 0);
      });

      await released(freed);
      const applied = paid as { userId: string; orderId: string } | null;
      if (applied) {
        deps.onJobQueued?.();
        const found = await orders.findOrder(applied.orderId);
        await deps
          .onOrderPaid({
            userId: applied.userId,
            productIds: found?.items.map((i) => i.productId) ?? [],
          })
          .catch((err: unknown) => {
            deps.log.error({ err }, 'could not empty the cart after payment');
          });
      }
      return result;
    },

    /**
     * Payment by points: `redeem` debits the ledger in this transaction (or throws, changing
     * nothing); the order is then paid and its fulfilment job written, as the webhook does.
     */
    async payWithPoints(
      orderId: string,
      lang: Language,
      redeem: (tx: Db, order: OrderRow) => Promise<void>,
    ): Promise<PaymentSession> {
      const session_ = await transaction(async (tx) => {
        const txOrders = createOrdersRepo(tx);
        const txPayments = createPaymentsRepo(tx);
        const order = await txOrders.lockOrder(orderId);
        if (!order) throw notFound(lang);
        if (order.status !== 'pending' || order.paymentStatus === 'cancelled')
          throw new AppError('CONFLICT', checkoutMessages.notAwaitingPayment[lang]);
        const now = clock();
        const items = await holdStock(
          tx,
          order,
          new Date(now.getTime() + ABANDONED_ORDER_MS),
          lang,
        );
        await redeem(tx, order);
        await txPayments.endPending(order.id, 'cancelled');
        const payment = await txPayments.insertPayment({
          orderId: order.id,
          provider: 'points',
          method: 'points',
          reference: `PTS${randomBase32(17)}`,
          amountMmk: order.totalMmk,
          status: 'paid',
          payload: '',
          expiresAt: now,
          paidAt: now,
          createdAt: now,
          updatedAt: now,
        });
        const updated = await txOrders.updateOrder(order.id, {
          status: 'processing',
          paymentStatus: 'paid',
          paymentMethod: 'points',
          paidAt: now,
        });
        await enqueueJob(tx, {
          type: FULFIL_ORDER_JOB,
          dedupeKey: `${FULFIL_ORDER_JOB}:${order.id}`,
          payload: { orderId: order.id },
        });
        return { session: session(updated, payment, items), userId: order.userId };
      });
      deps.onJobQueued?.();
      const found = await orders.findOrder(orderId);
      await deps
        .onOrderPaid({
          userId: session_.userId,
          productIds: found?.items.map((i) => i.productId) ?? [],
        })
        .catch((err: unknown) => {
          deps.log.error({ err }, 'could not empty the cart after payment');
        });
      return session_.session;
    },

    /** The periodic sweep: expire payments, fail orders abandoned for a day. */
    async sweep(): Promise<{ expired: number; abandoned: number }> {
      const expired = await expireDue();
      // Reservations whose time ran out without an expiry (checkout never asked for a payment).
      await released(await createStockRepo(deps.db).releaseLapsed(clock()));
      const abandoned = await transaction(async (tx) => {
        const ended = await createOrdersRepo(tx).failAbandoned(
          new Date(clock().getTime() - ABANDONED_ORDER_MS),
        );
        if (deps.ordersEnded && ended.length > 0) await deps.ordersEnded(tx, ended);
        return ended.length;
      });
      return { expired, abandoned };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
