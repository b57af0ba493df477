import type {
  AdminCallCentre,
  AdminExchangeRate,
  AdminFestivalWindow,
  AdminSettings,
  AdminSettingsResponse,
} from '@shop/contracts/admin-settings';
import {
  SHOP_CLAIM_TEXT_MAX,
  SHOP_CLAIM_TITLE_MAX,
  SHOP_CLAIMS_MAX,
  type ShopClaim,
} from '@shop/contracts/shop-claims';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent, type SyntheticEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { adminWrites, useShopSettings } from '../api/admin-api.ts';
import { FormPanel } from './admin-form.tsx';
import { NotLoaded, when } from './admin-list.tsx';

/**
 * Shop settings (issue 17): the exchange rates, the call-centre contact and hours, the festival
 * windows and the claims on Home the shop's pages show. Support staff see them; an admin saves each section on its own,
 * and the shop answers the new values at once.
 */
export function SettingsPage() {
  const query = useShopSettings();
  if (!query.data)
    return <NotLoaded query={query} fallback="The shop settings could not be loaded." />;
  const data = query.data.data;
  return (
    <>
      <h1>Shop settings</h1>
      <ExchangeRatesForm rates={data.exchangeRates} />
      <CallCentreForm contact={data.callCentre} />
      <FestivalsForm festivals={data.festivals} />
      <ClaimsForm claims={data.claims} />
    </>
  );
}

/**
 * A section's save: `run` makes the call, says the server's answer, keeps the settings it answered
 * (the audit log is read again) and hands them to `apply`; a refusal is kept in `failure`.
 */
