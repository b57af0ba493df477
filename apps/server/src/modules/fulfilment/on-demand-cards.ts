import { randomUUID } from 'node:crypto';
import { isCardKind } from '@shop/contracts/orders';
import { encryptSecret } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import { stockRecords } from '../catalogue/stock-reservation.ts';
import { orderRecords, type OrderItemRow } from '../orders/orders.service.ts';
import { topupKeyOf } from './deliver-topup.ts';
import type { FulfilmentContext } from './fulfilment-context.ts';
import { createFulfilmentRepo } from './fulfilment.repo.ts';
import { isPending, type FailureCode } from './line-status.ts';
import type { BoughtCard, GiftCardResult } from './providers/reloadly-giftcards.ts';
import { TopupUnavailableError } from './topup-provider.ts';

/** A card line bought on demand (ADR 0063): its Reloadly product, null when no longer set. */
export type OnDemandSource = { reloadlyProductId: number; unitPrice: string } | null;

/**
 * The pending card lines whose cards are bought on demand (ADR 0063): their product's source is
 * Reloadly, or a purchase was recorded for them already (a product switched back to imported
 * stock meanwhile never gets a line delivered twice, from stock and from Reloadly).
 */
export async function onDemandLines(tx: Db, items: OrderItemRow[]) {
  const cardLines = items.filter((i) => isCardKind(i.kind) && isPending(i));
  if (cardLines.length === 0) return new Map<string, OnDemandSource>();
  const sources = await stockRecords(tx).onDemandOf(cardLines.map((i) => i.productId));
  const started = new Set(
    (await createFulfilmentRepo(tx).topupRequestsOf(cardLines.map((i) => i.id))).map(
      (r) => r.orderItemId,
    ),
  );
  return new Map<string, OnDemandSource>(
    cardLines
      .filter((i) => sources.has(i.productId) || started.has(i.id))
      .map((i) => [i.id, sources.get(i.productId) ?? null]),
  );
}

/**
 * The bought cards of an on-demand line, in one transaction with the line: stored sold with
 * their codes encrypted like imported stock, given to the line (order_cards), the line
 * delivered; a refused order fails the line (`declined`, refunded by finish). A rerun after a
 * commit finds the line no longer pending and changes nothing.
 */
async function recordBoughtCards(
  ctx: FulfilmentContext,
  tx: Db,
  orderId: string,
  item: OrderItemRow,
  result: GiftCardResult,
) {
  const txOrders = orderRecords(tx);
  const order = await txOrders.lockOrder(orderId);
  const line = (await txOrders.findOrder(orderId))?.items.find((i) => i.id === item.id);
  if (order?.status !== 'processing' || !line || !isPending(line)) return;
  await createFulfilmentRepo(tx).finishTopupRequest(item.id, result);
  if (result.status === 'failed') {
    await txOrders.setItemStatus(item.id, 'failed', 'declined' satisfies FailureCode);
    return;
  }
  await giveBoughtCards(ctx, tx, orderId, item, result.cards);
  await txOrders.setItemStatus(item.id, 'delivered');
}

/** Bought cards stored sold (codes encrypted like imported stock) and given to the line. */
export async function giveBoughtCards(
  ctx: FulfilmentContext,
  tx: Db,
  orderId: string,
  item: OrderItemRow,
  bought: BoughtCard[],
) {
  const { deps } = ctx;
  const cards = bought.map((card) => ({
    id: randomUUID(),
    productId: item.productId,
    serial: card.serial,
    pinEncrypted: encryptSecret(card.code, deps.pinKey),
    status: 'sold' as const,
    soldAt: new Date(),
  }));
  await stockRecords(tx).insertCards(cards);
  await createFulfilmentRepo(tx).insertOrderCards(
    cards.map((card, position) => ({ orderId, orderItemId: item.id, cardId: card.id, position })),
  );
}

/**
 * Step 1b: an on-demand card line's cards are bought from Reloadly with the line's key, the
 * request recorded (and committed) first, like an E-load line's: a rerun looks the key up
 * before ordering again, and a line whose buy never answered ends `unconfirmed`.
 */
export async function buyOnDemand(
  ctx: FulfilmentContext,
  orderId: string,
  item: OrderItemRow,
  source: OnDemandSource,
) {
  const { deps, db, log, transaction } = ctx;
  const giftCards = deps.giftCards;
  if (!giftCards || !source)
    throw new TopupUnavailableError(
      `no Reloadly gift-card source for product ${item.productId} (RELOADLY_GIFTCARDS_URL, the product's Reloadly id)`,
    );
  const key = topupKeyOf(item.id, 1);
  const request = await createFulfilmentRepo(db).startTopupRequest({
    orderItemId: item.id,
    idempotencyKey: key,
    provider: giftCards.name,
  });
  const result = await giftCards.buy({
    idempotencyKey: key,
    reloadlyProductId: source.reloadlyProductId,
    unitPrice: source.unitPrice,
    quantity: item.quantity,
    since: request.createdAt,
  });
  await transaction((tx) => recordBoughtCards(ctx, tx, orderId, item, result));
  log.info(
    { orderId, itemId: item.id, status: result.status, reference: result.reference },
    'gift cards bought on demand',
  );
}
