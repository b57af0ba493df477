import type { AdminTimelineEntry } from '@shop/contracts/admin-orders';
import { formatRecipientNumber } from '@shop/contracts/phone';
import type { OrderItemRow, OrderRow } from '../orders/orders.service.ts';
import { staffFindingEventId } from '../payments/payments.service.ts';
import type { AdminOrderRecords } from './admin-orders.repo.ts';
import { UNKNOWN_FINDING_ACTION } from './admin-payments.repo.ts';

/** The order timeline of the back-office's order detail (issue 17). */

const kyat = (n: number) => `${n.toLocaleString('en-US')} MMK`;
/** Job errors can be long stack-like texts: one line, bounded. */
const oneLine = (text: string | null, max = 300) => {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};
const plural = (n: number, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`;

const jobLabels: Record<string, (payload: Record<string, unknown>) => string> = {
  fulfil_order: () => 'Fulfilment job',
  retry_topup: (p) => `Top-up retry (attempt ${said(p.attempt)})`,
  send_order_codes: (p) =>
    !p.resend
      ? 'Codes e-mail'
      : p.by === 'customer'
        ? 'Codes e-mail (sent again by the customer)'
        : 'Codes e-mail (sent again by staff)',
  send_refund_notice: (p) =>
    p.event === 'delivered'
      ? 'Notice that a top-up arrived after all, by e-mail/SMS'
      : `Refund notice (${String(p.event)}) by e-mail/SMS`,
  send_push: (p) => `Push notification (${String(p.event)})`,
  provider_refund: (p) => `Refund through ${said(p.provider)}`,
};
const jobKinds: Record<string, string> = { send_order_codes: 'email', send_refund_notice: 'email' };

/** A value of an audit record as text (numbers and strings; anything else is left out). */
const said = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

const auditTexts: Record<string, (after: Record<string, unknown> | null) => string> = {
  'order.refund': (after) =>
    after?.destination === 'points'
      ? `gave the refund as ${said(after.points)} points`
      : `marked the refund paid to the bank (reference ${said(after?.reference)})`,
  'order.resend_codes': () => 'sent the codes e-mail again',
  'order.resolve_topup': (after) =>
    `checked the unconfirmed top-up of ${said(after?.item)} with the aggregator: ${
      after?.finding === 'delivered' ? 'delivered' : 'not delivered'
    }` +
    (after?.outcome === 'completed'
      ? '; the order is completed'
      : after?.outcome === 'refunded'
        ? '; the refund is done'
        : ''),
  'order.retry_topup': (after) =>
    `sent the top-up of ${said(after?.item)} to the aggregator again (attempt ${said(after?.attempt)})`,
  [UNKNOWN_FINDING_ACTION]: (after) =>
    `checked the ${said(after?.provider)} merchant portal for payment ${said(after?.reference)}, whose outcome was unknown: ${
      after?.finding === 'paid' ? 'paid' : 'not paid'
    } (${said(after?.outcome).replace(/_/g, ' ')})`,
};

type PaymentEventRecord = AdminOrderRecords['events'][number];
type ReceiptRecord = AdminOrderRecords['receipts'][number];

/** What arrived with an event: the amount and what the shop did with it, or nothing. */
const receiptText = (r: ReceiptRecord | undefined) =>
  r
    ? `; received ${r.amount.toLocaleString('en-US')} ${r.currency} (${r.outcome})` +
      (r.refundRequired
        ? `, ${r.refundAmount.toLocaleString('en-US')} ${r.currency} to refund`
        : '')
    : '';

/**
 * A payment event as the timeline says it: a callback (or the sweep's query), a provider's silence
 * (ADR 0059), or staff's finding in the provider's merchant portal about that silence.
 */
function eventText(e: PaymentEventRecord, receipt: ReceiptRecord | undefined, byStaff: boolean) {
  if (e.type === 'payment.unknown')
    return `Payment outcome unknown: ${e.provider} never reported on this payment. The customer may have paid: check the ${e.provider} merchant portal, then refund or resolve the order`;
  if (!byStaff) return `Webhook ${e.type} from ${e.provider}: ${e.outcome}${receiptText(receipt)}`;
  const finding = e.type === 'payment.succeeded' ? 'paid' : 'not paid';
  return (
    `Staff's finding from the ${e.provider} merchant portal: ${finding}` +
    (receipt ? receiptText(receipt) : ` (${e.outcome.replace(/_/g, ' ')})`)
  );
}