function useSettingsWrite(apply: (data: AdminSettings) => void) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<AdminSettingsResponse>) => {
    setFailure(null);
    setBusy(true);
    try {
      const answer = await call();
      toast.success(answer.message);
      queryClient.setQueryData(['admin', 'settings'], answer);
      await queryClient.invalidateQueries({
        queryKey: ['admin'],
        predicate: (q) => q.queryKey[1] !== 'settings',
      });
      apply(answer.data);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  /**
   * The `FormPanel` props of a section kept in React state (no react-hook-form): its submit, which
   * makes the call unless one is on its way, and the save's state.
   */
  const saving = (call: () => Promise<AdminSettingsResponse>) => ({
    onSubmit: (event: SyntheticEvent) => {
      event.preventDefault();
      if (!busy) void run(call);
    },
    failure,
    busy,
  });
  return { failure, setFailure, busy, run, saving };
}

// ---------------------------------------------------------------- exchange rates

interface RateValues {
  rates: { currency: string; rate: string; active: boolean }[];
}
const rateValues = (rates: AdminExchangeRate[]): RateValues => ({
  rates: rates.map((r) => ({ currency: r.currency, rate: String(r.rate), active: r.active })),
});

function ExchangeRatesForm({ rates }: { rates: AdminExchangeRate[] }) {
  const id = useId();
  const form = useForm<RateValues>({ defaultValues: rateValues(rates) });
  const write = useSettingsWrite((data) => {
    form.reset(rateValues(data.exchangeRates));
  });
  const submit = form.handleSubmit(async (values) => {
    write.setFailure(null);
    // Only the currencies changed are sent (and audited).
    const changed = values.rates.flatMap((value, i) => {
      const was = rates[i];
      const rate = Number(value.rate.replace(/[,\s]/g, ''));
      if (!was || (rate === was.rate && value.active === was.active)) return [];
      return [
        {
          currency: value.currency,
          ...(rate === was.rate ? {} : { rate: value.rate.trim() === '' ? Number.NaN : rate }),
          ...(value.active === was.active ? {} : { active: value.active }),
        },
      ];
    });
    if (changed.length === 0) {
      toast.success('Nothing to save: no rate was changed.');
      return;
    }
    await write.run(() => adminWrites.editExchangeRates({ rates: changed }));
  });
  return (
    <FormPanel
      title="Exchange rates"
      testId="settings-rates"
      intro={
        <p>
          Kyat for one unit of each currency (up to 4 decimals), as the shop’s rate table shows.
        </p>
      }
      onSubmit={submit}
      failure={write.failure}
      fallback="The exchange rates could not be saved."
      busy={form.formState.isSubmitting}
      label="Save exchange rates"
    >
      {rates.length === 0 ? (
        <p className="admin-empty">No currencies yet.</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Currency</th>
              <th scope="col">Ks per unit</th>
              <th scope="col">Shown</th>
              <th scope="col">Last changed</th>
            </tr>
          </thead>
          <tbody>
            {rates.map((rate, i) => (
              <tr key={rate.currency}>
                <th scope="row">
                  {rate.currency} <span className="admin-sub">{rate.symbol}</span>
                </th>
                <td>
                  <input
                    {...form.register(`rates.${i}.rate`)}
                    id={`${id}-rate-${rate.currency}`}
                    aria-label={`Ks per ${rate.currency}`}
                    className="ui-input"
                    inputMode="decimal"
                  />
                </td>
                <td>
                  <input
                    {...form.register(`rates.${i}.active`)}
                    id={`${id}-active-${rate.currency}`}
                    aria-label={`Show ${rate.currency}`}
                    type="checkbox"
                  />
                </td>
                <td>{when(rate.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </FormPanel>
  );
}

// ---------------------------------------------------------------- call centre

const weekdays = [
  [1, 'Monday'],
  [2, 'Tuesday'],
  [3, 'Wednesday'],
  [4, 'Thursday'],
  [5, 'Friday'],
  [6, 'Saturday'],
  [7, 'Sunday'],
] as const;

interface ContactValues {
  phone: string;
  viber: string;
  email: string;
  start: string;
  end: string;
  /** Checkbox values: the ISO weekday numbers as text. */
  workingDays: string[];
}
const contactValues = (contact: AdminCallCentre): ContactValues => ({
  phone: contact.phone,
  viber: contact.viber ?? '',
  email: contact.email,
  start: contact.hours.start,
  end: contact.hours.end,
  workingDays: contact.hours.workingDays.map(String),
});

function CallCentreForm({ contact }: { contact: AdminCallCentre }) {
  const id = useId();
  const form = useForm<ContactValues>({ defaultValues: contactValues(contact) });
  const write = useSettingsWrite((data) => {
    form.reset(contactValues(data.callCentre));
  });
  const submit = form.handleSubmit((values) =>
    write.run(() =>
      adminWrites.editCallCentre({
        phone: values.phone,
        email: values.email,
        viber: values.viber.trim() === '' ? null : values.viber,
        hours: {
          start: values.start,
          end: values.end,
          workingDays: values.workingDays.map(Number),
        },
      }),
    ),
  );
  const text = (
    name: 'phone' | 'viber' | 'email' | 'start' | 'end',
    label: string,
    hint?: string,
    type = 'text',
  ) => (
    <FormField id={`${id}-${name}`} label={label} hint={hint}>
      <input
        {...form.register(name)}
        {...fieldAria(`${id}-${name}`, null, Boolean(hint))}
        className="ui-input"
        type={type}
      />
    </FormField>
  );
  return (
    <FormPanel
      title="Call centre"
      testId="settings-call-centre"
      intro={
        <p>
          The contact and opening hours on the support page and in the call-centre dialog (hours on
          the clock of {contact.hours.timezone}).
        </p>
      }
      grid
      onSubmit={submit}
      failure={write.failure}
      fallback="The call-centre details could not be saved."
      busy={form.formState.isSubmitting}
      label="Save call centre"
    >
      {text('phone', 'Phone', 'Like +95 9 777 123 456.', 'tel')}
      {text('viber', 'Viber number', 'Empty: no Viber.', 'tel')}
      {text('email', 'E-mail', undefined, 'email')}
      {text('start', 'Opens at', 'Myanmar time.', 'time')}
      {text('end', 'Closes at', 'After the opening time.', 'time')}
      <fieldset className="admin-days">
        <legend>Working days</legend>
        {weekdays.map(([day, name]) => (
          <label key={day}>
            <input {...form.register('workingDays')} type="checkbox" value={String(day)} /> {name}
          </label>
        ))}
      </fieldset>
    </FormPanel>
  );
}

// ---------------------------------------------------------------- festivals

interface FestivalRow {
  key: number;
  start: string;
  end: string;
}
let nextRowKey = 0;

/**
 * A list a section edits in React state (the festival windows, the claims: ADR 0038), each row
 * under a key of its own: a field of one row changed, a row added or removed.
 */
function useKeyedRows<R extends { key: number }>(initial: () => R[]) {
  const [rows, setRows] = useState(initial);
  return {
    rows,
    setRows,
    change: <K extends keyof R>(key: number, name: K, value: R[K]) => {
      setRows((current) =>
        current.map((row) => (row.key === key ? { ...row, [name]: value } : row)),
      );
    },
    add: (row: R) => {
      setRows((current) => [...current, row]);
    },
    remove: (key: number) => {
      setRows((current) => current.filter((other) => other.key !== key));
    },
  };
}

const festivalRows = (festivals: AdminFestivalWindow[]): FestivalRow[] =>
  festivals.map((w) => ({ key: (nextRowKey += 1), start: w.start, end: w.end }));

/**
 * A list of windows, kept in React state rather than react-hook-form's useFieldArray: every
 * react-hook-form function the back-office uses would join the copy the shop's forms load on
 * their pages (ADR 0038).
 */
function FestivalsForm({ festivals }: { festivals: AdminFestivalWindow[] }) {
  const id = useId();
  const { rows, setRows, change, add, remove } = useKeyedRows(() => festivalRows(festivals));
  const write = useSettingsWrite((data) => {
    setRows(festivalRows(data.festivals));
  });
  return (
    <FormPanel
      title="Festival dates"
      testId="settings-festivals"
      intro={
        <p>
          Thadingyut windows (Yangon days, first and last included): on these days the shop greets
          customers with the festival overlay.
        </p>
      }
      {...write.saving(() =>
        adminWrites.putFestivals({
          festivals: rows.map(({ start, end }) => ({ name: 'thadingyut', start, end })),
        }),
      )}
      fallback="The festival dates could not be saved."
      label="Save festival dates"
      buttons={
        <Button
          variant="secondary"
          onClick={() => {
            add({ key: (nextRowKey += 1), start: '', end: '' });
          }}
        >
          Add a window
        </Button>
      }
    >
      {rows.length === 0 ? (
        <p className="admin-empty">No festival windows: the overlay is not shown.</p>
      ) : (
        <ol className="admin-festivals">
          {rows.map((row, i) => (
            <li key={row.key} className="admin-form admin-form--grid">
              {(['start', 'end'] as const).map((part) => (
                <FormField
                  key={part}
                  id={`${id}-${part}-${String(row.key)}`}
                  label={`Window ${String(i + 1)}: ${part === 'start' ? 'first' : 'last'} day`}
                >
                  <input
                    {...fieldAria(`${id}-${part}-${String(row.key)}`)}
                    className="ui-input"
                    type="date"
                    value={row[part]}
                    onChange={(event) => {
                      change(row.key, part, event.target.value);
                    }}
                  />
                </FormField>
              ))}
              <div className="admin-form__actions">
                <Button
                  variant="secondary"
                  aria-label={`Remove window ${String(i + 1)}`}
                  onClick={() => {
                    remove(row.key);
                  }}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </FormPanel>
  );
}

// ---------------------------------------------------------------- shop claims

interface ClaimRow extends ShopClaim {
  key: number;
}
const claimRows = (claims: ShopClaim[] | null): ClaimRow[] =>
  (claims ?? []).map((c) => ({ key: (nextRowKey += 1), ...c }));
const emptyClaim = (): ClaimRow => ({
  key: (nextRowKey += 1),
  titleEn: '',
  titleMy: '',
  textEn: '',
  textMy: '',
});

const claimFields = [
  { name: 'titleEn', label: 'Title (English)', lang: 'en', max: SHOP_CLAIM_TITLE_MAX },
  { name: 'titleMy', label: 'Title (Burmese)', lang: 'my', max: SHOP_CLAIM_TITLE_MAX },
  { name: 'textEn', label: 'Text (English)', lang: 'en', max: SHOP_CLAIM_TEXT_MAX },
  { name: 'textMy', label: 'Text (Burmese)', lang: 'my', max: SHOP_CLAIM_TEXT_MAX },
] as const;

/**
 * The claims under "Why shop with us" on Home, in both languages and in Home's order. A list in
 * React state, as the festival windows (ADR 0038). None set (null): Home shows its built-in claims,
 * whose support claim follows the call-centre hours; the owner's are shown as written.
 */
function ClaimsForm({ claims }: { claims: ShopClaim[] | null }) {
  const id = useId();
  const { rows, setRows, change, add, remove } = useKeyedRows(() => claimRows(claims));
  const write = useSettingsWrite((data) => {
    setRows(claimRows(data.claims));
  });
  const move = (from: number, to: number) => {
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(from, 1);
      if (row) next.splice(to, 0, row);
      return next;
    });
  };
  return (
    <FormPanel
      title="Shop claims"
      testId="settings-claims"
      intro={
        <>
          <p>
            The claims under “Why shop with us” on Home, in the page’s language, in this order (1 to{' '}
            {SHOP_CLAIMS_MAX}). Home shows them as written: a “24/7” claim is not checked against
            the call-centre hours.
          </p>
          {claims === null ? (
            <p className="admin-empty" data-testid="claims-built-in">
              None set: Home shows its built-in claims (instant top-ups, secure payment, support by
              the call-centre hours, transparent pricing).
            </p>
          ) : null}
        </>
      }
      {...write.saving(() =>
        adminWrites.putClaims({
          claims: rows.map(({ titleEn, titleMy, textEn, textMy }) => ({
            titleEn,
            titleMy,
            textEn,
            textMy,
          })),
        }),
      )}
      fallback="The shop claims could not be saved."
      label="Save shop claims"
      after={
        claims === null ? null : (
          <Button
            variant="danger"
            disabled={write.busy}
            onClick={() => {
              void write.run(() => adminWrites.clearClaims());
            }}
          >
            Use the built-in claims
          </Button>
        )
      }
      buttons={
        <Button
          variant="secondary"
          disabled={rows.length >= SHOP_CLAIMS_MAX}
          onClick={() => {
            add(emptyClaim());
          }}
        >
          Add a claim
        </Button>
      }
    >
      {rows.length > 0 ? (
        <ol className="admin-festivals">
          {rows.map((row, i) => {
            const n = String(i + 1);
            return (
              <li key={row.key}>
                <fieldset className="admin-fieldset">
                  <legend>Claim {n}</legend>
                  <div className="admin-form__pair">
                    {claimFields.map((field) => {
                      const fieldId = `${id}-${field.name}-${String(row.key)}`;
                      const props = {
                        ...fieldAria(fieldId),
                        className: 'ui-input',
                        lang: field.lang,
                        maxLength: field.max,
                        value: row[field.name],
                        onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
                          change(row.key, field.name, event.target.value);
                        },
                      };
                      return (
                        <FormField key={field.name} id={fieldId} label={field.label}>
                          {field.name.startsWith('text') ? (
                            <textarea {...props} rows={2} />
                          ) : (
                            <input {...props} />
                          )}
                        </FormField>
                      );
                    })}
                  </div>
                  <div className="admin-claim__actions">
                    <Button
                      variant="secondary"
                      aria-label={`Move claim ${n} up`}
                      disabled={i === 0}
                      onClick={() => {
                        move(i, i - 1);
                      }}
                    >
                      Up
                    </Button>
                    <Button
                      variant="secondary"
                      aria-label={`Move claim ${n} down`}
                      disabled={i === rows.length - 1}
                      onClick={() => {
                        move(i, i + 1);
                      }}
                    >
                      Down
                    </Button>
                    <Button
                      variant="secondary"
                      aria-label={`Remove claim ${n}`}
                      onClick={() => {
                        remove(row.key);
                      }}
                    >
                      Remove
                    </Button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      ) : null}
    </FormPanel>
  );
}
