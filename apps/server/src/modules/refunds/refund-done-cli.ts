import { parseArgs } from 'node:util';
import { openCliDatabase } from '../../platform/cli-database.ts';
import { systemClock } from '../../platform/clock.ts';
import { createLoyaltyService } from '../loyalty/loyalty.service.ts';
import { orderRecords } from '../orders/orders.service.ts';
import { markRefundDone, RefundError } from './refunds.service.ts';

// `npm run refund:done -w @shop/server -- --order <order id or number> [--reference <payout ref>]`:
// support paid a bank refund out (the bank's reference is required) or checked an unconfirmed
// top-up of a points order; the order's payment becomes refunded and the customer is told
// (a notice job the server sends; on the embedded database, stop the server first).

const usage =
  'usage: npm run refund:done -w @shop/server -- --order <order id or MT-… number> [--reference <payout reference>]';
let values: { order?: string; reference?: string };
try {
  ({ values } = parseArgs({
    options: { order: { type: 'string' }, reference: { type: 'string' } },
    strict: true,
  }));
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
if (!values.order) {
  console.error(usage);
  process.exit(2);
}

const { config, database, close } = await openCliDatabase();
let exitCode = 0;
try {
  const loyalty = createLoyaltyService({
    db: database.db,
    config: config.loyalty,
    clock: systemClock,
  });
  const orderId = await resolveOrderId(values.order);
  const { refund, changed } = await markRefundDone(database.db, loyalty, orderId, {
    reference: values.reference ?? null,
  });
  console.log(
    changed
      ? `Refund of ${String(refund.amountMmk)} MMK (${refund.destination}) marked refunded; the customer is told.`
      : `This refund was already marked refunded on ${refund.refundedAt?.toISOString() ?? '?'}; nothing changed.`,
  );
} catch (err) {
  console.error(err instanceof RefundError ? err.message : `failed: ${(err as Error).message}`);
  exitCode = 1;
} finally {
  await close();
}
process.exit(exitCode);

async function resolveOrderId(orderOrNumber: string): Promise<string> {
  const id = await orderRecords(database.db).idOf(orderOrNumber);
  if (!id) throw new RefundError(`no order ${orderOrNumber}`, 'no_order');
  return id;
}
