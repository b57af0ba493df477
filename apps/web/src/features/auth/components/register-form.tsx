import '../content/lazy-messages.ts';
import '../auth.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { OTP_RESEND_COOLDOWN_SECONDS, otpLifetimeSeconds } from '@shop/contracts/auth';
import { useId, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { taggedText } from '../../../lib/tagged-text.tsx';
import { login, register, sendEmailOtp, verifyOtp } from '../api/auth-api.ts';
import { useAuth } from '../hooks/auth-context.ts';
import { EmailField, PhoneField, StepProgress } from './auth-fields.tsx';
import { registerDetailsSchema, type RegisterDetails } from './form-schemas.ts';
import { NewPasswordForm, useNewPasswordForm } from './new-password-form.tsx';
import { OtpCodeForm } from './otp-code-form.tsx';

type Step = 1 | 2 | 3;
type DetailsForm = UseFormReturn<
  RegisterDetails,
  unknown,
  { name: string; email: string; phoneNumber: string }
>;

/**
 * 3-step registration of account spec §2: details, password, e-mailed code. The right code signs
 * the customer in and resumes what they were doing (the checkout they started, issue 12).
 */
export function RegisterForm({
  onSignedIn,
  onLogin,
}: {
  /** Runs once the new customer is signed in (the checkout's own sign-up goes on to pay). */
  onSignedIn?: () => void;
  /** "Already have an account?": instead of the auth dialog's login (the checkout's own). */
  onLogin?: () => void;
} = {}) {
  const { t } = useTranslation();
  const id = useId();
  const details: DetailsForm = useForm({
    resolver: zodResolver(registerDetailsSchema),
    defaultValues: { name: '', email: '', phoneNumber: '' },
  });
  const passwords = useNewPasswordForm('auth.errors.passwordsMismatch');
  const { step, setStep, account, otpSeconds, resendAfter, submitPassword, verify } =
    useRegistration(details, onSignedIn);

  return (
    <div className="auth-steps">
      <StepProgress step={step} name={t(`auth.register.step${String(step) as '1'}`)} />

      {step === 1 ? (
        <DetailsStep
          form={details}
          id={id}
          onDone={() => {
            setStep(2);
          }}
        />
      ) : null}

      {step === 2 ? (
        <NewPasswordForm
          form={passwords}
          idPrefix={id}
          labels={{
            password: t('auth.register.passwordLabel'),
            confirm: t('auth.register.confirmLabel'),
          }}
          submitLabel={t('auth.register.createAccount')}
          busyLabel={t('auth.register.creating')}
          failureKey="auth.errors.registrationFailed"
          onSubmit={submitPassword}
          onBack={() => {
            setStep(1);
          }}
        />
      ) : null}

      {step === 3 && account ? (
        <OtpCodeForm
          seconds={otpSeconds}
          resendAfter={resendAfter}
          variant="resend"
          intro={t('auth.register.codeSent', { email: account.email })}
          submitLabel={t('auth.otp.verify')}
          busyLabel={t('auth.otp.verifying')}
          incompleteKey="auth.errors.otpIncomplete"
          onSubmit={verify}
          onResend={async () => {
            const answer = await sendEmailOtp(account.email);
            return answer.data.expiresIn;
          }}
          onBack={() => {
            setStep(2);
          }}
        />
      ) : null}

      <TermsNote />
      {step === 1 ? <HaveAccountSwitch onLogin={onLogin} /> : null}
    </div>
  );
}

/**
 * The steps and the calls between them: the password step creates the account (the server e-mails
 * a code), the right code verifies the address and signs the customer in.
 */
function useRegistration(details: DetailsForm, onSignedIn: (() => void) | undefined) {
  const { openAuthDialog, completeLogin } = useAuth();
  const [step, setStep] = useState<Step>(1);
  const [otpSeconds, setOtpSeconds] = useState<number>(otpLifetimeSeconds.register);
  const [resendAfter, setResendAfter] = useState<number>(OTP_RESEND_COOLDOWN_SECONDS);
  const [account, setAccount] = useState<{ email: string; password: string } | null>(null);

  const submitPassword = async (password: string) => {
    const { name, email, phoneNumber } = registerDetailsSchema.parse(details.getValues());
    const answer = await register({ name, email, phoneNumber, password });
    setAccount({ email, password });
    setOtpSeconds(answer.data.expiresIn);
    setResendAfter(answer.data.resendAfter);
    setStep(3);
  };

  const verify = async (code: string) => {
    if (!account) return;
    await verifyOtp({ email: account.email, otp: code });
    // The customer has just proved the address and typed the password: sign them in and go on
    // with what they were doing; should that fail, the login dialog opens as before.
    try {
      await completeLogin(await login(account), { otherwise: 'stay' });
      onSignedIn?.();
    } catch {
      openAuthDialog('login', { email: account.email });
    }
  };

  return { step, setStep, account, otpSeconds, resendAfter, submitPassword, verify };
}

/** Step 1: name, e-mail and phone number, checked here before the password step. */
function DetailsStep({ form, id, onDone }: { form: DetailsForm; id: string; onDone: () => void }) {
  const { t } = useTranslation();
  const { errors, submitCount } = form.formState;
  const submit = form.handleSubmit(onDone);
  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        id={`${id}-name`}
        label={t('auth.register.nameLabel')}
        error={errors.name?.message}
        attempt={submitCount}
      >
        <input
          {...form.register('name')}
          {...fieldAria(`${id}-name`, errors.name?.message)}
          className="ui-input"
          autoComplete="name"
        />
      </FormField>
      <EmailField
        id={`${id}-email`}
        label={t('auth.register.emailLabel')}
        registration={form.register('email')}
        error={errors.email?.message}
        attempt={submitCount}
      />
      <PhoneField
        id={`${id}-phone`}
        label={t('auth.register.phoneLabel')}
        registration={form.register('phoneNumber')}
        error={errors.phoneNumber?.message}
        attempt={submitCount}
      />
      <Button type="submit" block>
        {t('auth.register.continue')}
      </Button>
    </form>
  );
}

/** The terms and privacy policy the customer agrees to by signing up. */
function TermsNote() {
  const { t } = useTranslation();
  return (
    <p className="auth-terms">
      {taggedText(t('auth.register.terms'), {
        terms: (text) => <Link href="/terms-of-service">{text}</Link>,
        privacy: (text) => <Link href="/privacy-policy">{text}</Link>,
      })}
    </p>
  );
}

/** "Already have an account? Log in": the caller's login, else the auth dialog's. */
function HaveAccountSwitch({ onLogin }: { onLogin: (() => void) | undefined }) {
  const { t } = useTranslation();
  const { openAuthDialog } = useAuth();
  return (
    <p className="auth-form__switch">
      {t('auth.register.haveAccount')}{' '}
      <button
        type="button"
        className="auth-link"
        onClick={() => {
          if (onLogin) onLogin();
          else openAuthDialog('login');
        }}
      >
        {t('auth.login.submit')}
      </button>
    </p>
  );
}
