import type { AdminOrder } from '@shop/contracts/admin';
import type {
  AdminOrderDetail,
  AdminOrderItem,
  AdminOrderRefund,
  AdminRefundRequest,
  AdminTimelineEntry,
} from '@shop/contracts/admin-orders';
import { adminOrderMessages } from '@shop/contracts/admin-orders-messages';
import { adminSchemaMessages } from '@shop/contracts/admin-schema-messages';
import { formatRecipientNumber } from '@shop/contracts/phone';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import {
  CodesResendError,
  LineActionError,
  type FulfilmentService,
  type LineChangeHook,
  type LineActionProblem,
} from '../fulfilment/fulfilment.service.ts';
import { TopupUnavailableError } from '../fulfilment/topup-provider.ts';
import type { LoyaltyService } from '../loyalty/loyalty.service.ts';
import type { OrderItemRow, OrderRow } from '../orders/orders.service.ts';
import { staffFindingEventId } from '../payments/payments.service.ts';
import type { OrderRefundRow } from '../refunds/refunds.service.ts';
import { markRefundDone, RefundError } from '../refunds/refunds.service.ts';
import type { AdminOrderRecords, AdminOrdersRepo } from './admin-orders.repo.ts';
import { UNKNOWN_FINDING_ACTION } from './admin-payments.repo.ts';
import { shownStatusOf, toAdminMembership } from './admin.service.ts';
import type { AuditActor, AuditService } from './audit.service.ts';

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

