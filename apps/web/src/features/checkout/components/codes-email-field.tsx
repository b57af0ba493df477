import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { EmailInput, FormField } from '../../../components/ui/form-field.tsx';

/**
 * "Send the codes to" (issue 26, ADR 0050): where the E-PINs and gift-card codes of the order are
 * e-mailed, the account's address until the buyer gives another. Leaving the field (or Enter)
 * commits it: the checkout is made again with the address, and the order keeps its number.
 */
export function CodesEmailField({
  value,
  error,
  busy,
  onChange,
  onCommit,
}: {
  value: string;
  /** The contract's message or the server's refusal; null when the address is fine. */
  error: string | null;
  busy: boolean;
  onChange: (value: string) => void;
  onCommit: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <form
      className="checkout-codes-email"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onCommit();
      }}
    >
      <FormField
        id={id}
        label={t('checkout.codesEmail.label')}
        error={error}
        hint={busy ? t('checkout.codesEmail.saving') : t('checkout.codesEmail.hint')}
      >
        <EmailInput
          id={id}
          error={error}
          value={value}
          testId="codes-email-input"
          onChange={onChange}
          onBlur={onCommit}
        />
      </FormField>
    </form>
  );
}
