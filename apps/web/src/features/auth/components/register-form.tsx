import { EMAIL_PATTERN, otpLifetimeSeconds, PASSWORD_MIN_LENGTH } from '@shop/contracts/auth';
import { validatePhone } from '@shop/contracts/phone';
import { useId, useState, type SyntheticEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { register, sendEmailOtp, verifyOtp } from '../api/auth-api.ts';
import { useAuth } from '../hooks/auth-context.ts';
import { errorText, phoneErrorText } from './auth-errors.ts';
import { FormField, fieldAria } from './form-field.tsx';
import { OtpCodeForm } from './otp-code-form.tsx';

type Step = 1 | 2 | 3;
type Errors = Partial<Record<'name' | 'email' | 'phone' | 'password' | 'confirm', string>>;

/** 3-step registration of account spec §2: details, password, e-mailed code. */
export function RegisterForm({ onVerified }: { onVerified?: () => void }) {
  const { t } = useTranslation();
  const { openAuthDialog } = useAuth();
  const id = useId();
  const [step, setStep] = useState<Step>(1);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [attempt, setAttempt] = useState(0);
  const [phoneHint, setPhoneHint] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [otpSeconds, setOtpSeconds] = useState<number>(otpLifetimeSeconds.register);

  const submitDetails = (event: SyntheticEvent) => {
    event.preventDefault();
    setAttempt((n) => n + 1);
    const found: Errors = {};
    if (name.trim() === '') found.name = t('auth.errors.enterName');
    if (email.trim() === '') found.email = t('auth.errors.enterEmail');
    else if (!EMAIL_PATTERN.test(email.trim())) found.email = t('auth.errors.invalidEmail');
    if (phone.trim() === '') {
      // The browser-style bubble of account spec §5, shown for 3 seconds.
      setPhoneHint(t('auth.errors.fillField'));
    } else {
      setPhoneHint(null);
      const result = validatePhone(phone);
      if (!result.valid) found.phone = phoneErrorText(t, result.error);
    }
    setErrors(found);
    if (Object.keys(found).length === 0 && phone.trim() !== '') setStep(2);
  };

  const submitPassword = async (event: SyntheticEvent) => {
    event.preventDefault();
    setAttempt((n) => n + 1);
    setFailure(null);
    const found: Errors = {};
    if (password === '') found.password = t('auth.errors.enterPassword');
    else if (password.length < PASSWORD_MIN_LENGTH)
      found.password = t('auth.errors.passwordTooShort', { count: PASSWORD_MIN_LENGTH });
    if (confirm !== password) found.confirm = t('auth.errors.passwordsMismatch');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const phoneResult = validatePhone(phone);
    if (!phoneResult.valid) return;
    setBusy(true);
    try {
      const answer = await register({
        name: name.trim(),
        email: email.trim(),
        phoneNumber: phoneResult.international,
        password,
      });
      setOtpSeconds(answer.data.expiresIn);
      setStep(3);
    } catch (error) {
      const message = errorText(t, error, 'auth.errors.registrationFailed');
      setFailure(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  const verify = async (code: string) => {
    await verifyOtp({ email: email.trim(), otp: code });
    toast.success(t('auth.register.success'));
    if (onVerified) onVerified();
    else openAuthDialog('login', { email: email.trim() });
  };

  return (
    <div className="auth-steps">
      <p className="auth-steps__progress" aria-live="polite">
        {t('auth.register.stepOf', { step, count: 3 })} ·{' '}
        {t(`auth.register.step${String(step) as '1'}`)}
      </p>
      <ol className="auth-steps__bar" aria-hidden="true">
        {[1, 2, 3].map((n) => (
          <li key={n} className={n <= step ? 'done' : ''} />
        ))}
      </ol>

      {step === 1 ? (
        <form className="auth-form" onSubmit={submitDetails} noValidate>
          <FormField
            id={`${id}-name`}
            label={t('auth.register.nameLabel')}
            error={errors.name}
            attempt={attempt}
          >
            <input
              {...fieldAria(`${id}-name`, errors.name)}
              className="ui-input"
              autoComplete="name"
              required
              value={name}
              onChange={(event) => {
                setName(event.target.value);
              }}
            />
          </FormField>
          <FormField
            id={`${id}-email`}
            label={t('auth.register.emailLabel')}
            error={errors.email}
            attempt={attempt}
          >
            <input
              {...fieldAria(`${id}-email`, errors.email)}
              className="ui-input"
              type="email"
              autoComplete="email"
              required
              placeholder={t('auth.login.emailPlaceholder')}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
              }}
            />
          </FormField>
          <FormField
            id={`${id}-phone`}
            label={t('auth.register.phoneLabel')}
            error={errors.phone}
            hint={phoneHint}
            attempt={attempt}
          >
            <input
              {...fieldAria(`${id}-phone`, errors.phone)}
              className="ui-input"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              maxLength={13}
              placeholder="09 xxx xxxxxx"
              value={phone}
              onChange={(event) => {
                setPhone(event.target.value);
                setPhoneHint(null);
              }}
            />
          </FormField>
          <Button type="submit" block>
            {t('auth.register.continue')}
          </Button>
        </form>
      ) : null}

      {step === 2 ? (
        <form className="auth-form" onSubmit={(event) => void submitPassword(event)} noValidate>
          <FormField
            id={`${id}-password`}
            label={t('auth.register.passwordLabel')}
            error={errors.password}
            attempt={attempt}
          >
            <PasswordInput
              {...fieldAria(`${id}-password`, errors.password)}
              autoComplete="new-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
              }}
            />
          </FormField>
          <FormField
            id={`${id}-confirm`}
            label={t('auth.register.confirmLabel')}
            error={errors.confirm}
            attempt={attempt}
          >
            <PasswordInput
              {...fieldAria(`${id}-confirm`, errors.confirm)}
              autoComplete="new-password"
              value={confirm}
              onChange={(event) => {
                setConfirm(event.target.value);
              }}
            />
          </FormField>
          {failure ? (
            <div className="auth-alert" role="alert">
              {failure}
            </div>
          ) : null}
          <div className="auth-form__actions">
            <Button
              variant="secondary"
              onClick={() => {
                setStep(1);
                setFailure(null);
              }}
            >
              {t('auth.common.back')}
            </Button>
            <Button type="submit" block busy={busy} busyLabel={t('auth.register.creating')}>
              {t('auth.register.createAccount')}
            </Button>
          </div>
        </form>
      ) : null}

      {step === 3 ? (
        <OtpCodeForm
          seconds={otpSeconds}
          variant="resend"
          intro={t('auth.register.codeSent', { email: email.trim() })}
          submitLabel={t('auth.otp.verify')}
          busyLabel={t('auth.otp.verifying')}
          incompleteKey="auth.errors.otpIncomplete"
          onSubmit={verify}
          onResend={async () => {
            const answer = await sendEmailOtp(email.trim());
            return answer.data.expiresIn;
          }}
          onBack={() => {
            setStep(2);
          }}
        />
      ) : null}

      <p className="auth-terms">
        <Trans
          i18nKey="auth.register.terms"
          components={{
            terms: <Link href="/terms-of-service" />,
            privacy: <Link href="/privacy-policy" />,
          }}
        />
      </p>
      {step === 1 ? (
        <p className="auth-form__switch">
          {t('auth.register.haveAccount')}{' '}
          <button
            type="button"
            className="auth-link"
            onClick={() => {
              openAuthDialog('login');
            }}
          >
            {t('auth.login.submit')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
