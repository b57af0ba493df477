import type { AdminOrderDetail } from '@shop/contracts/admin-orders';
import { paymentMethodLabel } from '@shop/contracts/checkout';
import { isCardKind, isToCheck } from '@shop/contracts/orders';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { adminWrites, useAdminOrder } from '../api/admin-api.ts';
import { getStaffSession } from '../api/staff-session.ts';
import { AdminAlert } from './admin-alert.tsx';
import { ConfirmChoice } from './admin-form.tsx';
import { AdminTable, type AdminColumn } from './admin-table.tsx';
import { kyat, membershipText, NotLoaded, recipientText, statusText, when } from './admin-list.tsx';

/**
 * One order: its lines and how each ended, the refund with its actions (admin), the codes e-mail
 * sent again (support), and the timeline of everything recorded about it (ADR 0036).
 */
export function OrderDetailPage() {
  const { id } = useParams<{ id: string }>();
  const query = useAdminOrder(id);
  const queryClient = useQueryClient();
  const retrying = query.data?.data.items.some(
    (item) => item.status === 'pending' && query.data.data.order.status === 'failed',
  );
  // A top-up sent again is answered by the job worker: read the order again until it has been.
  useEffect(() => {
    if (!retrying) return;
    const timer = setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'order', id] });
    }, 2000);
    return () => {
      clearInterval(timer);
    };
  }, [retrying, id, queryClient]);
  if (!query.data) {
    return (
      <NotLoaded
        query={query}
        fallback="The order could not be loaded."
        heading="Order"
        back={{ href: '/orders', text: 'Back to the orders' }}
      />
    );
  }
  const { order, membership, items, refund, timeline } = query.data.data;
  return (
    <>
      <p>
        <Link href="/orders">← Orders</Link>
      </p>
      <h1>Order {order.orderNumber}</h1>
      <dl className="admin-facts">
        <dt>Status</dt>
        <dd data-testid="admin-order-status">{statusText(order.shownStatus)}</dd>
        <dt>Payment</dt>
        <dd data-testid="admin-order-payment">
          {statusText(order.paymentStatus)}
          {order.paymentMethod ? ` (${paymentMethodLabel(order.paymentMethod)})` : ''}
        </dd>
        <dt>Total</dt>
        <dd>{kyat(order.totalMmk)}</dd>
        <dt>Customer</dt>
        <dd>
          {order.customer.name} · {order.customer.email} ·{' '}
          {recipientText(order.customer.phoneNumber)}
        </dd>
        <dt>Customer tier</dt>
        <dd data-testid="admin-order-tier">{membershipText(membership)}</dd>
        <dt>Placed</dt>
        <dd>{when(order.createdAt)}</dd>
        <dt>Paid</dt>
        <dd>{when(order.paidAt)}</dd>
      </dl>

      <h2>Lines</h2>
      <AdminTable
        rows={items}
        rowKey={(item) => item.id}
        columns={[
          ...lineColumns,
          {
            header: 'Actions',
            cell: (item) => <LineActions detail={query.data.data} item={item} />,
          },
        ]}
      />

      <OrderActions detail={query.data.data} />
      {refund ? <RefundPanel order={order} refund={refund} /> : null}

      <h2>Timeline</h2>
      <ol className="admin-timeline" data-testid="admin-order-timeline">
        {timeline.map((entry, index) => (
          <li key={`${entry.at}-${String(index)}`}>
            <time dateTime={entry.at}>{when(entry.at)}</time>
            <span className="admin-tag">{entry.kind}</span> <TimelineText entry={entry} />
          </li>
        ))}
      </ol>
    </>
  );
}

/** An entry's text, its {time} (e.g. when a share link ends) in Yangon time as the rest (issue 26). */
function TimelineText({ entry }: { entry: AdminOrderDetail['timeline'][number] }) {
  if (!entry.time) return <>{entry.text}</>;
  const [before, after] = entry.text.split('{time}');
  return (
    <>
      {before}
      <time dateTime={entry.time}>{when(entry.time)}</time>
      {after}
    </>
  );
}

/** Puts the order's new state (the action's answer) where the page reads it. */
function useShowAnswer(orderId: string) {
  const queryClient = useQueryClient();
  return async (answer: { message: string; data: AdminOrderDetail }) => {
    queryClient.setQueryData(['admin', 'order', orderId], answer);
    toast.success(answer.message);
    await queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
    await queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
  };
}

function OrderActions({ detail }: { detail: AdminOrderDetail }) {
  const show = useShowAnswer(detail.order.id);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  if (!detail.items.some((item) => item.cardsDelivered > 0)) return null;
  return (
    <section aria-labelledby="order-actions-title" className="admin-panel">
      <h2 id="order-actions-title">Codes e-mail</h2>
      <p>Sends the e-mail with the order&apos;s codes to the customer again.</p>
      <AdminAlert error={failure} fallback="The e-mail could not be sent again." />
      <Button
        variant="secondary"
        busy={busy}
        busyLabel="Sending…"
        onClick={() => {
          setBusy(true);
          setFailure(null);
          adminWrites
            .resendCodes(detail.order.id)
            .then(show)
            .catch((error: unknown) => {
              setFailure(error);
            })
            .finally(() => {
              setBusy(false);
            });
        }}
      >
        Send the codes e-mail again
      </Button>
    </section>
  );
}

