import type { AdminCustomerDetail, AdminLedgerEntry } from '@shop/contracts/admin-customers';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { adminWrites, useAdminCustomer } from '../api/admin-api.ts';
import { getStaffSession } from '../api/staff-session.ts';
import { AdminAlert } from './admin-alert.tsx';
import { AdminPanel, FormPanel, TextField } from './admin-form.tsx';
import { kyat, membershipText, NotLoaded, recipientText, when } from './admin-list.tsx';
import { AdminTable, type AdminColumn } from './admin-table.tsx';
import { orderColumns } from './orders-page.tsx';

/**
 * One customer (ADR 0037): their orders and points, points adjusted with a reason (a ledger
 * entry), and block / unblock — a blocked account cannot sign in or check out, its sessions end.
 */
export function CustomerDetailPage() {
  const { id } = useParams<{ id: string }>();
  const query = useAdminCustomer(id);
  if (!query.data) {
    return (
      <NotLoaded
        query={query}
        fallback="The customer could not be loaded."
        heading="Customer"
        back={{ href: '/customers', text: 'Back to the customers' }}
      />
    );
  }
  const detail = query.data.data;
  const { customer } = detail;
  const isAdmin = getStaffSession()?.staff.role === 'admin';
  return (
    <>
      <p>
        <Link href="/customers">← Customers</Link>
      </p>
      <h1>{customer.name}</h1>
      <dl className="admin-facts">
        <dt>E-mail</dt>
        <dd>{customer.email}</dd>
        <dt>Phone</dt>
        <dd>{recipientText(customer.phoneNumber)}</dd>
        <dt>Joined</dt>
        <dd>{when(customer.createdAt)}</dd>
        <dt>Orders</dt>
        <dd>
          {customer.orderCount} · {kyat(customer.spentMmk)} spent
        </dd>
        <dt>Points</dt>
        <dd data-testid="customer-points">{detail.pointsBalance}</dd>
        <dt>Tier</dt>
        <dd data-testid="customer-tier">{membershipText(detail.membership)}</dd>
        <dt>Account</dt>
        <dd data-testid="customer-state">
          {detail.blocked
            ? `Blocked on ${when(detail.blockedAt)}: ${detail.blockedReason ?? ''}`
            : 'Active'}
        </dd>
      </dl>
      {isAdmin && customer.role === 'user' ? (
        <>
          <PointsForm customerId={customer.id} />
          <BlockForm detail={detail} />
        </>
      ) : null}

      <h2>Points ledger</h2>
      {detail.ledger.length === 0 ? (
        <p className="admin-empty">No points yet.</p>
      ) : (
        <AdminTable
          testId="customer-ledger"
          rows={detail.ledger}
          rowKey={(entry) => entry.id}
          columns={ledgerColumns}
        />
      )}

      <h2>Latest orders</h2>
      {detail.orders.length === 0 ? (
        <p className="admin-empty">No orders yet.</p>
      ) : (
        <AdminTable
          rows={detail.orders}
          rowKey={(order) => order.id}
          columns={orderColumns(false)}
        />
      )}
    </>
  );
}

const ledgerColumns: AdminColumn<AdminLedgerEntry>[] = [
  { header: 'When', cell: (entry) => when(entry.createdAt) },
  {
    header: 'Points',
    cell: (entry) => (entry.points > 0 ? `+${String(entry.points)}` : entry.points),
  },
  { header: 'Balance', cell: (entry) => entry.balanceAfter },
  {
    header: 'Why',
    cell: (entry) =>
      [entry.kind.replace(/_/g, ' '), entry.orderNumber, entry.reason].filter(Boolean).join(' · '),
  },
];

/**
 * A write on the customer: `run` makes the call, shows the customer's new state (its answer), says
 * it was done, reads the list again and calls `after`; a refusal is kept in `failure`.
 */
function useCustomerWrite(customerId: string) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const run = async (
    call: () => Promise<{ message: string; data: AdminCustomerDetail }>,
    after: () => void,
  ) => {
    setFailure(null);
    try {
      const answer = await call();
      queryClient.setQueryData(['admin', 'customer', customerId], answer);
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'customers'] });
      after();
    } catch (error) {
      setFailure(error);
    }
  };
  return { failure, run };
}

function PointsForm({ customerId }: { customerId: string }) {
  const id = useId();
  const write = useCustomerWrite(customerId);
  const form = useForm<{ points: string; reason: string }>({
    defaultValues: { points: '', reason: '' },
  });
  const submit = form.handleSubmit((values) =>
    write.run(
      () =>
        adminWrites.adjustPoints(customerId, {
          points: Number(values.points.replace(/[,\s]/g, '')),
          reason: values.reason,
        }),
      () => {
        form.reset();
      },
    ),
  );
  return (
    <FormPanel
      title="Adjust points"
      grid
      onSubmit={submit}
      failure={write.failure}
      fallback="The points could not be changed."
      busy={form.formState.isSubmitting}
      label="Adjust points"
    >
      <TextField
        id={`${id}-points`}
        label="Points"
        hint="Negative to take points away."
        registration={form.register('points')}
        inputMode="numeric"
      />
      <TextField
        id={`${id}-reason`}
        label="Reason"
        hint="Kept in the ledger and the audit log."
        registration={form.register('reason')}
      />
    </FormPanel>
  );
}

function BlockForm({ detail }: { detail: AdminCustomerDetail }) {
  const id = useId();
  const customerId = detail.customer.id;
  const write = useCustomerWrite(customerId);
  const form = useForm<{ reason: string }>({ defaultValues: { reason: '' } });
  const submit = form.handleSubmit(({ reason }) =>
    write.run(
      () =>
        detail.blocked ? adminWrites.unblock(customerId) : adminWrites.block(customerId, reason),
      () => {
        form.reset();
      },
    ),
  );
  return (
    <AdminPanel title={detail.blocked ? 'Unblock the account' : 'Block the account'}>
      <form className="admin-form" onSubmit={(event) => void submit(event)} noValidate>
        {detail.blocked ? (
          <p>The customer can sign in and buy again; they sign in afresh.</p>
        ) : (
          <>
            <p>
              A blocked account cannot sign in or check out, and every session it has ends at once.
            </p>
            <TextField
              id={`${id}-reason`}
              label="Reason for blocking"
              registration={form.register('reason')}
            />
          </>
        )}
        <AdminAlert error={write.failure} fallback="The account could not be changed." />
        <Button
          type="submit"
          variant={detail.blocked ? 'secondary' : 'danger'}
          busy={form.formState.isSubmitting}
          busyLabel="Saving…"
        >
          {detail.blocked ? 'Unblock' : 'Block'}
        </Button>
      </form>
    </AdminPanel>
  );
}