/** `time`: the moment of the text's {time} token (the client writes it in Yangon time). */
type Add = (at: Date | null | undefined, kind: string, text: string, time?: Date) => void;

/**
 * The order's history from what the database records, oldest first (issue 17). Nothing is made
 * up: each line comes from a row or a timestamp the modules wrote while the order went along.
 */
export function buildTimeline(
  order: OrderRow,
  items: OrderItemRow[],
  records: AdminOrderRecords,
): AdminTimelineEntry[] {
  const entries: { at: Date; kind: string; text: string; time?: Date }[] = [];
  const add: Add = (at, kind, text, time) => {
    if (at) entries.push({ at, kind, text, ...(time ? { time } : {}) });
  };
  const itemName = new Map(items.map((i) => [i.id, i.name.en]));
  const nameOf = (itemId: string) => itemName.get(itemId) ?? 'a removed line';

  addPlaced(add, order, items);
  addPayments(add, records.payments);
  addPaymentEvents(add, records);
  add(order.cancelledAt, 'checkout', 'Order cancelled');
  addJobs(add, records.jobs);
  addTopups(add, records.topups, items, nameOf);
  addCards(add, records, nameOf);
  for (const s of records.shares) {
    add(s.createdAt, 'share', `Share link created (${s.type}), valid until {time}`, s.expiresAt);
    add(s.disabledAt, 'share', 'Share link disabled');
  }
  if (order.completedAt)
    add(
      order.completedAt,
      'job',
      `Order ended ${order.status === 'completed' ? 'completed' : order.status}`,
    );
  if (records.refund) addRefund(add, records.refund);
  for (const r of records.providerRefunds) addProviderRefund(add, r);
  addPoints(add, records.ledger);
  if (order.invoiceNumber)
    add(order.invoicedAt, 'invoice', `Invoice ${order.invoiceNumber} generated`);
  addAudit(add, records.audit);

  // Oldest first; what happened in the same instant keeps the order it was added in (stable sort).
  return entries
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((e) => ({
      at: e.at.toISOString(),
      kind: e.kind,
      text: e.text,
      ...(e.time ? { time: e.time.toISOString() } : {}),
    }));
}

/** The order placed: how many units, its total, and its discount and promo code if any. */
function addPlaced(add: Add, order: OrderRow, items: OrderItemRow[]) {
  const units = items.reduce((n, i) => n + i.quantity, 0);
  add(
    order.createdAt,
    'checkout',
    `Order ${order.orderNumber} placed: ${plural(units, 'item')}, total ${kyat(order.totalMmk)}` +
      (order.discountMmk > 0 ? `, discount ${kyat(order.discountMmk)}` : '') +
      (order.promoCode ? ` (promo code ${order.promoCode})` : ''),
  );
}

/** Each payment session: opened, then paid (or not applied), expired, failed or cancelled. */
function addPayments(add: Add, payments: AdminOrderRecords['payments']) {
  for (const p of payments) {
    add(
      p.createdAt,
      'payment',
      p.method === 'points'
        ? `Points payment of ${kyat(p.amountMmk)} started`
        : `${p.method.toUpperCase()} payment of ${kyat(p.amountMmk)} opened at ${p.provider} (reference ${p.reference})`,
    );
    if (p.paidAt)
      add(
        p.paidAt,
        'payment',
        `Payment of ${kyat(p.amountMmk)} received (${p.method})` +
          (p.refundRequired
            ? `; not applied, ${kyat(p.refundAmountMmk ?? p.amountMmk)} to refund: ${oneLine(p.refundReason, 120)}`
            : ''),
      );
    else if (p.status === 'expired') add(p.expiresAt, 'payment', 'Payment session expired unpaid');
    else if (p.status === 'failed' || p.status === 'cancelled')
      add(p.updatedAt, 'payment', `Payment session ${p.status}`);
  }
}

