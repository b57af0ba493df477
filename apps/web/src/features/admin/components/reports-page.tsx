import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { saveDownloadedFile } from '../../../lib/download-file.ts';
import { adminDownload, queryString } from '../api/admin-api.ts';
import { AdminAlert } from './admin-alert.tsx';

const reports = [
  { name: 'orders', label: 'Download orders (CSV)' },
  { name: 'payments', label: 'Download payments (CSV)' },
] as const;

/** Today in Yangon as YYYY-MM-DD (the reports' days are Yangon days). */
const yangonToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Yangon' }).format(new Date());

/** Orders and payments of a date range as CSV files (streamed by the server, ADR 0037). */
export function ReportsPage() {
  const id = useId();
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const form = useForm<{ from: string; to: string }>({
    defaultValues: { from: yangonToday(), to: yangonToday() },
  });
  const download = (name: (typeof reports)[number]['name']) =>
    form.handleSubmit(async ({ from, to }) => {
      setFailure(null);
      setBusy(name);
      try {
        const file = await adminDownload(`/reports/${name}.csv${queryString({ from, to })}`);
        saveDownloadedFile(file, `${name}-${from}-${to}.csv`);
      } catch (error) {
        setFailure(error);
      } finally {
        setBusy(null);
      }
    })();
  return (
    <>
      <h1>Reports</h1>
      <form
        className="admin-form admin-form--grid"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
        }}
      >
        <FormField id={`${id}-from`} label="From (Yangon day)">
          <input
            {...form.register('from')}
            {...fieldAria(`${id}-from`)}
            className="ui-input"
            type="date"
          />
        </FormField>
        <FormField id={`${id}-to`} label="To (Yangon day)">
          <input
            {...form.register('to')}
            {...fieldAria(`${id}-to`)}
            className="ui-input"
            type="date"
          />
        </FormField>
        <div className="admin-form__actions">
          <AdminAlert error={failure} fallback="The report could not be downloaded." />
          {reports.map((report) => (
            <Button
              key={report.name}
              variant="secondary"
              busy={busy === report.name}
              busyLabel="Preparing…"
              onClick={() => void download(report.name)}
            >
              {report.label}
            </Button>
          ))}
        </div>
      </form>
    </>
  );
}
