import { stockShortMessage } from '@shop/contracts/cart';
import type { Language, LocalizedText } from '@shop/contracts/i18n';
import { isCardKind } from '@shop/contracts/orders';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { createStockRepo, type StockRepo } from './stock.repo.ts';

export type { CardRow } from './stock.repo.ts';

/** An order line as the reservation needs it. */
export interface ReservableLine {
  productId: string;
  kind: string;
  quantity: number;
  name: LocalizedText;
}

/**
 * Holds the order's E-PIN and gift-card units until `until` (DESIGN §6.5), inside the caller's
 * transaction: cards the order holds already are kept (their time extended), the rest are taken
 * from free stock. A line that cannot get all its units throws 409 "Sold out" / "Only N left"
 * (in the request's language), and the caller's transaction rolls back: nothing is held, no
 * order or payment is written. Answers the products of the reserved lines.
 */
export async function reserveOrderStock(
  tx: Db,
  orderId: string,
  lines: readonly ReservableLine[],
  times: { until: Date; now: Date },
  lang: Language,
): Promise<string[]> {
  const stock = createStockRepo(tx);
  const reserved: string[] = [];
  // Cards bought on demand at fulfilment (ADR 0063) have no stock to hold.
  const onDemand = await stock.onDemandOf(lines.map((l) => l.productId));
  for (const line of lines) {
    if (!isCardKind(line.kind) || onDemand.has(line.productId)) continue;
    const held = await stock.reserve(
      { orderId, productId: line.productId, quantity: line.quantity },
      times.until,
      times.now,
    );
    if (held < line.quantity)
      throw new AppError('CONFLICT', stockShortMessage(line.name, held, lang));
    reserved.push(line.productId);
  }
  return reserved;
}

/** Whether any of the products has no free card left (the cached catalogue must say so). */
export async function anySoldOut(db: Db, productIds: string[]): Promise<boolean> {
  if (productIds.length === 0) return false;
  const free = await createStockRepo(db).countFree(productIds);
  return productIds.some((id) => (free.get(id) ?? 0) === 0);
}

/**
 * What other modules may do to card stock, on the database or inside their own transaction
 * (issue 30: they pass the transaction and get these operations, never the repo): see what an
 * order holds, give holds back, sell held cards, and add the cards bought on demand.
 */
export type StockRecords = Pick<
  StockRepo,
  | 'productsHeldBy'
  | 'release'
  | 'releaseLapsed'
  | 'onDemandOf'
  | 'countFreeOrHeldBy'
  | 'countLiveHeldBy'
  | 'insertCards'
  | 'cardsByIds'
  | 'instructionsOf'
  | 'countAvailable'
  | 'faceValuesOf'
  | 'lockAvailable'
  | 'lockReserved'
  | 'markSold'
>;
export const stockRecords = (db: Db): StockRecords => createStockRepo(db);
