import {
  detectOperator,
  normalizePhone,
  operatorCodes,
  operatorNames,
  validatePhone,
  type OperatorCode,
} from '@shop/contracts/phone';
import { localDigits } from '@shop/contracts/languages';
import {
  recipientSchemaMessages,
  reminderIntervals,
  type ReminderInterval,
} from '@shop/contracts/recipient-messages';
import type { SavedRecipient } from '@shop/contracts/recipients';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { fieldAria, FormField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessageOr } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { pastedPhone, PHONE_FIELD_MAX_LENGTH } from '../../../lib/phone-input.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { OperatorProductOptions, useOperatorProducts } from '../../catalogue/index.ts';
import { recipientsApi } from '../api/recipients-api.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The national 09 form the field shows for a stored 95 number. */
const localForm = (phoneNumber: string) => normalizePhone(phoneNumber) ?? phoneNumber;

/**
 * Add or edit a saved number: name, number (the operator found from it as it is typed), operator
 * (changeable: a number keeps its prefix when it moves network) and the usual product, chosen
 * from that operator's top-ups and data packages. The server's refusal shows in the form.
 */
export function RecipientDialog({
  recipient,
  onClose,
  onSaved,
}: {
  /** null: a new number. */
  recipient: SavedRecipient | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const ids = {
    name: useId(),
    phone: useId(),
    operator: useId(),
    usual: useId(),
    remind: useId(),
  };
  const [name, setName] = useState(recipient?.name ?? '');
  const [phone, setPhone] = useState(recipient ? localForm(recipient.phoneNumber) : '');
  const [operator, setOperator] = useState<OperatorCode | null>(recipient?.operator ?? null);
  const [usualId, setUsualId] = useState(recipient?.usualProduct?.id ?? '');
  const initialRemind = recipient?.reminder ? String(recipient.reminder.everyDays) : '';
  const [remind, setRemind] = useState(initialRemind);
  // "First reminder on …" counts from when the dialog opened (a reminder starts when saved).
  const [openedAt] = useState(() => Date.now());
  const [errors, setErrors] = useState<{ name?: string; phone?: string; form?: string }>({});
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState(false);
  const products = useOperatorProducts(operator);

  const changePhone = (next: string) => {
    setPhone(next);
    setErrors((e) => ({ ...e, phone: undefined }));
    const detected = detectOperator(next);
    // A new number's operator follows the number; a product of another operator is dropped.
    if (detected && detected !== detectOperator(phone)) {
      setOperator(detected);
      if (detected !== operator) setUsualId('');
    }
  };

  const save = async () => {
    setAttempt((n) => n + 1);
    const trimmed = name.trim();
    const checked = validatePhone(phone);
    // The schemas' own messages, which FormField shows in the page's language.
    const found = {
      name: trimmed === '' ? recipientSchemaMessages.nameRequired.en : undefined,
      phone: checked.valid ? undefined : checked.error.message,
    };
    setErrors(found);
    if (found.name || !checked.valid) return;
    setSaving(true);
    // Sent only when chosen here: an edit of the name leaves a reminder (or its stop) as it is.
    const remindEveryDays = remind ? (Number(remind) as ReminderInterval) : null;
    const body = {
      name: trimmed,
      phoneNumber: checked.international,
      ...(operator ? { operator } : {}),
      usualProductId: usualId || null,
      ...(remind !== initialRemind ? { remindEveryDays } : {}),
    };
    try {
      const answer = recipient
        ? await recipientsApi.update(recipient.id, body)
        : await recipientsApi.create(body);
      toast.success(answer.message);
      onSaved();
    } catch (caught) {
      setErrors({ form: errorMessageOr(caught, t('recipients.form.failed')) });
    } finally {
      setSaving(false);
    }
  };

  /** What the reminder choice will do: when the next (or first) one comes, or why it stopped. */
  function reminderHint(): string {
    const running = recipient?.reminder;
    if (remind === '')
      return recipient?.reminderStoppedAt
        ? t('recipients.reminder.stoppedHint')
        : t('recipients.reminder.hint');
    const next =
      running && String(running.everyDays) === remind
        ? t('recipients.reminder.nextDue', { date: formatDate(running.nextAt, language) })
        : t('recipients.reminder.firstDue', {
            date: formatDate(new Date(openedAt + Number(remind) * DAY_MS).toISOString(), language),
          });
    return `${next} ${t('recipients.reminder.hint')}`;
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={recipient ? t('recipients.form.editTitle') : t('recipients.form.addTitle')}
      size="small"
      className="recipient-dialog"
    >
      <form
        noValidate
        data-testid="recipient-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <FormField
          id={ids.name}
          label={t('recipients.form.name')}
          error={errors.name}
          attempt={attempt}
          hint={t('recipients.form.nameHint')}
        >
          <input
            className="ui-input"
            autoComplete="off"
            maxLength={60}
            value={name}
            data-autofocus
            data-testid="recipient-name"
            {...fieldAria(ids.name, errors.name, true)}
            onChange={(event) => {
              setName(event.target.value);
              setErrors((e) => ({ ...e, name: undefined }));
            }}
          />
        </FormField>
        <FormField
          id={ids.phone}
          label={t('recipients.form.phone')}
          error={errors.phone}
          attempt={attempt}
        >
          <input
            className="ui-input"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="09xxxxxxxx"
            maxLength={PHONE_FIELD_MAX_LENGTH}
            value={phone}
            data-testid="recipient-phone"
            {...fieldAria(ids.phone, errors.phone)}
            onChange={(event) => {
              changePhone(event.target.value);
            }}
            onPaste={(event) => {
              changePhone(pastedPhone(event));
            }}
            onBlur={() => {
              const tidy = normalizePhone(phone);
              if (tidy && tidy !== phone) setPhone(tidy);
            }}
          />
        </FormField>
        <FormField
          id={ids.operator}
          label={t('recipients.form.operator')}
          hint={t('recipients.form.operatorHint')}
        >
          <select
            className="ui-input"
            value={operator ?? ''}
            data-testid="recipient-operator"
            {...fieldAria(ids.operator, null, true)}
            onChange={(event) => {
              setOperator((event.target.value || null) as OperatorCode | null);
              setUsualId('');
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
        <FormField id={ids.usual} label={t('recipients.form.usual')}>
          <select
            id={ids.usual}
            className="ui-input"
            value={usualId}
            disabled={operator === null}
            aria-busy={products.isFetching || undefined}
            data-testid="recipient-usual"
            onChange={(event) => {
              setUsualId(event.target.value);
            }}
          >
            <option value="">
              {products.isFetching
                ? t('recipients.form.productsLoading')
                : t('recipients.form.none')}
            </option>
            <OperatorProductOptions products={products.products} />
          </select>
        </FormField>
        <FormField id={ids.remind} label={t('recipients.reminder.field')} hint={reminderHint()}>
          <select
            className="ui-input"
            value={remind}
            data-testid="recipient-remind"
            {...fieldAria(ids.remind, null, true)}
            onChange={(event) => {
              setRemind(event.target.value);
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
        {errors.form ? (
          <p className="form-message--error" role="alert" data-testid="recipient-form-error">
            {errors.form}
          </p>
        ) : null}
        <div className="recipient-dialog__actions">
          <Button
            type="submit"
            busy={saving}
            busyLabel={t('recipients.form.saving')}
            data-testid="recipient-save"
          >
            {t('recipients.form.save')}
          </Button>
          <Button variant="ghost" disabled={saving} onClick={onClose}>
            {t('recipients.form.cancel')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