/** The providers' payment events, and staff's findings recorded as events (ADR 0059). */
function addPaymentEvents(add: Add, records: AdminOrderRecords) {
  const receipts = new Map(records.receipts.map((r) => [r.eventId, r]));
  const references = new Map(records.payments.map((p) => [p.id, p.reference]));
  for (const e of records.events) {
    const reference = e.paymentId ? references.get(e.paymentId) : undefined;
    const byStaff = reference !== undefined && e.eventId === staffFindingEventId(reference);
    add(e.receivedAt, byStaff ? 'staff' : 'webhook', eventText(e, receipts.get(e.id), byStaff));
  }
}

/** Each background job: queued, then done, failed, running, or waiting for its next try. */
function addJobs(add: Add, jobs: AdminOrderRecords['jobs']) {
  for (const j of jobs) {
    const label = (jobLabels[j.type] ?? (() => `Job ${j.type}`))(j.payload);
    const kind = jobKinds[j.type] ?? 'job';
    add(j.createdAt, kind, `${label} queued`);
    const tries = j.attempts > 1 ? ` after ${plural(j.attempts, 'attempt')}` : '';
    if (j.status === 'done') add(j.updatedAt, kind, `${label} done${tries}`);
    else if (j.status === 'failed')
      add(j.updatedAt, kind, `${label} failed${tries}: ${oneLine(j.lastError)}`);
    else if (j.status === 'running')
      add(j.updatedAt, kind, `${label} running (attempt ${String(j.attempts)})`);
    else if (j.attempts > 0 && j.lastError)
      add(
        j.updatedAt,
        kind,
        `${label} attempt ${String(j.attempts)} failed, next try {time}: ${oneLine(j.lastError)}`,
        j.runAt,
      );
  }
}

/** Each top-up request: sent, resolved by staff if unanswered, and the aggregator's answer. */
function addTopups(
  add: Add,
  topups: AdminOrderRecords['topups'],
  items: OrderItemRow[],
  nameOf: (itemId: string) => string,
) {
  const phones = new Map(items.map((i) => [i.id, i.phoneNumber]));
  /** The recipient as people read it ("09 250 000 123"), as the shop writes numbers elsewhere. */
  const recipient = (itemId: string) => {
    const phone = phones.get(itemId);
    return phone ? formatRecipientNumber(phone) : '?';
  };
  for (const t of topups) {
    const calls = t.calls > 1 ? ` (${String(t.calls)} calls)` : '';
    const attempt = t.attempt > 1 ? ` (attempt ${String(t.attempt)})` : '';
    add(
      t.createdAt,
      'topup',
      `Top-up request${attempt} for ${recipient(t.orderItemId)} (${nameOf(t.orderItemId)}) sent to ${t.provider}${calls}`,
    );
    add(
      t.resolvedAt,
      'topup',
      `Unanswered top-up${attempt} of ${nameOf(t.orderItemId)} resolved by staff: ${
        t.resolution === 'delivered' ? 'delivered' : 'not delivered'
      }`,
    );
    if (t.completedAt)
      add(
        t.completedAt,
        'topup',
        `Top-up ${t.status === 'success' ? 'confirmed' : 'declined'} by ${t.provider}` +
          (t.reference ? ` (reference ${t.reference})` : '') +
          (t.providerMessage ? `: ${oneLine(t.providerMessage, 120)}` : ''),
      );
  }
}

/** Cards: delivered per line, and revealed per line and moment (a download reveals many at once). */
function addCards(add: Add, records: AdminOrderRecords, nameOf: (itemId: string) => string) {
  const grouped = new Map<
    string,
    { at: Date; kind: string; itemId: string; n: number; how: string }
  >();
  const group = (at: Date | null, kind: string, itemId: string, how: string) => {
    if (!at) return;
    const key = `${kind}|${how}|${itemId}|${String(at.getTime())}`;
    const found = grouped.get(key);
    if (found) found.n += 1;
    else grouped.set(key, { at, kind, itemId, n: 1, how });
  };
  for (const c of records.cards) {
    group(c.createdAt, 'job', c.orderItemId, 'delivered');
    group(c.scratchedAt, 'scratch', c.orderItemId, 'revealed by the buyer');
  }
  for (const r of records.reveals)
    group(r.revealedAt, 'share', r.orderItemId, 'revealed through a share link');
  for (const g of grouped.values())
    add(
      g.at,
      g.kind,
      g.how === 'delivered'
        ? `${plural(g.n, 'card')} of ${nameOf(g.itemId)} delivered`
        : `${plural(g.n, 'card')} of ${nameOf(g.itemId)} ${g.how}`,
    );
}

