import '../content/lazy-messages.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { errorText } from './auth-errors.ts';
import { FormAlert, NewPasswordFields } from './auth-fields.tsx';
import { newPasswordFormSchema, type NewPasswordValues } from './form-schemas.ts';

/**
 * The new-password step's form (register step 2, reset step 3). Held by the multi-step form, not
 * by the step, so what was typed is still there after going on and coming back.
 */
export function useNewPasswordForm(mismatchKey: string) {
  return useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordFormSchema(mismatchKey)),
    defaultValues: { password: '', confirm: '' },
  });
}

interface NewPasswordFormProps {
  form: UseFormReturn<NewPasswordValues>;
  idPrefix: string;
  labels: { password: string; confirm: string };
  submitLabel: string;
  busyLabel: string;
  /** The message key for a failed call the server did not explain (account spec §8). */
  failureKey: string;
  /** Sends the new password; a failure shows once, in the form's alert. */
  onSubmit: (password: string) => Promise<void>;
  onBack: () => void;
}

/**
 * New password and confirm with Back and submit: the password step of registration and of the
 * password reset (ADR 0018).
 */
export function NewPasswordForm({
  form,
  idPrefix,
  labels,
  submitLabel,
  busyLabel,
  failureKey,
  onSubmit,
  onBack,
}: NewPasswordFormProps) {
  const { t } = useTranslation();
  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await onSubmit(password);
    } catch (error) {
      form.setError('root.server', { message: errorText(t, error, failureKey) });
    }
  });

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      <NewPasswordFields form={form} idPrefix={idPrefix} labels={labels} />
      <FormAlert message={form.formState.errors.root?.server?.message} />
      <div className="auth-form__actions">
        <Button
          variant="secondary"
          onClick={() => {
            form.clearErrors('root.server');
            onBack();
          }}
        >
          {t('auth.common.back')}
        </Button>
        <Button type="submit" block busy={form.formState.isSubmitting} busyLabel={busyLabel}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
