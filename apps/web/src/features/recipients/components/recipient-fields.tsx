import {
  normalizePhone,
  operatorCodes,
  operatorNames,
  type OperatorCode,
} from '@shop/contracts/phone';
import { localDigits } from '@shop/contracts/languages';
import { reminderIntervals } from '@shop/contracts/recipient-messages';
import type { SavedRecipient } from '@shop/contracts/recipients';
import { useId, useState } from 'react';
import { fieldAria, FormField } from '../../../components/ui/form-field.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { pastedPhone, PHONE_FIELD_MAX_LENGTH } from '../../../lib/phone-input.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { OperatorProductOptions, useOperatorProducts } from '../../catalogue/index.ts';

// The fields of the recipient dialog (recipient-dialog.tsx), each with its label, hint and error.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The name the buyer knows the number by: the dialog's first field, focused when it opens. */
export function RecipientNameField({
  value,
  error,
  attempt,
  onChange,
}: {
  value: string;
  error: string | undefined;
  attempt: number;
  onChange: (next: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <FormField
      id={id}
      label={t('recipients.form.name')}
      error={error}
      attempt={attempt}
      hint={t('recipients.form.nameHint')}
    >
      <input
        className="ui-input"
        autoComplete="off"
        maxLength={60}
        value={value}
        data-autofocus
        data-testid="recipient-name"
        {...fieldAria(id, error, true)}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
    </FormField>
  );
}

/**
 * The number, as typed or pasted (`onChange`); leaving the field puts a valid one in its national
 * 09 form (`onTidy`, which is only that: the number is the same one).
 */
export function RecipientPhoneField({
  value,
  error,
  attempt,
  onChange,
  onTidy,
}: {
  value: string;
  error: string | undefined;
  attempt: number;
  onChange: (next: string) => void;
  onTidy: (tidy: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <FormField id={id} label={t('recipients.form.phone')} error={error} attempt={attempt}>
      <input
        className="ui-input"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="09xxxxxxxx"
        maxLength={PHONE_FIELD_MAX_LENGTH}
        value={value}
        data-testid="recipient-phone"
        {...fieldAria(id, error)}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        onPaste={(event) => {
          onChange(pastedPhone(event));
        }}
        onBlur={() => {
          const tidy = normalizePhone(value);
          if (tidy && tidy !== value) onTidy(tidy);
        }}
      />
    </FormField>
  );
}

/** The number's network: found from the number as it is typed, changeable (a moved number). */
export function RecipientOperatorField({
  value,
  onChange,
}: {
  value: OperatorCode | null;
  onChange: (next: OperatorCode | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <FormField
      id={id}
      label={t('recipients.form.operator')}
      hint={t('recipients.form.operatorHint')}
    >
      <select
        className="ui-input"
        value={value ?? ''}
        data-testid="recipient-operator"
        {...fieldAria(id, null, true)}
        onChange={(event) => {
          onChange((event.target.value || null) as OperatorCode | null);
        }}
      >
        <option value="" disabled>
          —
        </option>
        {operatorCodes.map((code) => (
          <option key={code} value={code}>
            {operatorNames[code]}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/** The usual product, among the operator's top-ups and data packages (none until one is known). */
export function RecipientUsualProductField({
  operator,
  value,
  onChange,
}: {
  operator: OperatorCode | null;
  value: string;
  onChange: (next: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const products = useOperatorProducts(operator);
  return (
    <FormField id={id} label={t('recipients.form.usual')}>
      <select
        id={id}
        className="ui-input"
        value={value}
        disabled={operator === null}
        aria-busy={products.isFetching || undefined}
        data-testid="recipient-usual"
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        <option value="">
          {products.isFetching ? t('recipients.form.productsLoading') : t('recipients.form.none')}
        </option>
        <OperatorProductOptions products={products.products} />
      </select>
    </FormField>
  );
}

/** How often to be reminded to top the number up ('' never), and what that choice will do. */
export function RecipientReminderField({
  recipient,
  value,
  onChange,
}: {
  recipient: SavedRecipient | null;
  value: string;
  onChange: (next: string) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const id = useId();
  // "First reminder on …" counts from when the dialog opened (a reminder starts when saved).
  const [openedAt] = useState(() => Date.now());

  /** What the reminder choice will do: when the next (or first) one comes, or why it stopped. */
  function reminderHint(): string {
    const running = recipient?.reminder;
    if (value === '')
      return recipient?.reminderStoppedAt
        ? t('recipients.reminder.stoppedHint')
        : t('recipients.reminder.hint');
    const next =
      running && String(running.everyDays) === value
        ? t('recipients.reminder.nextDue', { date: formatDate(running.nextAt, language) })
        : t('recipients.reminder.firstDue', {
            date: formatDate(new Date(openedAt + Number(value) * DAY_MS).toISOString(), language),
          });
    return `${next} ${t('recipients.reminder.hint')}`;
  }

  return (
    <FormField id={id} label={t('recipients.reminder.field')} hint={reminderHint()}>
      <select
        className="ui-input"
        value={value}
        data-testid="recipient-remind"
        {...fieldAria(id, null, true)}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        <option value="">{t('recipients.reminder.never')}</option>
        {reminderIntervals.map((days) => (
          <option key={days} value={String(days)}>
            {t('recipients.reminder.every', { days: localDigits(String(days), language) })}
          </option>
        ))}
      </select>
    </FormField>
  );
}
