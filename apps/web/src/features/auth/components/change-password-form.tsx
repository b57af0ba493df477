import '../content/lazy-messages.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { changePassword } from '../api/auth-api.ts';
import { errorText } from './auth-errors.ts';
import { FormAlert, NewPasswordFields } from './auth-fields.tsx';
import { changePasswordFormSchema, type ChangePasswordValues } from './form-schemas.ts';

/**
 * Change password on /account-settings (issue 11): current, new and confirm, each with show/hide.
 * The server checks the current password and the password rules (breached list, name, e-mail,
 * phone, shop name) and signs out the other devices; this one stays signed in.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const id = useId();
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { current: '', password: '', confirm: '' },
  });
  const { errors, submitCount, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ current, password }) => {
    try {
      await changePassword({ currentPassword: current, newPassword: password });
      toast.success(t('auth.changePassword.success'));
      form.reset();
    } catch (error) {
      form.setError('root.server', {
        message: errorText(t, error, 'auth.errors.changePasswordFailed'),
      });
    }
  });

  return (
    <section
      className="auth-card settings-section settings-password"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{t('auth.changePassword.title')}</h2>
      <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="auth-form__intro">{t('auth.changePassword.intro')}</p>
        <FormField
          id={`${id}-current`}
          label={t('auth.changePassword.currentLabel')}
          error={errors.current?.message}
          attempt={submitCount}
        >
          <PasswordInput
            {...form.register('current')}
            {...fieldAria(`${id}-current`, errors.current?.message)}
            autoComplete="current-password"
          />
        </FormField>
        <NewPasswordFields
          form={form}
          idPrefix={id}
          labels={{
            password: t('auth.changePassword.newLabel'),
            confirm: t('auth.changePassword.confirmLabel'),
          }}
        />
        <FormAlert message={errors.root?.server?.message} />
        <Button type="submit" busy={isSubmitting} busyLabel={t('auth.changePassword.submitting')}>
          {t('auth.changePassword.submit')}
        </Button>
      </form>
    </section>
  );
}
