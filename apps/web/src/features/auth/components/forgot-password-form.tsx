import '../content/lazy-messages.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { otpLifetimeSeconds } from '@shop/contracts/auth';
import { useId, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { confirmPasswordReset, requestPasswordReset } from '../api/auth-api.ts';
import { useAuth } from '../hooks/auth-context.ts';
import { errorText } from './auth-errors.ts';
import { EmailField, FormAlert, StepProgress } from './auth-fields.tsx';
import { emailFormSchema, type EmailValues } from './form-schemas.ts';
import { NewPasswordForm, useNewPasswordForm } from './new-password-form.tsx';
import { OtpCodeForm } from './otp-code-form.tsx';

type Step = 1 | 2 | 3;

type EmailForm = UseFormReturn<EmailValues, unknown, { email: string }>;

interface ForgotPasswordFormProps {
  initialEmail?: string;
  initialOtp?: string;
  initialStep?: Step;
}

/**
 * 3-step password reset of account spec §2/§4: email, code (checked only with the final reset),
 * new password. Success opens the login dialog.
 */
export function ForgotPasswordForm({
  initialEmail = '',
  initialOtp = '',
  initialStep = 1,
}: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [step, setStep] = useState<Step>(initialStep);
  const [otp, setOtp] = useState(initialOtp);
  const [otpSeconds, setOtpSeconds] = useState<number>(otpLifetimeSeconds.reset);
  const emailForm: EmailForm = useForm({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: initialEmail },
  });
  const passwords = useNewPasswordForm('auth.errors.passwordsMismatchReset');
  /** The address as the schema leaves it (trimmed, lower case). */
  const email = () => emailForm.getValues('email').trim().toLowerCase();

  return (
    <div className="auth-steps">
      <StepProgress step={step} name={t(`auth.forgot.step${String(step) as '1'}`)} />

      {step === 1 ? (
        <EmailStep
          form={emailForm}
          id={id}
          onSent={(seconds) => {
            setOtpSeconds(seconds);
            setStep(2);
          }}
        />
      ) : null}

      {step === 2 ? (
        <OtpCodeForm
          seconds={otpSeconds}
          variant="resend"
          intro={t('auth.forgot.codeSent', { email: email() })}
          submitLabel={t('auth.otp.verify')}
          busyLabel={t('auth.otp.verifying')}
          incompleteKey="auth.errors.enterOtp"
          initialCode={otp}
          // Step 2 → 3 is local only; the code travels with the final reset (account spec §4).
          onSubmit={(code) => {
            setOtp(code);
            setStep(3);
            return Promise.resolve();
          }}
          onResend={async () => {
            const answer = await requestPasswordReset({ email: email(), role: 'user' });
            return answer.data.expiresIn;
          }}
          onBack={() => {
            setStep(1);
          }}
        />
      ) : null}

      {step === 3 ? (
        <NewPasswordStep
          form={passwords}
          id={id}
          email={email}
          otp={otp}
          onBack={() => {
            setStep(2);
          }}
        />
      ) : null}
    </div>
  );
}

/** Step 1: the account's e-mail; the server e-mails a code to it (onSent: the code's lifetime). */
function EmailStep({
  form,
  id,
  onSent,
}: {
  form: EmailForm;
  id: string;
  onSent: (seconds: number) => void;
}) {
  const { t } = useTranslation();
  const { openAuthDialog } = useAuth();
  const { errors, submitCount, isSubmitting } = form.formState;

  const requestCode = form.handleSubmit(async ({ email: address }) => {
    try {
      const answer = await requestPasswordReset({ email: address, role: 'user' });
      onSent(answer.data.expiresIn);
    } catch (error) {
      form.setError('root.server', {
        message: errorText(t, error, 'auth.errors.resetRequestFailed'),
      });
    }
  });

  return (
    <form className="auth-form" onSubmit={(event) => void requestCode(event)} noValidate>
      <p className="auth-form__intro">{t('auth.forgot.intro')}</p>
      <EmailField
        id={`${id}-email`}
        label={t('auth.login.emailLabel')}
        registration={form.register('email')}
        error={errors.email?.message}
        attempt={submitCount}
      />
      <FormAlert message={errors.root?.server?.message} />
      <Button type="submit" block busy={isSubmitting} busyLabel={t('auth.forgot.sending')}>
        {t('auth.register.continue')}
      </Button>
      <p className="auth-form__switch">
        <button
          type="button"
          className="auth-link"
          onClick={() => {
            openAuthDialog('login');
          }}
        >
          {t('auth.forgot.backToLogin')}
        </button>
      </p>
    </form>
  );
}

/** Step 3: the new password, sent with the code; success opens the login with the address. */
function NewPasswordStep({
  form,
  id,
  email,
  otp,
  onBack,
}: {
  form: ReturnType<typeof useNewPasswordForm>;
  id: string;
  email: () => string;
  otp: string;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { openAuthDialog } = useAuth();

  const reset = async (password: string) => {
    await confirmPasswordReset({ email: email(), role: 'user', otp, newPassword: password });
    toast.success(t('auth.forgot.success'));
    openAuthDialog('login', { email: email() });
  };

  return (
    <NewPasswordForm
      form={form}
      idPrefix={id}
      labels={{
        password: t('auth.forgot.newPasswordLabel'),
        confirm: t('auth.forgot.confirmLabel'),
      }}
      submitLabel={t('auth.forgot.submit')}
      busyLabel={t('auth.forgot.submitting')}
      failureKey="auth.errors.resetFailed"
      onSubmit={reset}
      onBack={onBack}
    />
  );
}