type Line = AdminOrderDetail['items'][number];
/** A line's status cell: where the focus goes once its action's button is gone. */
const lineStatusId = (itemId: string) => `admin-line-status-${itemId}`;

/** A line's product, quantity, total, recipient, status and cards (its actions follow). */
const lineColumns: AdminColumn<Line>[] = [
  {
    header: 'Product',
    rowHeader: true,
    cell: (item) => (
      <>
        {item.productName.en}
        <span className="admin-sub">{item.sku}</span>
      </>
    ),
  },
  { header: 'Quantity', cell: (item) => item.quantity },
  { header: 'Total', cell: (item) => kyat(item.lineTotalMmk) },
  { header: 'Recipient', cell: (item) => recipientText(item.recipientPhone) },
  {
    header: 'Status',
    cellAttributes: (item) => ({ id: lineStatusId(item.id), tabIndex: -1 }),
    cell: (item) => (
      <>
        {isToCheck(item) ? 'Checking with the operator' : statusText(item.status)}
        {item.failureCode ? ` (${item.failureCode.replace(/_/g, ' ')})` : ''}
      </>
    ),
  },
  {
    header: 'Cards',
    cell: (item) =>
      item.cardsDelivered
        ? `${String(item.cardsDelivered)} delivered, ${String(item.cardsRevealed)} revealed`
        : '—',
  },
];
const RETRYABLE = ['declined', 'error', 'not_delivered'];

/**
 * What an admin may do about one line (ADR 0036): an unconfirmed top-up is resolved after a look
 * at the aggregator's books (a confirmation dialog says what follows), a declined or unsent one is
 * sent again while its bank refund is pending; an unconfirmed gift card bought on demand is
 * checked with Reloadly's own report (issue 28: the shop reads the finding, nobody types it).
 */
function LineActions({ detail, item }: { detail: AdminOrderDetail; item: Line }) {
  const show = useShowAnswer(detail.order.id);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const isAdmin = getStaffSession()?.staff.role === 'admin';
  const { refund } = detail;
  const open = refund?.status === 'refund_pending';
  const eload = item.kind === 'topup' || item.kind === 'data';
  const cards = isCardKind(item.kind);
  if (eload && item.status === 'pending' && detail.order.status === 'failed')
    return <span role="status">Sending again…</span>;
  if (!isAdmin || !open || !(eload || cards) || item.status !== 'failed') return <>—</>;
  const run = (
    action: () => Promise<{ message: string; data: AdminOrderDetail }>,
    after?: () => void,
  ) => {
    setBusy(true);
    setFailure(null);
    action()
      .then(async (answer) => {
        await show(answer);
        after?.();
      })
      .catch((error: unknown) => {
        setFailure(error);
      })
      .finally(() => {
        setBusy(false);
      });
  };
  /** A button that acts at once, and the server's refusal under it. */
  const actionButton = (
    text: { label: string; busyLabel: string; fallback: string },
    action: () => Promise<{ message: string; data: AdminOrderDetail }>,
    after?: () => void,
  ) => (
    <div className="admin-actions">
      <Button
        variant="secondary"
        busy={busy}
        busyLabel={text.busyLabel}
        onClick={() => {
          run(action, after);
        }}
      >
        {text.label}
      </Button>
      <AdminAlert error={failure} fallback={text.fallback} />
    </div>
  );
  if (cards) {
    if (item.failureCode !== 'unconfirmed') return <>—</>;
    return actionButton(
      {
        label: 'Check with Reloadly',
        busyLabel: 'Asking Reloadly…',
        fallback: 'Reloadly could not be asked.',
      },
      () => adminWrites.checkCards(detail.order.id, item.id),
      // Checked, the line is settled and this button goes: the focus goes to its status.
      () => document.getElementById(lineStatusId(item.id))?.focus(),
    );
  }
  if (item.failureCode === 'unconfirmed') {
    const line = `${item.productName.en} to ${recipientText(item.recipientPhone)}`;
    return (
      <ConfirmChoice
        choices={[
          { value: true, label: 'Mark delivered' },
          { value: false, label: 'Not delivered' },
        ]}
        record={(delivered) =>
          adminWrites.resolveLine(detail.order.id, item.id, delivered).then(show)
        }
        title={(delivered) =>
          delivered ? 'Mark the top-up delivered?' : 'Mark the top-up not delivered?'
        }
        description={(delivered) =>
          delivered
            ? `Only if the aggregator's records show that ${line} arrived. Its ${kyat(item.lineTotalMmk)} leave the refund; with nothing left to refund the order is completed. The customer is told.`
            : `Only if the aggregator's records show that ${line} never arrived. It stays in the refund${refund.destination === 'points' ? '; with nothing else to check, the points go back now' : ', which waits for its bank payout'}.`
        }
        fallback="The line could not be changed."
        confirmLabel={(delivered) =>
          delivered ? 'Yes, it was delivered' : 'Yes, it was not delivered'
        }
      />
    );
  }
  if (refund.destination !== 'bank' || !RETRYABLE.includes(item.failureCode ?? 'error'))
    return <>—</>;
  return actionButton(
    {
      label: 'Retry top-up',
      busyLabel: 'Sending…',
      fallback: 'The top-up could not be sent again.',
    },
    () => adminWrites.retryLine(detail.order.id, item.id),
  );
}

