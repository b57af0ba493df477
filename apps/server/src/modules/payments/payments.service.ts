import {
  checkoutMessages,
  PAYMENT_WINDOW_SECONDS,
  type PaymentMethodId,
  type PaymentSession,
  type PaymentStatus,
  type OrderStatus,
} from '@shop/contracts/checkout';
import type { Language } from '@shop/contracts/i18n';
import { webhookEventSchema, type WebhookEvent } from '@shop/contracts/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { createOrdersRepo, type OrderRow, type OrdersRepo } from '../orders/orders.repo.ts';
import { randomBase32 } from '../orders/orders.service.ts';
import type { Acquirer } from './acquirer.ts';
import { createPaymentsRepo, type PaymentRow } from './payments.repo.ts';
import { verifyWebhook } from './webhook-signature.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Pending orders nobody pays for end failed after this long (the sweep). */
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

  function session(order: OrderRow, payment: PaymentRow): PaymentSession {
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
    };
  }

  /** Payments whose 300 s passed become expired, here on read and by the sweep. */
  async function expireDue(orderId?: string): Promise<number> {
    return transaction(async (tx) => {
      const expired = await createPaymentsRepo(tx).expireDue(clock(), orderId);
      await createOrdersRepo(tx).markPaymentsExpired(expired);
      return expired.length;
    });
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
      return session(updated, payment);
    });
  }

  return {
    startPayment,
    expireDue,

    /** The open payment of this method if one is still payable (a repeated complete reuses it). */
    async openSession(orderId: string, method: PayableMethod): Promise<PaymentSession | null> {
      await expireDue(orderId);
      const payments = createPaymentsRepo(deps.db);
      const latest = await payments.latestForOrder(orderId);
      const found = await orders.findOrder(orderId);
      if (!latest || !found || latest.status !== 'pending' || latest.method !== method) return null;
      if (found.order.status !== 'pending') return null;
      return session(found.order, latest);
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
      return transaction(async (tx) => {
        const txOrders = createOrdersRepo(tx);
        const order = await txOrders.lockOrder(orderId);
        if (!order) throw notFound(lang);
        if (order.status === 'cancelled')
          return { orderId, status: order.status, paymentStatus: order.paymentStatus };
        if (
          order.paymentStatus === 'paid' ||
          order.status === 'processing' ||
          order.status === 'completed'
        )
          throw new AppError('CONFLICT', checkoutMessages.alreadyPaid[lang]);
        if (order.status !== 'pending')
          throw new AppError('CONFLICT', checkoutMessages.notAwaitingPayment[lang]);
        await createPaymentsRepo(tx).endPending(order.id, 'cancelled');
        const updated = await txOrders.updateOrder(order.id, {
          status: 'cancelled',
          paymentStatus: 'cancelled',
          cancelledAt: clock(),
        });
        return { orderId, status: updated.status, paymentStatus: updated.paymentStatus };
      });
    },

    /**
     * A signed delivery from the acquirer (DESIGN §5, §6.3). Signature and timestamp first; then,
     * in one transaction: the event id is recorded (a replay stops here), the payment and the order
     * move, and the fulfilment job is written. Money that arrives for an order that can no longer
     * take it is recorded and flagged for refund.
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
      const result = await transaction(async (tx): Promise<WebhookResult> => {
        const txPayments = createPaymentsRepo(tx);
        const txOrders = createOrdersRepo(tx);
        const fresh = await txPayments.recordEvent({
          provider,
          eventId: event.id,
          type: event.type,
          outcome: 'received',
          body: event,
          receivedAt: clock(),
        });
        if (!fresh) return { duplicate: true, outcome: 'duplicate_event' };
        const outcome = async (name: string, paymentId: string | null): Promise<WebhookResult> => {
          await txPayments.setEventOutcome(provider, event.id, name, paymentId);
          return { duplicate: false, outcome: name };
        };

        const payment = await txPayments.lockByReference(provider, event.data.reference);
        if (!payment) return outcome('unknown_payment', null);
        const order = await txOrders.lockOrder(payment.orderId);
        if (!order) return outcome('unknown_payment', payment.id);

        if (event.type === 'payment.failed') {
          if (payment.status !== 'pending') return outcome('ignored', payment.id);
          await txPayments.updatePayment(payment.id, { status: 'failed' });
          if (order.status === 'pending')
            await txOrders.updateOrder(order.id, { status: 'failed', paymentStatus: 'failed' });
          return outcome('payment_failed', payment.id);
        }

        const occurredAt = new Date(event.data.occurredAt);
        const paidAt = Number.isNaN(occurredAt.getTime()) ? clock() : occurredAt;
        const flag = async (reason: string): Promise<WebhookResult> => {
          if (payment.status === 'paid') return outcome(reason, payment.id);
          await txPayments.updatePayment(payment.id, {
            status: 'paid',
            paidAt,
            refundRequired: true,
            refundReason: reason,
          });
          deps.log.warn(
            { orderId: order.id, reference: payment.reference, reason },
            'payment received that the order cannot take: flagged for refund',
          );
          return outcome(reason, payment.id);
        };

        if (event.data.amount !== payment.amountMmk || event.data.currency !== 'MMK')
          return flag('amount_mismatch');
        if (payment.status === 'paid') return outcome('duplicate_payment', payment.id);
        if (order.status === 'cancelled' || payment.status === 'cancelled')
          return flag('paid_after_cancel');
        const inTime =
          (payment.status === 'pending' || payment.status === 'expired') &&
          paidAt.getTime() <= payment.expiresAt.getTime();
        if (!inTime) return flag('paid_after_expiry');
        if (order.status !== 'pending' || (await txPayments.hasPaid(order.id, payment.id)))
          return flag('order_not_payable');

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
        return outcome('applied', payment.id);
      });

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
        await redeem(tx, order);
        const now = clock();
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
        return { session: session(updated, payment), userId: order.userId };
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
      const abandoned = await orders.failAbandoned(
        new Date(clock().getTime() - ABANDONED_ORDER_MS),
      );
      return { expired, abandoned };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
