import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { Mailer } from '../../platform/messaging.ts';
import type { LoyaltyService } from '../loyalty/loyalty.service.ts';
import { orderRecords, type OrderRecords } from '../orders/orders.service.ts';
import type { GiftCardSource } from './providers/reloadly-giftcards.ts';
import type { TopupMapping, TopupProvider, TopupUnitCost } from './topup-provider.ts';

/** What fulfilment is built from (createFulfilmentService's argument). */
export interface FulfilmentDeps {
  db: Db;
  topup: TopupProvider;
  /** Where cards of products on demand are bought (ADR 0063); null: not configured. */
  giftCards?: GiftCardSource | null;
  pinKey: Buffer;
  mailer: Mailer;
  loyalty: LoyaltyService;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** A product's last card was sold: the cached catalogue must show it out of stock now. */
  soldOut?: () => Promise<void>;
  /**
   * An order's bank refund is pending, in the transaction that left it so (the order locked): it
   * may go back through the provider that took the payment (ADR 0060).
   */
  bankRefundOwed?: (tx: Db, orderId: string) => Promise<void>;
  /**
   * The aggregator operator and amount a top-up or data product is mapped to (topup-account's
   * mappings, ADR 0064); absent or null: none (a data line is then refused by the aggregator).
   */
  topupMappingOf?: (productId: string) => Promise<TopupMapping | null>;
  /**
   * Whether the aggregator balance (read at most every 30 s, so once for a batch of lines)
   * covers `quantity` units at `unitCost` (null: an unmapped product, whose cost is unknown;
   * topup-account, issue 28); absent: always.
   */
  topupFunds?: (unitCost: TopupUnitCost | null, quantity: number) => Promise<boolean>;
  /**
   * These top-up and data lines of the buyer's order were delivered, told in the transaction that
   * finished the order, beside the buyer's own push ("top me up" requests, issue 31).
   */
  linesDelivered?: (
    tx: Db,
    order: { id: string; userId: string },
    /** `topupRequestId`: the request the line pays (its "Pay" put it in the cart), or null. */
    lines: { productId: string; phoneNumber: string; topupRequestId: string | null }[],
  ) => Promise<void>;
}

/** What every fulfilment use case works with: the deps, the order records and transactions. */
export interface FulfilmentContext {
  deps: FulfilmentDeps;
  db: Db;
  log: FastifyBaseLogger;
  orders: OrderRecords;
  transaction: <T>(fn: (tx: Db) => Promise<T>) => Promise<T>;
}

export function createFulfilmentContext(deps: FulfilmentDeps): FulfilmentContext {
  const { db, log } = deps;
  const orders = orderRecords(db);
  const transaction = <T>(fn: (tx: Db) => Promise<T>) => orders.inTransaction(fn);
  return { deps, db, log, orders, transaction };
}