interface RefundValues {
  destination: 'points' | 'bank';
  reference: string;
}

/** Where a pending refund goes, as the refund form offers it. */
const refundDestinations = [
  { value: 'points', label: 'Points (the customer can spend them at once)' },
  { value: 'bank', label: "Paid by bank (enter the payout's reference)" },
] as const;

function RefundPanel({
  order,
  refund,
}: {
  order: AdminOrderDetail['order'];
  refund: NonNullable<AdminOrderDetail['refund']>;
}) {
  const id = useId();
  const orderId = order.id;
  const show = useShowAnswer(orderId);
  /** The bank refund being confirmed (its reference), or null (issue 26: money leaves, once). */
  const [confirming, setConfirming] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const isAdmin = getStaffSession()?.staff.role === 'admin';
  const form = useForm<RefundValues>({ defaultValues: { destination: 'points', reference: '' } });
  // Local state, not useWatch: see FestivalsForm in settings-page.tsx (ADR 0038).
  const [destination, setDestination] = useState<RefundValues['destination']>('points');
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    // A bank payout is asked about first; without a reference the server's answer says what is wrong.
    const reference = values.reference.trim();
    if (values.destination === 'bank' && reference && confirming === null) {
      setConfirming(reference);
      return;
    }
    setConfirming(null);
    try {
      await show(
        await adminWrites.refundOrder(
          orderId,
          values.destination === 'bank'
            ? { destination: 'bank', reference: values.reference }
            : { destination: 'points' },
        ),
      );
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <section aria-labelledby={`${id}-title`} className="admin-panel" data-testid="admin-refund">
      <h2 id={`${id}-title`}>Refund</h2>
      <p>
        {kyat(refund.amountMmk)}
        {refund.points === null ? '' : ` (${String(refund.points)} points)`}
        {refund.partial ? ' for the part that failed' : ''} ·{' '}
        <strong>{refund.status === 'refunded' ? 'Refunded' : 'Refund pending'}</strong>
        {refund.status === 'refunded'
          ? ` to ${refund.destination === 'points' ? 'points' : 'the bank'} on ${when(refund.refundedAt)}${refund.reference ? ` (reference ${refund.reference})` : ''}`
          : ''}
      </p>
      {refund.toCheck && refund.status === 'refund_pending' ? (
        <p className="admin-note">
          A top-up behind it is unconfirmed: check with the aggregator that it did not arrive before
          refunding.
        </p>
      ) : null}
      {refund.status === 'refund_pending' && isAdmin ? (
        <form className="admin-form" onSubmit={(event) => void submit(event)} noValidate>
          <fieldset className="admin-choice">
            <legend>Refund to</legend>
            {refundDestinations.map((choice) => (
              <label key={choice.value}>
                <input
                  type="radio"
                  value={choice.value}
                  {...form.register('destination', {
                    onChange: (event: { target: { value: RefundValues['destination'] } }) => {
                      setDestination(event.target.value);
                    },
                  })}
                />{' '}
                {choice.label}
              </label>
            ))}
          </fieldset>
          {destination === 'bank' ? (
            <FormField id={`${id}-reference`} label="Bank payout reference">
              <input
                {...form.register('reference')}
                {...fieldAria(`${id}-reference`)}
                className="ui-input"
              />
            </FormField>
          ) : null}
          <AdminAlert error={failure} fallback="The refund could not be recorded." />
          <Button type="submit" busy={form.formState.isSubmitting} busyLabel="Refunding…">
            {destination === 'bank' ? 'Mark refunded by bank' : 'Refund to points'}
          </Button>
          <Dialog
            open={confirming !== null}
            onClose={() => {
              setConfirming(null);
            }}
            role="alertdialog"
            size="small"
            title={`Refund ${kyat(refund.amountMmk)} to the bank?`}
            description={`${kyat(refund.amountMmk)} go back to the bank or wallet account that paid order ${order.orderNumber}${order.paymentMethod ? ` (${paymentMethodLabel(order.paymentMethod)})` : ''}, with payout reference ${confirming ?? ''}. This is recorded once and cannot be undone; the customer is told.`}
          >
            <div className="admin-actions">
              <Button
                data-autofocus
                variant="secondary"
                onClick={() => {
                  setConfirming(null);
                }}
              >
                Cancel
              </Button>
              <Button
                busy={form.formState.isSubmitting}
                busyLabel="Refunding…"
                onClick={() => void submit()}
              >
                Yes, refund to the bank
              </Button>
            </div>
          </Dialog>
        </form>
      ) : null}
    </section>
  );
}
