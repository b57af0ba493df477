import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { stockRecords } from '../catalogue/stock-reservation.ts';
import { orderRecords } from '../orders/orders.service.ts';
import { deliveries } from './card-reveal.ts';
import type { FulfilmentContext } from './fulfilment-context.ts';
import { SEND_ORDER_CODES_JOB } from './fulfilment-jobs.ts';
import { orderCodesEmail } from './fulfilment.email.ts';
import { createFulfilmentRepo } from './fulfilment.repo.ts';

/** Who asked for the codes e-mail again: staff in the back-office, or the buyer (ADR 0050). */
export type CodesResendBy = 'staff' | 'customer';

/** Why the codes e-mail cannot be sent again. */
export type CodesResendProblem = 'no_order' | 'no_codes' | 'no_email';

export class CodesResendError extends Error {
  constructor(readonly problem: CodesResendProblem) {
    super(`codes e-mail not sent again: ${problem}`);
  }
}

/** A codes e-mail queued again: where it goes, where the order's codes went before, the job. */
export interface CodesResent {
  email: string;
  previousEmail: string | null;
  cards: number;
  job: string;
}

/**
 * The codes email (at least once: a crash after sending and before recording resends), to `to`
 * when the job names an address (a resend, ADR 0050), else to the order's address.
 */
export async function sendOrderCodes(
  ctx: FulfilmentContext,
  orderId: string,
  to: string | null = null,
): Promise<void> {
  const { deps, db, orders } = ctx;
  const found = await orders.findOrder(orderId);
  const email = to ?? found?.order.email;
  if (!found || !email) return;
  const { cardsByItem } = await deliveries(ctx, [orderId], 'all');
  const instructions = await stockRecords(db).instructionsOf(found.items.map((i) => i.productId));
  await deps.mailer.send({
    to: email,
    ...orderCodesEmail({
      order: found.order,
      items: found.items,
      cardsByItem,
      instructions,
      orderUrl: `${deps.publicUrl}/orders/${orderId}`,
    }),
  });
}

/**
 * Queues the codes e-mail of an order again (a new job: the first one's key is spent), to
 * `email` when given — which becomes the order's address, so its page shows where the codes
 * went — else to the order's address. Only for an order with cards delivered. `record` runs in
 * the same transaction (staff's audit record), so a crash loses neither.
 */
export async function queueCodesAgain(
  ctx: FulfilmentContext,
  orderId: string,
  request: {
    email?: string | null;
    by: CodesResendBy;
    record?: (tx: Db, sent: CodesResent) => Promise<void>;
  },
): Promise<CodesResent> {
  const { log, transaction } = ctx;
  const sent = await transaction(async (tx) => {
    const txOrders = orderRecords(tx);
    const order = await txOrders.lockOrder(orderId);
    if (!order) throw new CodesResendError('no_order');
    const cards = (await createFulfilmentRepo(tx).cardsOfOrders([orderId])).length;
    if (cards === 0) throw new CodesResendError('no_codes');
    const email = request.email ?? order.email;
    if (!email) throw new CodesResendError('no_email');
    if (email !== order.email) await txOrders.setEmail(orderId, email);
    const job = `${SEND_ORDER_CODES_JOB}:${orderId}:resend:${randomUUID()}`;
    await enqueueJob(tx, {
      type: SEND_ORDER_CODES_JOB,
      dedupeKey: job,
      payload: { orderId, resend: true, by: request.by, email },
    });
    const done: CodesResent = { email, previousEmail: order.email, cards, job };
    await request.record?.(tx, done);
    return done;
  });
  log.info(
    { orderId, by: request.by, changed: sent.email !== sent.previousEmail, job: sent.job },
    'codes e-mail queued again',
  );
  return sent;
}
