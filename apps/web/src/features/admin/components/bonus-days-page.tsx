import type { AdminBonusDay } from '@shop/contracts/admin-bonus-days';
import { BONUS_MULTIPLIER_MAX, BONUS_MULTIPLIER_MIN } from '@shop/contracts/bonus-days';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { formatCalendarDate } from '../../../lib/dates.ts';
import { adminWrites, useAdminBonusDays } from '../api/admin-api.ts';
import {
  AdminFormDialog,
  BilingualFields,
  ConfirmDialog,
  TextField,
  useAdminForm,
  useAdminWrite,
} from './admin-form.tsx';
import { actionColumn, BilingualName, EditableList, type AdminColumn } from './admin-table.tsx';

const multipliers = Array.from(
  { length: BONUS_MULTIPLIER_MAX - BONUS_MULTIPLIER_MIN + 1 },
  (_, i) => BONUS_MULTIPLIER_MIN + i,
);
const day = (iso: string) => formatCalendarDate(iso, 'en', { style: 'medium' });
const daysText = (w: AdminBonusDay) =>
  w.start === w.end ? day(w.start) : `${day(w.start)} – ${day(w.end)}`;

/**
 * Bonus-point days (issue 31, ADR 0081): the owner's windows in which a paid order earns its points
 * multiplied — added, edited and deleted here; the customer's user menu names the one on now or
 * starting within 14 days.
 */
export function BonusDaysPage() {
  const query = useAdminBonusDays();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AdminBonusDay | null>(null);
  const columns: AdminColumn<AdminBonusDay>[] = [
    { header: 'Name', rowHeader: true, cell: (w) => <BilingualName text={w.name} /> },
    { header: 'Days (Yangon)', cell: daysText },
    { header: 'Points', cell: (w) => `${String(w.multiplier)}×` },
    {
      ...actionColumn<AdminBonusDay>('Delete', (w) => `Delete ${w.name.en}`, setDeleting),
      header: 'Delete',
    },
  ];
  return (
    <>
      <h1>Bonus points</h1>
      <p className="admin-note">
        Days on which every paid order earns its points multiplied, such as the festival days. A day
        is Yangon’s, from midnight to midnight; an order counts by the time it was paid. Windows may
        not overlap. Orders already credited keep their points when a window changes.
      </p>
      <p>
        <Button
          onClick={() => {
            setAdding(true);
          }}
        >
          Add bonus days
        </Button>
      </p>
      <EditableList
        query={query}
        empty="There are no bonus days."
        onPage={() => {
          // One page: a few windows a year.
        }}
        testId="admin-bonus-days"
        rowKey={(w) => w.id}
        columns={columns}
        name={(w) => w.name.en}
        editor={(w, onClose) => <BonusDaysDialog window={w} onClose={onClose} />}
      />
      {adding ? (
        <BonusDaysDialog
          window={null}
          onClose={() => {
            setAdding(false);
          }}
        />
      ) : null}
      {deleting ? (
        <DeleteBonusDays
          window={deleting}
          onClose={() => {
            setDeleting(null);
          }}
        />
      ) : null}
    </>
  );
}

interface BonusDaysValues {
  nameEn: string;
  nameMy: string;
  start: string;
  end: string;
  multiplier: string;
}

/** A new window (`window` null) or one edited: names, first and last day, the multiplier. */
function BonusDaysDialog({
  window: w,
  onClose,
}: {
  window: AdminBonusDay | null;
  onClose: () => void;
}) {
  const { id, form, saving, bilingual } = useAdminForm<BonusDaysValues>({
    invalidate: [['admin', 'bonus-days']],
    defaultValues: {
      nameEn: w?.name.en ?? '',
      nameMy: w?.name.my ?? '',
      start: w?.start ?? '',
      end: w?.end ?? '',
      multiplier: String(w?.multiplier ?? 2),
    },
    onClose,
  });
  return (
    <AdminFormDialog
      {...saving((values) => {
        const body = {
          name: { en: values.nameEn, my: values.nameMy },
          start: values.start,
          end: values.end,
          multiplier: Number(values.multiplier),
        };
        return w ? adminWrites.editBonusDays(w.id, body) : adminWrites.createBonusDays(body);
      })}
      title={w ? `Edit ${w.name.en}` : 'Add bonus days'}
      fallback="The bonus days could not be saved."
      submitLabel={w ? 'Save' : 'Add bonus days'}
    >
      <BilingualFields
        label="Name"
        {...bilingual('name')}
        hint="As customers read it: “2× points during Thadingyut”."
        autoFocus
      />
      <div className="admin-form__pair">
        <TextField
          id={`${id}-start`}
          label="First day"
          hint="Yangon date."
          registration={form.register('start')}
          type="date"
        />
        <TextField
          id={`${id}-end`}
          label="Last day"
          hint="Counted in full, to midnight."
          registration={form.register('end')}
          type="date"
        />
      </div>
      <FormField id={`${id}-multiplier`} label="Points multiplied by">
        <select
          {...form.register('multiplier')}
          {...fieldAria(`${id}-multiplier`)}
          className="ui-input"
        >
          {multipliers.map((n) => (
            <option key={n} value={String(n)}>
              {n}×
            </option>
          ))}
        </select>
      </FormField>
    </AdminFormDialog>
  );
}

/** "Delete Thadingyut?" and the delete. */
function DeleteBonusDays({ window: w, onClose }: { window: AdminBonusDay; onClose: () => void }) {
  const write = useAdminWrite([['admin', 'bonus-days']]);
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDialog
      open
      onCancel={onClose}
      onConfirm={() => {
        setBusy(true);
        void write
          .run(() => adminWrites.deleteBonusDays(w.id), onClose)
          .finally(() => {
            setBusy(false);
          });
      }}
      busy={busy}
      title={`Delete ${w.name.en}?`}
      description={`${daysText(w)}, ${String(w.multiplier)}× points. Orders already credited keep their points.`}
      failure={write.failure}
      fallback="The bonus days could not be deleted."
      confirmLabel="Delete"
    />
  );
}
