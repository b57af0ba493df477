import { checkoutMessages } from '@shop/contracts/checkout';
import type { Language } from '@shop/contracts/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { CardHoldLimits } from '../../config.ts';
import { orderRecords, type OrderRecords } from '../orders/orders.service.ts';
import type { Acquirer } from './acquirer.ts';
import type { ReceiptOutcome } from './payments.tables.ts';

export const ABANDONED_ORDER_MS = 24 * 60 * 60 * 1000;
export const FULFIL_ORDER_JOB = 'fulfil_order';

export interface PaymentsDeps {
  db: Db;
  /**
   * The acquirers PAYMENT_PROVIDER names, in its order (a method goes to the first that collects
   * it, ADR 0059); none when it names none that is built in.
   */
  acquirers: readonly Acquirer[];
  clock: Clock;
  log: FastifyBaseLogger;
  /** Bounds on the cards unpaid orders hold (ADR 0043): caps, share and the hold's deadline. */
  cardHolds: CardHoldLimits;
  /** Called after a payment is applied: the bought products leave the buyer's cart. */
  /** The order's lines, each product for its recipient, leave the buyer's cart. */
  onOrderPaid(order: {
    userId: string;
    bought: { productId: string; phoneNumber: string | null; topupRequestId: string | null }[];
  }): Promise<void>;
  /** A fulfilment job was committed: the worker may look at once instead of at its next poll. */
  onJobQueued?: () => void;
  /** Reserved cards were released (expiry, cancel): the cached catalogue may show them again. */
  stockChanged?: () => Promise<void>;
  /**
   * Orders ended unpaid (cancelled, replaced by a changed cart, abandoned), in the transaction
   * that ended them: what they held is given back (their promo-code uses, ADR 0035).
   */
  ordersEnded?: (tx: Db, orderIds: string[]) => Promise<void>;
  /**
   * Money a receipt flagged for refund, in the webhook's transaction: it may go back through the
   * provider that collected it (ADR 0060).
   */
  receiptRefundOwed?: (tx: Db, owed: ReceiptRefundOwed) => Promise<void>;
}

/** Money received that the order could not use, with the payment it came through (ADR 0017). */
export interface ReceiptRefundOwed {
  receiptId: string;
  orderId: string;
  outcome: ReceiptOutcome;
  amount: number;
  currency: string;
  payment: { id: string; provider: string };
}

export interface WebhookResult {
  duplicate: boolean;
  outcome: string;
}

/**
 * What every use case of the payments service works with (issue 30): its deps, the clock, the
 * orders' records and the one way to open a transaction. Built once by createPaymentsService.
 */
export interface PaymentsContext {
  deps: PaymentsDeps;
  clock: Clock;
  orders: OrderRecords;
  transaction: <T>(fn: (tx: Db) => Promise<T>) => Promise<T>;
}

export function createPaymentsContext(deps: PaymentsDeps): PaymentsContext {
  const orders = orderRecords(deps.db);
  return {
    deps,
    clock: deps.clock,
    orders,
    transaction: (fn) => orders.inTransaction(fn),
  };
}

export const notFound = (lang: Language) =>
  new AppError('NOT_FOUND', checkoutMessages.orderNotFound[lang]);
