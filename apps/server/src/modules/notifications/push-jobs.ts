import type { OrderPushEvent } from '@shop/contracts/notifications';
import type { Db } from '../../platform/db.ts';
import { enqueueJob } from '../../platform/jobs.ts';

export const PUSH_JOB = 'send_push';

/**
 * Queues the push of an order event with the caller's transaction (transactional outbox, DESIGN
 * §6.3): written only if the event is, once per order and event (the dedupe key).
 */
export async function enqueuePush(tx: Db, orderId: string, event: OrderPushEvent): Promise<void> {
  await enqueueJob(tx, {
    type: PUSH_JOB,
    dedupeKey: `${PUSH_JOB}:${event}:${orderId}`,
    payload: { orderId, event },
  });
}
