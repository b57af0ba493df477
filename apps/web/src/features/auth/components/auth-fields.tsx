import '../content/lazy-messages.ts';
import { PASSWORD_MIN_LENGTH } from '@shop/contracts/auth-rules';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation.ts';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import type { NewPasswordValues } from './form-schemas.ts';
import { PHONE_FIELD_MAX_LENGTH } from '../../../lib/phone-input.ts';

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
      {...(withCountryCode ? { placeholder: '9 xxx xxxxxx' } : { placeholder: '09 xxx xxxxxx' })}
      // Room for a number as people paste it ("+95 9 450 123 456", Burmese digits): the shared
      // phone rules judge it, not the field's length (issue 26; it cut them at 13).
      maxLength={PHONE_FIELD_MAX_LENGTH}
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

/**
 * What NewPasswordFields needs of a form that has `password` and `confirm` fields (register and
 * reset: just those two; change password: also the current one): react-hook-form's own object.
 */
export interface NewPasswordFormParts {
  register: (name: 'password' | 'confirm') => UseFormRegisterReturn;
  formState: { errors: FieldErrors<NewPasswordValues>; submitCount: number };
}

interface NewPasswordFieldsProps {
  form: NewPasswordFormParts;
  idPrefix: string;
  labels: { password: string; confirm: string };
}

/**
 * New password and confirm (register, reset, change password), each with show/hide; the password
 * rules are shown under the field before anything is submitted (issue 12).
 */
export function NewPasswordFields({ form, idPrefix, labels }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const { errors, submitCount } = form.formState;
  const passwordError = errors.password?.message;
  const confirmError = errors.confirm?.message;
  const passwordId = `${idPrefix}-password`;
  const confirmId = `${idPrefix}-confirm`;
  return (
    <>
      <FormField
        id={passwordId}
        label={labels.password}
        error={passwordError}
        attempt={submitCount}
        // A number: i18n writes it in the page's digits.
        hint={t('auth.passwordRules', { min: PASSWORD_MIN_LENGTH })}
      >
        <PasswordInput
          {...form.register('password')}
          {...fieldAria(passwordId, passwordError, true)}
          autoComplete="new-password"
        />
      </FormField>
      <FormField id={confirmId} label={labels.confirm} error={confirmError} attempt={submitCount}>
        <PasswordInput
          {...form.register('confirm')}
          {...fieldAria(confirmId, confirmError)}
          autoComplete="new-password"
        />
      </FormField>
    </>
  );
}

/** "Step 2 of 3 · <name>" and the progress bar of a three-step form (register, password reset). */
export function StepProgress({ step, name }: { step: number; name: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="auth-steps__progress" aria-live="polite">
        {t('auth.register.stepOf', { step, count: 3 })} · {name}
      </p>
      <ol className="auth-steps__bar" aria-hidden="true">
        {[1, 2, 3].map((n) => (
          <li key={n} className={n <= step ? 'done' : ''} />
        ))}
      </ol>
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
