import { PASSWORD_MIN_LENGTH } from '@shop/contracts/auth-rules';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';

/**
 * The account forms' shared fields (ADR 0018): e-mail, phone number, new password + confirm. Each
 * takes what react-hook-form's `register` gives and the field's error as the form holds it.
 */
interface FieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
  attempt: number;
}

export function EmailField({ id, label, registration, error, attempt }: FieldProps) {
  const { t } = useTranslation();
  return (
    <FormField id={id} label={label} error={error} attempt={attempt}>
      <input
        {...registration}
        {...fieldAria(id, error)}
        className="ui-input"
        type="email"
        autoComplete="email"
        placeholder={t('auth.login.emailPlaceholder')}
      />
    </FormField>
  );
}

/**
 * A Myanmar phone number. `withCountryCode`: the fixed +95 in front and the national number
 * (login); without: any spelling, at most 13 characters (registration, account spec §2).
 */
export function PhoneField({
  id,
  label,
  registration,
  error,
  attempt,
  withCountryCode = false,
}: FieldProps & { withCountryCode?: boolean }) {
  const { t } = useTranslation();
  const input = (
    <input
      {...registration}
      {...fieldAria(id, error)}
      className="ui-input"
      type="tel"
      inputMode="tel"
      autoComplete={withCountryCode ? 'tel-national' : 'tel'}
      {...(withCountryCode
        ? { placeholder: '9 xxx xxxxxx' }
        : { placeholder: '09 xxx xxxxxx', maxLength: 13 })}
    />
  );
  return (
    <FormField id={id} label={label} error={error} attempt={attempt}>
      {withCountryCode ? (
        <div className="auth-phone">
          <select
            className="auth-phone__country"
            disabled
            aria-label={t('auth.login.countryCode')}
            value="95"
          >
            <option value="95">+95</option>
          </select>
          {input}
        </div>
      ) : (
        input
      )}
    </FormField>
  );
}

interface NewPasswordFieldsProps {
  idPrefix: string;
  labels: { password: string; confirm: string };
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  errors: { password?: string | undefined; confirm?: string | undefined };
  attempt: number;
}

/**
 * New password and confirm (register, reset, change password), each with show/hide; the password
 * rules are shown under the field before anything is submitted (issue 12).
 */
export function NewPasswordFields({
  idPrefix,
  labels,
  password,
  confirm,
  errors,
  attempt,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const passwordId = `${idPrefix}-password`;
  const confirmId = `${idPrefix}-confirm`;
  return (
    <>
      <FormField
        id={passwordId}
        label={labels.password}
        error={errors.password}
        attempt={attempt}
        // A number: i18n writes it in the page's digits.
        hint={t('auth.passwordRules', { min: PASSWORD_MIN_LENGTH })}
      >
        <PasswordInput
          {...password}
          {...fieldAria(passwordId, errors.password, true)}
          autoComplete="new-password"
        />
      </FormField>
      <FormField id={confirmId} label={labels.confirm} error={errors.confirm} attempt={attempt}>
        <PasswordInput
          {...confirm}
          {...fieldAria(confirmId, errors.confirm)}
          autoComplete="new-password"
        />
      </FormField>
    </>
  );
}

/** A failed call's message (already in the page's language), shown once: no toast beside it. */
export function FormAlert({ message }: { message: string | undefined }) {
  return message ? (
    <div className="auth-alert" role="alert">
      {message}
    </div>
  ) : null;
}
