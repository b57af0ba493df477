import { isCardKind } from '@shop/contracts/orders';
import { claimCards } from './claim-cards.ts';
import { sendTopup } from './deliver-topup.ts';
import { finishOrder } from './finish-order.ts';
import type { FulfilmentContext } from './fulfilment-context.ts';
import { createFulfilmentRepo } from './fulfilment.repo.ts';
import { isPending, type FailureCode } from './line-status.ts';
import { buyOnDemand, onDemandLines } from './on-demand-cards.ts';

/** The fulfilment job: cards claimed, on-demand cards bought, E-load lines sent, the order ended. */
export async function fulfilOrder(ctx: FulfilmentContext, orderId: string): Promise<void> {
  const { db } = ctx;
  const claimed = await claimCards(ctx, orderId);
  if (!claimed) return;
  const onDemand = await onDemandLines(db, claimed.items);
  for (const item of claimed.items) {
    if (onDemand.has(item.id)) await buyOnDemand(ctx, orderId, item, onDemand.get(item.id) ?? null);
  }
  for (const item of claimed.items) {
    if (isCardKind(item.kind) || !isPending(item)) continue;
    await sendTopup(ctx, claimed.order, item);
  }
  await finishOrder(ctx, orderId);
}

/**
 * The last attempt failed (the provider stayed unreachable…): what is still pending fails, and
 * the order ends failed and flagged for refund rather than stay processing for ever.
 */
export async function abandonOrder(ctx: FulfilmentContext, orderId: string): Promise<void> {
  const { db, orders } = ctx;
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
  await finishOrder(ctx, orderId);
}