/** The refund owed (to the bank or as points), and when it was done. */
function addRefund(add: Add, refund: NonNullable<AdminOrderRecords['refund']>) {
  add(
    refund.createdAt,
    'refund',
    `Refund of ${kyat(refund.amountMmk)} owed for ${refund.partial ? 'the failed part' : 'the whole order'}` +
      (refund.destination === 'points' && refund.points !== null
        ? ` (${plural(refund.points, 'point')})`
        : ' (to the bank)'),
  );
  add(
    refund.refundedAt,
    'refund',
    refund.destination === 'points'
      ? `Refund done: ${plural(refund.points ?? refund.pointsReturned, 'point')} to the customer's points`
      : `Refund done: paid to the bank${refund.reference ? `, reference ${refund.reference}` : ''}`,
  );
}

/** The points ledger: earned, spent to pay, or given back, with the balance after each. */
function addPoints(add: Add, ledger: AdminOrderRecords['ledger']) {
  for (const l of ledger) {
    const what =
      l.kind === 'earn'
        ? `${plural(l.points, 'point')} earned${l.multiplier > 1 ? ` at ${String(l.multiplier)}× on bonus days` : ''}`
        : l.kind === 'redeem'
          ? `${plural(-l.points, 'point')} spent to pay`
          : `${plural(l.points, 'point')} given back`;
    add(l.createdAt, 'points', `${what} (balance ${String(l.balanceAfter)})`);
  }
}

/** What staff did to the order, from the audit log. */
function addAudit(add: Add, audit: AdminOrderRecords['audit']) {
  for (const a of audit) {
    const after =
      a.after && typeof a.after === 'object' ? (a.after as Record<string, unknown>) : null;
    add(
      a.createdAt,
      'staff',
      `${a.actorEmail} ${(auditTexts[a.action] ?? (() => a.action))(after)}`,
    );
  }
}

/**
 * A refund sent to the payment's provider (ADR 0060) on the timeline: when it was sent, and its
 * outcome with what support must do when the provider did not refund it.
 */
function addProviderRefund(add: Add, r: AdminOrderRecords['providerRefunds'][number]) {
  const what = `${r.orderRefundId ? 'Refund' : 'Refund of money the order could not use'}, ${kyat(r.amountMmk)}`;
  add(r.createdAt, 'refund', `${what}, sent to ${r.provider} (refund request ${r.requestNo})`);
  const manually = r.orderRefundId
    ? 'pay it out by hand, then mark the refund done'
    : 'pay it out by hand';
  if (r.status === 'pending')
    add(r.updatedAt, 'refund', `${r.provider} accepted the refund and has not finished it yet`);
  else if (r.status === 'refunded')
    add(
      r.completedAt,
      'refund',
      `Refund of ${kyat(r.amountMmk)} made by ${r.provider}` +
        (r.providerRef ? ` (its refund ${r.providerRef})` : ''),
    );
  else if (r.status === 'refused')
    add(
      r.completedAt,
      'refund',
      `${r.provider} refused the refund of ${kyat(r.amountMmk)}: ${oneLine(r.message, 200)}. Nothing went back: ${manually}`,
    );
  else if (r.status === 'unknown')
    add(
      r.completedAt,
      'refund',
      `Outcome of the refund of ${kyat(r.amountMmk)} at ${r.provider} unknown: ${oneLine(r.message, 200)}. Check refund request ${r.requestNo} in the ${r.provider} merchant portal; if nothing went back, ${manually}`,
    );
}
