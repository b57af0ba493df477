import {
  detectOperator,
  normalizePhone,
  validatePhone,
  type OperatorCode,
} from '@shop/contracts/phone';
import { recipientSchemaMessages, type ReminderInterval } from '@shop/contracts/recipient-messages';
import type { SavedRecipient } from '@shop/contracts/recipients';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessageOr } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { recipientsApi } from '../api/recipients-api.ts';
import {
  RecipientNameField,
  RecipientOperatorField,
  RecipientPhoneField,
  RecipientReminderField,
  RecipientUsualProductField,
} from './recipient-fields.tsx';

/** The national 09 form the field shows for a stored 95 number. */
const localForm = (phoneNumber: string) => normalizePhone(phoneNumber) ?? phoneNumber;

/**
 * The form's own check before anything is sent: the schemas' own messages (FormField shows them in
 * the page's language) for a missing name or a wrong number; else the name and number to send.
 */
function checkFields(name: string, phone: string) {
  const checked = validatePhone(phone);
  const errors = {
    name: name.trim() === '' ? recipientSchemaMessages.nameRequired.en : undefined,
    phone: checked.valid ? undefined : checked.error.message,
  };
  const send =
    !errors.name && checked.valid
      ? { name: name.trim(), phoneNumber: checked.international }
      : null;
  return { errors, send };
}

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
  const form = useRecipientForm(recipient, onSaved);
  const { errors, attempt, saving } = form;

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
          void form.save();
        }}
      >
        <RecipientNameField
          value={form.name}
          error={errors.name}
          attempt={attempt}
          onChange={form.changeName}
        />
        <RecipientPhoneField
          value={form.phone}
          error={errors.phone}
          attempt={attempt}
          onChange={form.changePhone}
          onTidy={form.setPhone}
        />
        <RecipientOperatorField value={form.operator} onChange={form.changeOperator} />
        <RecipientUsualProductField
          operator={form.operator}
          value={form.usualId}
          onChange={form.setUsualId}
        />
        <RecipientReminderField
          recipient={recipient}
          value={form.remind}
          onChange={form.setRemind}
        />
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

/**
 * The recipient form's values and errors, the rules between them (a new number's operator follows
 * the number; another operator drops the usual product) and its save: the form's own check, then
 * create or update, a toast and `onSaved`, or the server's refusal as the form's error.
 */
function useRecipientForm(recipient: SavedRecipient | null, onSaved: () => void) {
  const { t } = useTranslation();
  const [name, setName] = useState(recipient?.name ?? '');
  const [phone, setPhone] = useState(recipient ? localForm(recipient.phoneNumber) : '');
  const [operator, setOperator] = useState<OperatorCode | null>(recipient?.operator ?? null);
  const [usualId, setUsualId] = useState(recipient?.usualProduct?.id ?? '');
  const initialRemind = recipient?.reminder ? String(recipient.reminder.everyDays) : '';
  const [remind, setRemind] = useState(initialRemind);
  const [errors, setErrors] = useState<{ name?: string; phone?: string; form?: string }>({});
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState(false);

  const changeName = (next: string) => {
    setName(next);
    setErrors((e) => ({ ...e, name: undefined }));
  };
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
  const changeOperator = (next: OperatorCode | null) => {
    setOperator(next);
    setUsualId('');
  };

  const save = async () => {
    setAttempt((n) => n + 1);
    const { errors: found, send } = checkFields(name, phone);
    setErrors(found);
    if (!send) return;
    setSaving(true);
    // Sent only when chosen here: an edit of the name leaves a reminder (or its stop) as it is.
    const remindEveryDays = remind ? (Number(remind) as ReminderInterval) : null;
    const body = {
      ...send,
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

  return {
    name,
    phone,
    operator,
    usualId,
    remind,
    errors,
    attempt,
    saving,
    changeName,
    changePhone,
    setPhone,
    changeOperator,
    setUsualId,
    setRemind,
    save,
  };
}
