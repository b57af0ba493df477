import { isCardKind } from '@shop/contracts/orders';
import { enqueueJob } from '../../platform/jobs.ts';
import type { FulfilmentContext } from './fulfilment-context.ts';
import { SEND_ORDER_CODES_JOB } from './fulfilment-jobs.ts';
import { createFulfilmentRepo } from './fulfilment.repo.ts';
import { giveBoughtCards } from './on-demand-cards.ts';
import {
  LineActionError,
  lineState,
  lockLine,
  outcomeOf,
  settleUnconfirmed,
  type LineChangeHook,
  type LineOutcome,
} from './settle-lines.ts';

/**
 * Staff checked an `unconfirmed` top-up with the aggregator (ADR 0036): it arrived (the line is
 * delivered) or it did not (the line fails as `not_delivered`). Once: the finding is kept on the
 * request, so the same call again changes nothing and the other finding is refused. Never
 * after the refund was paid out. `onChange` (the audit record) runs in the same transaction.
 */
export async function resolveUnconfirmed(
  ctx: FulfilmentContext,
  orderId: string,
  itemId: string,
  delivered: boolean,
  onChange?: LineChangeHook,
): Promise<{ changed: boolean; outcome: LineOutcome }> {
  const { log, transaction } = ctx;
  return transaction(async (tx) => {
    const { order, refund, item, attempts } = await lockLine(tx, orderId, itemId);
    const last = attempts.at(-1);
    const finding = delivered ? 'delivered' : 'not_delivered';
    if (last?.resolution) {
      if (last.resolution !== finding) throw new LineActionError('resolved_otherwise');
      return { changed: false, outcome: outcomeOf(order, refund) };
    }
    if (isCardKind(item.kind) || item.status !== 'failed' || item.failureCode !== 'unconfirmed')
      throw new LineActionError('not_unconfirmed');
    if (!refund) throw new LineActionError('no_refund');
    if (refund.status === 'refunded') throw new LineActionError('refund_paid');
    const before = await lineState(tx, orderId, itemId);
    if (last) await createFulfilmentRepo(tx).resolveTopupRequest(last.id, finding);
    const outcome = await settleUnconfirmed(ctx, tx, order, refund, itemId, delivered);
    await onChange?.(tx, { before, after: await lineState(tx, orderId, itemId), outcome });
    log.info({ orderId, itemId, delivered, outcome }, 'unconfirmed top-up resolved by staff');
    return { changed: true, outcome };
  });
}

/**
 * Support's check of an `unconfirmed` gift card bought on demand (issue 28): the aggregator's
 * report is read by the line's key, never ordering anything. Bought: its codes are given to the
 * line, which is delivered (the refund shrinks, the codes e-mail is queued); refused or absent:
 * the line fails as `not_delivered` (its refund stands). Once, audited in the transaction;
 * never after the refund was paid out. Throws TopupUnavailableError when the report cannot
 * tell now (unreachable, the order still processing): nothing changes.
 */
export async function checkUnconfirmedCards(
  ctx: FulfilmentContext,
  orderId: string,
  itemId: string,
  onChange?: LineChangeHook,
): Promise<{ changed: boolean; outcome: LineOutcome; delivered: boolean }> {
  const { deps, db, log, orders, transaction } = ctx;
  const line = (await orders.findOrder(orderId))?.items.find((i) => i.id === itemId);
  if (!line) throw new LineActionError('no_item');
  const request = (await createFulfilmentRepo(db).topupRequestsOf([itemId])).at(-1);
  const giftCards = deps.giftCards;
  if (!isCardKind(line.kind) || !giftCards || request?.provider !== giftCards.name)
    throw new LineActionError('not_unconfirmed');
  // Asked only while there is something to find out (a second call finds it resolved).
  const asked =
    request.resolution === null && line.status === 'failed' && line.failureCode === 'unconfirmed';
  const found = asked
    ? await giftCards.find({
        idempotencyKey: request.idempotencyKey,
        quantity: line.quantity,
        since: request.createdAt,
      })
    : null;
  return transaction(async (tx) => {
    const { order, refund, item, attempts } = await lockLine(tx, orderId, itemId);
    const last = attempts.at(-1);
    if (last?.resolution)
      return {
        changed: false,
        outcome: outcomeOf(order, refund),
        delivered: last.resolution === 'delivered',
      };
    if (!asked || item.status !== 'failed' || item.failureCode !== 'unconfirmed' || !last)
      throw new LineActionError('not_unconfirmed');
    if (!refund) throw new LineActionError('no_refund');
    if (refund.status === 'refunded') throw new LineActionError('refund_paid');
    const before = await lineState(tx, orderId, itemId);
    const delivered = found?.status === 'success';
    const fulfilment = createFulfilmentRepo(tx);
    if (found) await fulfilment.finishTopupRequest(itemId, found, last.attempt);
    if (found?.status === 'success') await giveBoughtCards(ctx, tx, orderId, item, found.cards);
    await fulfilment.resolveTopupRequest(last.id, delivered ? 'delivered' : 'not_delivered');
    const outcome = await settleUnconfirmed(ctx, tx, order, refund, itemId, delivered);
    if (delivered)
      await enqueueJob(tx, {
        type: SEND_ORDER_CODES_JOB,
        dedupeKey: `${SEND_ORDER_CODES_JOB}:${orderId}:checked:${itemId}`,
        payload: { orderId },
      });
    await onChange?.(tx, { before, after: await lineState(tx, orderId, itemId), outcome });
    log.info({ orderId, itemId, delivered, outcome }, 'unconfirmed gift card checked by staff');
    return { changed: true, outcome, delivered };
  });
}
