import {
  paymentProviderLabel,
  unknownPaymentStates,
  type AdminUnknownPayment,
  type UnknownPaymentFinding,
} from '@shop/contracts/admin-payments';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { toast } from '../../../components/ui/toast-store.ts';
import { adminLists, adminWrites } from '../api/admin-api.ts';
import { getStaffSession } from '../api/staff-session.ts';
import { ConfirmChoice } from './admin-form.tsx';
import { AdminList, type AdminColumn } from './admin-table.tsx';
import { kyat, statusText, when, type FilterField } from './admin-list.tsx';

const fields: FilterField[] = [
  { name: 'state', label: 'State', type: 'select', options: unknownPaymentStates },
];

/**
 * Payments whose outcome is unknown (issue 27, ADR 0059): the provider (Wave has no status API)
 * never reported on them, so the customer may have paid. Support checks the provider's merchant
 * portal; an admin records what it shows.
 */
export function UnknownPaymentsPage() {
  return (
    <>
      <h1>Unknown payments</h1>
      <p className="admin-note">
        The provider never said whether these were paid. Check each in the provider&apos;s merchant
        portal by its reference, then mark it paid or not paid. Unresolved ones come first.
      </p>
      <AdminList
        source={adminLists.unknownPayments}
        search={{ label: 'Filter unknown payments', fields }}
        empty="No payment's outcome is unknown."
        testId="admin-unknown-payments"
        rowKey={(payment) => payment.paymentId}
        columns={paymentColumns}
      />
    </>
  );
}

const paymentColumns: AdminColumn<AdminUnknownPayment>[] = [
  {
    header: 'Order',
    rowHeader: true,
    cell: (payment) => (
      <>
        <Link href={`/orders/${payment.order.id}`}>{payment.order.orderNumber}</Link>
        <span className="admin-sub">{statusText(payment.order.status)}</span>
      </>
    ),
  },
  {
    header: 'Customer',
    cell: (payment) => (
      <>
        {payment.customer.name}
        <span className="admin-sub">{payment.customer.email}</span>
      </>
    ),
  },
  { header: 'Amount', cell: (payment) => kyat(payment.amountMmk) },
  {
    header: 'Provider and reference',
    cell: (payment) => (
      <>
        {paymentProviderLabel(payment.provider)}
        <span className="admin-sub">
          <code translate="no">{payment.reference}</code>
        </span>
      </>
    ),
  },
  { header: 'Window ended', cell: (payment) => when(payment.windowEndedAt) },
  { header: 'Resolved', cell: (payment) => <Resolution payment={payment} /> },
  { header: 'Actions', cell: (payment) => <FindingActions payment={payment} /> },
];

/** What the shop did when the finding came, when it says more than "paid" or "refused". */
function outcomeNote(outcome: string): string | null {
  if (outcome === 'applied' || outcome === 'declined') return null;
  if (outcome === 'order_cancelled') return 'Order cancelled';
  if (outcome === 'order_unchanged') return 'Order was already paid or ended';
  return `${statusText(outcome)}: flagged for refund`;
}

/** Unresolved, or paid / not paid, by the provider's later callback or by whom on staff, and when. */
function Resolution({ payment }: { payment: AdminUnknownPayment }) {
  const { resolution } = payment;
  if (!resolution) return <strong>Unresolved</strong>;
  const who =
    resolution.by === 'staff'
      ? `marked by ${resolution.staffEmail ?? 'staff'}`
      : `reported by ${paymentProviderLabel(payment.provider)}`;
  const note = outcomeNote(resolution.outcome);
  return (
    <>
      {resolution.finding === 'paid' ? 'Paid' : 'Not paid'}, {who}
      <span className="admin-sub">
        {when(resolution.at)}
        {note ? ` · ${note}` : ''}
      </span>
    </>
  );
}

/** What each finding does, said in the confirmation before it is recorded (it cannot be undone). */
function findingConsequence(payment: AdminUnknownPayment, finding: UnknownPaymentFinding) {
  const provider = paymentProviderLabel(payment.provider);
  const { orderNumber } = payment.order;
  if (finding === 'paid')
    return `Only if the ${provider} merchant portal shows payment ${payment.reference} of ${kyat(payment.amountMmk)} as paid. Order ${orderNumber} is then paid and fulfilled as if ${provider} had reported it; if the order can no longer take the money, it is flagged for refund. This is recorded once, in your name, and cannot be undone.`;
  const cancels =
    payment.order.status === 'pending' ? ` and order ${orderNumber} is cancelled` : '';
  return `Only if the ${provider} merchant portal shows that payment ${payment.reference} was not paid. The payment ends${cancels}. This is recorded once, in your name, and cannot be undone.`;
}

/**
 * Mark paid / Mark not paid (admins, unresolved payments only), each asked about first in a
 * confirmation that says what follows.
 */
function FindingActions({ payment }: { payment: AdminUnknownPayment }) {
  const record = useRecordFinding(payment);
  if (payment.resolution || getStaffSession()?.staff.role !== 'admin') return <>—</>;
  return (
    <ConfirmChoice<UnknownPaymentFinding>
      choices={[
        { value: 'paid', label: 'Mark paid' },
        { value: 'not_paid', label: 'Mark not paid' },
      ]}
      record={record}
      title={(finding) =>
        finding === 'paid'
          ? `Mark payment ${payment.reference} paid?`
          : `Mark payment ${payment.reference} not paid?`
      }
      description={(finding) => findingConsequence(payment, finding)}
      fallback="The finding could not be recorded."
      confirmLabel={(finding) => (finding === 'paid' ? 'Yes, it was paid' : 'Yes, it was not paid')}
    />
  );
}

/** Records a finding, says what the server did, and reads again what it changed. */
function useRecordFinding(payment: AdminUnknownPayment) {
  const queryClient = useQueryClient();
  return async (finding: UnknownPaymentFinding) => {
    const answer = await adminWrites.recordPaymentFinding(payment.paymentId, finding);
    toast.success(answer.message);
    await Promise.all(
      [
        ['admin', 'unknown-payments'],
        ['admin', 'dashboard'],
        ['admin', 'orders'],
        ['admin', 'order', payment.order.id],
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  };
}
