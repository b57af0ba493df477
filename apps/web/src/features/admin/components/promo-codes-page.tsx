import { promoKinds, promoStates, type AdminPromoCode } from '@shop/contracts/admin-promo';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { adminLists, adminWrites } from '../api/admin-api.ts';
import { FormPanel, TextField, useAdminWrite } from './admin-form.tsx';
import { kyat, when, type FilterField } from './admin-list.tsx';
import { AdminList, type AdminColumn } from './admin-table.tsx';

const fields: FilterField[] = [
  { name: 'q', label: 'Code' },
  { name: 'status', label: 'State', type: 'select', options: promoStates },
];

const promoColumns: AdminColumn<AdminPromoCode>[] = [
  { header: 'Code', rowHeader: true, cell: (code) => code.code },
  {
    header: 'Discount',
    cell: (code) => (code.kind === 'percent' ? `${String(code.value)}%` : kyat(code.value)),
  },
  {
    header: 'Minimum spend',
    cell: (code) => (code.minimumSpendMmk ? kyat(code.minimumSpendMmk) : '—'),
  },
  { header: 'Window', cell: (code) => `${when(code.startsAt)} – ${when(code.endsAt)}` },
  {
    header: 'Uses',
    cell: (code) =>
      `${String(code.redeemedCount)}${code.totalLimit === null ? '' : ` of ${String(code.totalLimit)}`}${
        code.perCustomerLimit === null ? '' : ` (${String(code.perCustomerLimit)} per customer)`
      }`,
  },
  { header: 'State', cell: (code) => code.state },
];

/** Promo codes (ADR 0035): the list with their uses, and a new code. */
export function PromoCodesPage() {
  return (
    <>
      <h1>Promo codes</h1>
      <NewPromoForm />
      <h2>Codes</h2>
      <AdminList
        source={adminLists.promoCodes}
        search={{ label: 'Search promo codes', fields }}
        empty="No promo codes match."
        testId="admin-promo-codes"
        rowKey={(code) => code.id}
        columns={promoColumns}
      />
    </>
  );
}

interface PromoValues {
  code: string;
  kind: (typeof promoKinds)[number];
  value: string;
  minimumSpendMmk: string;
  startsAt: string;
  endsAt: string;
  totalLimit: string;
  perCustomerLimit: string;
}

const blank: PromoValues = {
  code: '',
  kind: 'percent',
  value: '',
  minimumSpendMmk: '',
  startsAt: '',
  endsAt: '',
  totalLimit: '',
  perCustomerLimit: '',
};

/** An empty field is "none"; a number field is sent as a number (the server checks its range). */
const optionalNumber = (text: string) =>
  text.trim() === '' ? null : Number(text.replace(/,/g, ''));
/** A datetime-local value (the browser's time zone) as an ISO instant. */
const optionalInstant = (text: string) => (text ? new Date(text).toISOString() : null);

function NewPromoForm() {
  const id = useId();
  const write = useAdminWrite([['admin', 'promo-codes']]);
  const form = useForm<PromoValues>({ defaultValues: blank });
  const submit = form.handleSubmit((values) =>
    write.run(
      () =>
        adminWrites.createPromo({
          code: values.code,
          kind: values.kind,
          value: Number(values.value.replace(/,/g, '')),
          minimumSpendMmk: optionalNumber(values.minimumSpendMmk) ?? 0,
          startsAt: optionalInstant(values.startsAt),
          endsAt: optionalInstant(values.endsAt),
          totalLimit: optionalNumber(values.totalLimit),
          perCustomerLimit: optionalNumber(values.perCustomerLimit),
        }),
      () => {
        form.reset(blank);
      },
    ),
  );
  const text = (
    name: keyof PromoValues,
    label: string,
    hint: string,
    type: 'text' | 'datetime-local' = 'text',
  ) => (
    <TextField
      id={`${id}-${name}`}
      label={label}
      hint={hint}
      registration={form.register(name)}
      type={type}
    />
  );
  return (
    <FormPanel
      title="New promo code"
      grid
      onSubmit={submit}
      failure={write.failure}
      fallback="The promo code could not be created."
      busy={form.formState.isSubmitting}
      label="Create promo code"
      busyLabel="Creating…"
    >
      {text(
        'code',
        'Code',
        'Letters, digits, - and _; kept in capitals, customers type it in any case.',
      )}
      <FormField id={`${id}-kind`} label="Kind">
        <select {...form.register('kind')} {...fieldAria(`${id}-kind`)} className="ui-input">
          <option value="percent">Percent off</option>
          <option value="fixed">Kyat off</option>
        </select>
      </FormField>
      {text('value', 'Value', 'Percent (1–100) or kyat.')}
      {text('minimumSpendMmk', 'Minimum spend (Ks)', 'Empty: no minimum.')}
      {text('startsAt', 'Starts', 'Empty: at once.', 'datetime-local')}
      {text('endsAt', 'Ends', 'Empty: no end.', 'datetime-local')}
      {text('totalLimit', 'Total uses', 'Empty: no limit.')}
      {text('perCustomerLimit', 'Uses per customer', 'Empty: no limit.')}
    </FormPanel>
  );
}
