import type { Db } from '../../platform/db.ts';
import { orderRecords, type OrderItemRow, type OrderRow } from '../orders/orders.service.ts';
import type { FulfilmentContext } from './fulfilment-context.ts';
import { createFulfilmentRepo } from './fulfilment.repo.ts';
import { failureCodeOf } from './line-status.ts';
import { TopupAwaitingFundsError, type TopupMapping, type TopupResult } from './topup-provider.ts';

/** The aggregator's idempotency key of a line's attempt: the item id, then `<id>:<attempt>`. */
export const topupKeyOf = (itemId: string, attempt: number) =>
  attempt === 1 ? itemId : `${itemId}:${String(attempt)}`;

/**
 * Before an attempt is first sent, the balance must cover it: else nothing is recorded or sent
 * and the line waits for funds (TopupAwaitingFundsError, no try used up). Once an attempt may
 * have been sent, it is always looked up at the aggregator: a top-up that already took the
 * money must be found, whatever the balance says now.
 */
async function awaitFundsBeforeFirstSend(
  ctx: FulfilmentContext,
  item: OrderItemRow,
  attempt: number,
  mapping: TopupMapping | null,
): Promise<void> {
  const { deps, db } = ctx;
  if (!deps.topupFunds || (await deps.topupFunds(mapping?.unitCost ?? null, item.quantity))) return;
  const requests = await createFulfilmentRepo(db).topupRequestsOf([item.id]);
  if (requests.some((r) => r.attempt === attempt)) return;
  throw new TopupAwaitingFundsError(
    `the ${deps.topup.name} balance does not cover this line: it waits for the account to be funded`,
  );
}

/**
 * One attempt of an E-load line: recorded (and committed) first, then sent with the attempt's
 * key; a rerun of the job sends the same key, which the aggregator answers from its record.
 * Throws when the aggregator gives no answer (the job retries).
 */
export async function callAggregator(
  ctx: FulfilmentContext,
  item: OrderItemRow & { phoneNumber: string },
  attempt: number,
) {
  const { deps, db } = ctx;
  const key = topupKeyOf(item.id, attempt);
  const mapping = (await deps.topupMappingOf?.(item.productId)) ?? null;
  await awaitFundsBeforeFirstSend(ctx, item, attempt, mapping);
  await createFulfilmentRepo(db).startTopupRequest({
    orderItemId: item.id,
    idempotencyKey: key,
    provider: deps.topup.name,
    attempt,
  });
  const kind = item.kind === 'data' ? 'data' : 'topup';
  return deps.topup.send({
    idempotencyKey: key,
    kind,
    mapping,
    msisdn: item.phoneNumber,
    operator: item.operatorCode,
    productCode: item.sku ?? item.productId,
    quantity: item.quantity,
    amountMmk: item.topupAmountMmk,
    dataMb: item.dataMb,
  });
}

/** The aggregator's answer on the attempt and the line, in the caller's transaction. */
export async function recordAnswer(tx: Db, itemId: string, attempt: number, result: TopupResult) {
  await createFulfilmentRepo(tx).finishTopupRequest(itemId, result, attempt);
  await orderRecords(tx).setItemStatus(
    itemId,
    result.status === 'success' ? 'delivered' : 'failed',
    failureCodeOf(result),
  );
}

/** Step 2: each pending E-load line is sent once (recorded first, the same key on retry). */
export async function sendTopup(
  ctx: FulfilmentContext,
  order: OrderRow,
  item: OrderItemRow,
): Promise<void> {
  const { log, orders, transaction } = ctx;
  const { phoneNumber } = item;
  if (!phoneNumber) {
    await orders.setItemStatus(item.id, 'failed', 'error');
    return;
  }
  const result = await callAggregator(ctx, { ...item, phoneNumber }, 1);
  await transaction((tx) => recordAnswer(tx, item.id, 1, result));
  log.info(
    { orderId: order.id, itemId: item.id, status: result.status, reference: result.reference },
    'top-up answered',
  );
}
