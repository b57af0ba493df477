import { decryptSecret } from '../../platform/crypto.ts';
import { stockRecords } from '../catalogue/stock-reservation.ts';
import type { FulfilmentContext } from './fulfilment-context.ts';
import {
  createFulfilmentRepo,
  type DeliveredCard,
  type OrderCardRow,
  type TopupRequestRow,
} from './fulfilment.repo.ts';

export interface OrderDeliveries {
  cardsByItem: Map<string, DeliveredCard[]>;
  topupByItem: Map<string, TopupRequestRow>;
}

export async function deliveries(
  ctx: FulfilmentContext,
  orderIds: string[],
  reveal: 'scratched' | 'all',
) {
  const { deps, db } = ctx;
  const fulfilment = createFulfilmentRepo(db);
  const orderCards = await fulfilment.cardsOfOrders(orderIds);
  const cards = new Map(
    (await stockRecords(db).cardsByIds(orderCards.map((c) => c.cardId))).map((c) => [c.id, c]),
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

/** The PINs of cards, not marking them scratched (a share link's holder reveals them). */
export async function readPins(
  ctx: FulfilmentContext,
  cardIds: string[],
): Promise<Map<string, { pin: string; serial: string }>> {
  const { deps, db } = ctx;
  const cards = await stockRecords(db).cardsByIds(cardIds);
  return new Map(
    cards.map((c) => [c.id, { pin: decryptSecret(c.pinEncrypted, deps.pinKey), serial: c.serial }]),
  );
}

/** Cards and E-load results of orders, PINs only of revealed cards (or all, for downloads). */
export async function deliveriesOf(
  ctx: FulfilmentContext,
  orderIds: string[],
  itemIds: string[],
  reveal: 'scratched' | 'all',
): Promise<OrderDeliveries> {
  const { db } = ctx;
  const { cardsByItem } = await deliveries(ctx, orderIds, reveal);
  const topups = await createFulfilmentRepo(db).topupRequestsOf(itemIds);
  return { cardsByItem, topupByItem: new Map(topups.map((t) => [t.orderItemId, t])) };
}

/** Redemption instructions and gift-card face values of products (catalogue stock data). */
export async function productDetails(ctx: FulfilmentContext, productIds: string[]) {
  const { db } = ctx;
  const stock = stockRecords(db);
  const [instructions, faceValues] = await Promise.all([
    stock.instructionsOf(productIds),
    stock.faceValuesOf(productIds),
  ]);
  return { instructions, faceValues };
}

/** The delivered card with this id and the order it belongs to, or null. */
export async function findDeliveredCard(
  ctx: FulfilmentContext,
  cardId: string,
): Promise<OrderCardRow | null> {
  const { db } = ctx;
  return createFulfilmentRepo(db).findOrderCard(cardId);
}

/** Reveals cards to their buyer (scratch or download): marks them scratched, answers PINs. */
export async function revealCards(
  ctx: FulfilmentContext,
  cardIds: string[],
): Promise<Map<string, { pin: string; serial: string }>> {
  const { db } = ctx;
  await createFulfilmentRepo(db).markScratched(cardIds);
  return readPins(ctx, cardIds);
}
