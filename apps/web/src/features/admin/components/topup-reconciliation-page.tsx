import {
  topupReconciliationResponseSchema,
  type TopupReconciliationMismatch,
} from '@shop/contracts/topup-provider-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { adminCall } from '../api/admin-api.ts';
import { AdminAlert } from './admin-alert.tsx';
import { AdminTable, type AdminColumn } from './admin-table.tsx';

const reconciliationKey = ['admin', 'topup-reconciliation'] as const;

const useReconciliation = () =>
  useQuery({
    queryKey: reconciliationKey,
    queryFn: ({ signal }) =>
      adminCall('/topup-provider/reconciliation', topupReconciliationResponseSchema, { signal }),
    retry: false,
  });

const kindText: Record<TopupReconciliationMismatch['kind'], string> = {
  theirs_without_ours: 'At the aggregator, not in the shop',
  ours_without_theirs: 'Delivered by the shop, not in their report',
  amount_differs: 'Amounts differ',
};

/** A record as it was stored, readable (one "key: value" a line). */
function RecordText({ record }: { record: Record<string, unknown> | null | undefined }) {
  if (!record) return <>—</>;
  return (
    <pre className="admin-record">
      {Object.entries(record)
        .filter(([, value]) => value !== null && value !== undefined)
        .map(
          ([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
        )
        .join('\n')}
    </pre>
  );
}

const orderIdOf = (mismatch: TopupReconciliationMismatch) =>
  typeof mismatch.ours?.orderId === 'string' ? mismatch.ours.orderId : null;

const mismatchColumns: AdminColumn<TopupReconciliationMismatch>[] = [
  { header: 'Mismatch', rowHeader: true, cell: (mismatch) => kindText[mismatch.kind] },
  {
    header: 'Line',
    cell: (mismatch) => {
      const orderId = orderIdOf(mismatch);
      return orderId ? (
        <Link href={`/orders/${orderId}`}>Order line {mismatch.orderItemId}</Link>
      ) : (
        (mismatch.orderItemId ?? '—')
      );
    },
  },
  { header: "The shop's record", cell: (mismatch) => <RecordText record={mismatch.ours} /> },
  {
    header: "The aggregator's record",
    cell: (mismatch) =>
      (mismatch.theirs ?? []).length === 0
        ? '—'
        : (mismatch.theirs ?? []).map((row, index) => <RecordText key={index} record={row} />),
  },
];

/**
 * The daily comparison of the shop's delivered top-ups with the aggregator's transaction report
 * (issue 28; admins): each Yangon day's mismatches with the line and both records; a past day can
 * be compared again.
 */
export function TopupReconciliationPage() {
  const query = useReconciliation();
  const client = useQueryClient();
  const dayId = useId();
  const [day, setDay] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const runAgain = async () => {
    setBusy(true);
    setError(null);
    try {
      await adminCall(
        `/topup-provider/reconciliation/${encodeURIComponent(day)}/run`,
        topupReconciliationResponseSchema,
        { method: 'POST' },
      );
      await client.invalidateQueries({ queryKey: reconciliationKey });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <h1>Top-up reconciliation</h1>
      <p className="admin-note">
        Every day the shop compares the top-ups it delivered with the aggregator&apos;s transaction
        report for that Yangon day. Differences are listed here with both records.
      </p>
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault();
          void runAgain();
        }}
      >
        <label htmlFor={dayId}>Compare a past day now</label>
        <input
          id={dayId}
          type="date"
          required
          value={day}
          onChange={(event) => {
            setDay(event.target.value);
          }}
        />
        <Button type="submit" busy={busy} busyLabel="Comparing…">
          Compare
        </Button>
      </form>
      <AdminAlert error={error} fallback="The day could not be compared." />
      {query.isPending ? <p role="status">Loading…</p> : null}
      <AdminAlert error={query.error} fallback="The reconciliation could not be loaded." />
      {query.data?.data.length === 0 ? <p className="admin-empty">No day compared yet.</p> : null}
      {query.data?.data.map((run) => (
        <section key={run.day} aria-labelledby={`day-${run.day}`}>
          <h2 id={`day-${run.day}`}>
            {run.day}: {run.mismatches.length} mismatches
          </h2>
          <p>
            {run.ours} lines delivered by the shop, {run.theirs} transactions in the report
            {run.status === 'done' ? '' : ' (being compared)'}.
          </p>
          {run.mismatches.length === 0 ? null : (
            <AdminTable
              testId={`reconciliation-${run.day}`}
              rows={run.mismatches}
              rowKey={(mismatch) => mismatch.id}
              columns={mismatchColumns}
            />
          )}
        </section>
      ))}
    </>
  );
}