/** What the audit log keeps of a refund, before and after a staff change. */
const refundRecord = (row: OrderRefundRow) => ({
  status: row.status,
  destination: row.destination,
  amountMmk: row.amountMmk,
  points: row.points,
  pointsReturned: row.pointsReturned,
  reference: row.reference,
  refundedAt: row.refundedAt?.toISOString() ?? null,
});

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
  /** `time`: the moment of the text's {time} token (the client writes it in Yangon time). */
  const add = (at: Date | null | undefined, kind: string, text: string, time?: Date) => {
    if (at) entries.push({ at, kind, text, ...(time ? { time } : {}) });
  };
  const itemName = new Map(items.map((i) => [i.id, i.name.en]));
  const nameOf = (itemId: string) => itemName.get(itemId) ?? 'a removed line';

  const units = items.reduce((n, i) => n + i.quantity, 0);
  add(
    order.createdAt,
    'checkout',
    `Order ${order.orderNumber} placed: ${plural(units, 'item')}, total ${kyat(order.totalMmk)}` +
      (order.discountMmk > 0 ? `, discount ${kyat(order.discountMmk)}` : '') +
      (order.promoCode ? ` (promo code ${order.promoCode})` : ''),
  );

  for (const p of records.payments) {
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

  const receipts = new Map(records.receipts.map((r) => [r.eventId, r]));
  const references = new Map(records.payments.map((p) => [p.id, p.reference]));
  for (const e of records.events) {
    const reference = e.paymentId ? references.get(e.paymentId) : undefined;
    const byStaff = reference !== undefined && e.eventId === staffFindingEventId(reference);
    add(e.receivedAt, byStaff ? 'staff' : 'webhook', eventText(e, receipts.get(e.id), byStaff));
  }
  add(order.cancelledAt, 'checkout', 'Order cancelled');

  for (const j of records.jobs) {
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

  const phones = new Map(items.map((i) => [i.id, i.phoneNumber]));
  /** The recipient as people read it ("09 250 000 123"), as the shop writes numbers elsewhere. */
  const recipient = (itemId: string) => {
    const phone = phones.get(itemId);
    return phone ? formatRecipientNumber(phone) : '?';
  };
  for (const t of records.topups) {
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

  // Cards: delivered per line, and revealed per line and moment (a download reveals many at once).
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

  const refund = records.refund;
  if (refund) {
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

  for (const r of records.providerRefunds) addProviderRefund(add, r);

  for (const l of records.ledger) {
    const what =
      l.kind === 'earn'
        ? `${plural(l.points, 'point')} earned${l.multiplier > 1 ? ` at ${String(l.multiplier)}× on bonus days` : ''}`
        : l.kind === 'redeem'
          ? `${plural(-l.points, 'point')} spent to pay`
          : `${plural(l.points, 'point')} given back`;
    add(l.createdAt, 'points', `${what} (balance ${String(l.balanceAfter)})`);
  }

  if (order.invoiceNumber)
    add(order.invoicedAt, 'invoice', `Invoice ${order.invoiceNumber} generated`);

  for (const a of records.audit) {
    const after =
      a.after && typeof a.after === 'object' ? (a.after as Record<string, unknown>) : null;
    add(
      a.createdAt,
      'staff',
      `${a.actorEmail} ${(auditTexts[a.action] ?? (() => a.action))(after)}`,
    );
  }

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

/**
 * A refund sent to the payment's provider (ADR 0060) on the timeline: when it was sent, and its
 * outcome with what support must do when the provider did not refund it.
 */
function addProviderRefund(
  add: (at: Date | null | undefined, kind: string, text: string) => void,
  r: AdminOrderRecords['providerRefunds'][number],
) {
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

/** Order detail and order actions of the back-office (issue 17). */
export function createAdminOrdersService(deps: {
  db: Db;
  repo: AdminOrdersRepo;
  audit: AuditService;
  loyalty: Pick<
    LoyaltyService,
    'refundCheckedPoints' | 'refundAsPoints' | 'pointsNeededFor' | 'membership'
  >;
  /** Fulfilment's line actions (ADR 0036) and a nudge for the job worker after a commit. */
  lines: Pick<
    FulfilmentService,
    'resolveUnconfirmed' | 'checkUnconfirmedCards' | 'startRetry' | 'queueCodesAgain'
  >;
  wakeWorker: () => void;
}) {
  const { db, repo } = deps;
  const notFound = () => new AppError('NOT_FOUND', adminOrderMessages.orderNotFound);

  async function detail(orderId: string): Promise<AdminOrderDetail> {
    const found = await repo.order(orderId);
    if (!found) throw notFound();
    const { order, customer, items } = found;
    const [records, membership] = await Promise.all([
      repo.records(
        orderId,
        items.map((i) => i.id),
      ),
      deps.loyalty.membership(customer.id),
    ]);
    const cardsOf = (itemId: string) => records.cards.filter((c) => c.orderItemId === itemId);
    const adminOrder: AdminOrder = {
      id: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      shownStatus: shownStatusOf(order.status, items),
      paymentStatus: order.paymentStatus,
      paymentMethod: order.paymentMethod,
      totalMmk: order.totalMmk,
      email: order.email,
      customer,
      recipients: [...new Set(items.flatMap((i) => (i.phoneNumber ? [i.phoneNumber] : [])))],
      itemCount: items.reduce((n, i) => n + i.quantity, 0),
      createdAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
    };
    const lines: AdminOrderItem[] = items.map((i) => ({
      id: i.id,
      productName: i.name,
      kind: i.kind,
      quantity: i.quantity,
      unitPriceMmk: i.unitPriceMmk,
      status: i.status,
      failureCode: i.failureCode,
      recipientPhone: i.phoneNumber,
      sku: i.sku,
      lineTotalMmk: i.lineTotalMmk,
      cardsDelivered: cardsOf(i.id).length,
      cardsRevealed: cardsOf(i.id).filter((c) => c.scratchedAt !== null).length,
    }));
    const r = records.refund;
    const refund: AdminOrderRefund | null = r && {
      status: r.status,
      destination: r.destination,
      amountMmk: r.amountMmk,
      points: r.points,
      reference: r.reference,
      createdAt: r.createdAt.toISOString(),
      refundedAt: r.refundedAt?.toISOString() ?? null,
      partial: r.partial,
      toCheck: items.some((i) => i.status === 'failed' && i.failureCode === 'unconfirmed'),
    };
    return {
      order: adminOrder,
      membership: toAdminMembership(membership),
      items: lines,
      refund,
      timeline: buildTimeline(order, items, records),
    };
  }

  const lineProblems: Record<LineActionProblem, () => AppError> = {
    no_order: notFound,
    no_item: () => new AppError('NOT_FOUND', adminOrderMessages.itemNotFound),
    not_unconfirmed: () => new AppError('CONFLICT', adminOrderMessages.notUnconfirmed),
    resolved_otherwise: () => new AppError('CONFLICT', adminOrderMessages.resolvedOtherwise),
    refund_paid: () => new AppError('CONFLICT', adminOrderMessages.refundPaidOut),
    refund_at_provider: () => new AppError('CONFLICT', adminOrderMessages.refundSentToProvider),
    no_refund: () => new AppError('CONFLICT', adminOrderMessages.noRefundRow),
    not_retryable: () => new AppError('CONFLICT', adminOrderMessages.notRetryable),
    resolve_first: () => new AppError('CONFLICT', adminOrderMessages.resolveFirst),
    points_order: () => new AppError('CONFLICT', adminOrderMessages.retryPointsOrder),
    no_recipient: () => new AppError('CONFLICT', adminOrderMessages.noRecipient),
    delivered: () => new AppError('CONFLICT', adminOrderMessages.lineDelivered),
  };
  /** A line action's problems as the back-office answers them (`own`: this action's wording). */
  async function lineAction<T>(
    run: () => Promise<T>,
    own: Partial<typeof lineProblems> = {},
  ): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof LineActionError) throw (own[err.problem] ?? lineProblems[err.problem])();
      throw err;
    }
  }
  /** The audit record of a line action, in the action's transaction. */
  const auditLine =
    (
      actor: AuditActor,
      action: string,
      orderId: string,
      what: Record<string, unknown>,
    ): LineChangeHook =>
    (tx, change) =>
      deps.audit.record(tx, actor, {
        action,
        targetType: 'order',
        targetId: orderId,
        before: change.before,
        after: { ...what, ...change.after, outcome: change.outcome },
      });
  const lineLabel = async (orderId: string, itemId: string) => {
    const found = await repo.order(orderId);
    const item = found?.items.find((i) => i.id === itemId);
    return {
      itemId,
      item: item
        ? `${item.name.en}${item.phoneNumber ? ` to ${formatRecipientNumber(item.phoneNumber)}` : ''}`
        : itemId,
    };
  };

  return {
    detail,

    /**
     * An unconfirmed top-up checked with the aggregator (ADR 0036): delivered (the refund shrinks,
     * the order may complete) or not delivered (it stays refunded; a points order's points come
     * back once nothing is left to check). Done once, audited in the same transaction.
     */
    async resolveTopup(orderId: string, itemId: string, delivered: boolean, actor: AuditActor) {
      const what = {
        ...(await lineLabel(orderId, itemId)),
        finding: delivered ? 'delivered' : 'not_delivered',
      };
      const { changed, outcome } = await lineAction(() =>
        deps.lines.resolveUnconfirmed(
          orderId,
          itemId,
          delivered,
          auditLine(actor, 'order.resolve_topup', orderId, what),
        ),
      );
      if (changed) deps.wakeWorker();
      const message = !changed
        ? adminOrderMessages.resolveAlreadyDone
        : delivered
          ? outcome === 'completed'
            ? adminOrderMessages.resolvedCompleted
            : adminOrderMessages.resolvedDelivered
          : outcome === 'refunded'
            ? adminOrderMessages.resolvedNotDeliveredRefunded
            : adminOrderMessages.resolvedNotDelivered;
      return { message, data: await detail(orderId) };
    },

    /**
     * An unconfirmed gift card bought on demand checked with Reloadly's report (issue 28): its
     * codes delivered, or the line not delivered. Once, audited in the same transaction; 503
     * when Reloadly cannot tell now (nothing changes).
     */
    async checkCards(orderId: string, itemId: string, actor: AuditActor) {
      const label = await lineLabel(orderId, itemId);
      const check = () =>
        deps.lines.checkUnconfirmedCards(orderId, itemId, (tx, change) =>
          auditLine(actor, 'order.check_cards', orderId, {
            ...label,
            finding: change.after.line.status === 'delivered' ? 'delivered' : 'not_delivered',
          })(tx, change),
        );
      const { changed, outcome, delivered } = await lineAction(check, {
        not_unconfirmed: () => new AppError('CONFLICT', adminOrderMessages.notUnconfirmedCards),
      }).catch((err: unknown) => {
        if (err instanceof TopupUnavailableError)
          throw new AppError('SERVICE_UNAVAILABLE', adminOrderMessages.cardsCheckUnavailable);
        throw err;
      });
      if (changed) deps.wakeWorker();
      const message = !changed
        ? adminOrderMessages.cardsCheckedBefore
        : !delivered
          ? adminOrderMessages.cardsNotBought
          : outcome === 'completed'
            ? adminOrderMessages.cardsFoundCompleted
            : adminOrderMessages.cardsFoundDelivered;
      return { message, data: await detail(orderId) };
    },

    /**
     * A failed top-up line sent to the aggregator again (ADR 0036): the retry job is written with
     * the audit record and runs after the answer; the detail shows the line pending meanwhile.
     */
    async retryTopup(orderId: string, itemId: string, actor: AuditActor) {
      const label = await lineLabel(orderId, itemId);
      const { changed } = await lineAction(() =>
        deps.lines.startRetry(orderId, itemId, (tx, change) =>
          auditLine(actor, 'order.retry_topup', orderId, {
            ...label,
            attempt: change.after.line.attempt,
          })(tx, change),
        ),
      );
      if (changed) deps.wakeWorker();
      return {
        message: changed ? adminOrderMessages.retryStarted : adminOrderMessages.retryRunning,
        data: await detail(orderId),
      };
    },

    /**
     * Pays out a pending refund (bank, with the payout reference) or gives it as points, once:
     * markRefundDone locks the order and the refund, so of two staff pressing at once one changes
     * it and the other finds it done. The audit record commits with the change.
     */
    async refund(orderId: string, body: AdminRefundRequest, actor: AuditActor) {
      try {
        const { refund, changed } = await markRefundDone(db, deps.loyalty, orderId, {
          destination: body.destination,
          reference: body.reference ?? null,
          onChange: (tx, before, after) =>
            deps.audit.record(tx, actor, {
              action: 'order.refund',
              targetType: 'order',
              targetId: orderId,
              before: refundRecord(before),
              after: refundRecord(after),
            }),
        });
        const message = !changed
          ? adminOrderMessages.refundAlreadyDone
          : refund.destination === 'points'
            ? adminOrderMessages.refundedToPoints
            : adminOrderMessages.refundedToBank;
        return { message, data: await detail(orderId) };
      } catch (err) {
        if (!(err instanceof RefundError)) throw err;
        switch (err.problem) {
          case 'no_order':
            throw notFound();
          case 'no_refund':
            throw new AppError('CONFLICT', adminOrderMessages.noPendingRefund);
          case 'points_only':
            throw new AppError('CONFLICT', adminOrderMessages.pointsOnly);
          case 'retrying':
            throw new AppError('CONFLICT', adminOrderMessages.refundWhileRetrying);
          case 'at_provider':
            throw new AppError('CONFLICT', adminOrderMessages.refundAtProvider);
          case 'reference_needed':
            throw new AppError('VALIDATION_ERROR', adminSchemaMessages.refundReference, {
              reference: adminSchemaMessages.refundReference,
            });
        }
      }
    },

    /**
     * Queues the codes e-mail of an order again, to its address (fulfilment's queueCodesAgain),
     * with its audit record in the same transaction; only for an order with cards delivered.
     */
    async resendCodes(orderId: string, actor: AuditActor): Promise<AdminOrderDetail> {
      try {
        await deps.lines.queueCodesAgain(orderId, {
          by: 'staff',
          record: (tx, sent) =>
            deps.audit.record(tx, actor, {
              action: 'order.resend_codes',
              targetType: 'order',
              targetId: orderId,
              after: { email: sent.email, cards: sent.cards, job: sent.job },
            }),
        });
      } catch (err) {
        if (!(err instanceof CodesResendError)) throw err;
        if (err.problem === 'no_order') throw notFound();
        throw new AppError(
          'CONFLICT',
          err.problem === 'no_codes' ? adminOrderMessages.noCodes : adminOrderMessages.noEmail,
        );
      }
      deps.wakeWorker();
      return detail(orderId);
    },
  };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
