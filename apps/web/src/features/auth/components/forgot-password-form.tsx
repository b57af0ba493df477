import { EMAIL_PATTERN, otpLifetimeSeconds, PASSWORD_MIN_LENGTH } from '@shop/contracts/auth';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { confirmPasswordReset, requestPasswordReset } from '../api/auth-api.ts';
import { useAuth } from '../hooks/auth-context.ts';
import { errorText } from './auth-errors.ts';
import { FormField, fieldAria } from './form-field.tsx';
import { OtpCodeForm } from './otp-code-form.tsx';

type Step = 1 | 2 | 3;
type Errors = Partial<Record<'email' | 'password' | 'confirm', string>>;

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
  const { openAuthDialog } = useAuth();
  const id = useId();
  const [step, setStep] = useState<Step>(initialStep);
  const [email, setEmail] = useState(initialEmail);
  const [otp, setOtp] = useState(initialOtp);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [otpSeconds, setOtpSeconds] = useState<number>(otpLifetimeSeconds.reset);

  const requestCode = async (event: SyntheticEvent) => {
    event.preventDefault();
    setAttempt((n) => n + 1);
    setFailure(null);
    const value = email.trim();
    const found: Errors = {};
    if (value === '') found.email = t('auth.errors.enterEmail');
    else if (!EMAIL_PATTERN.test(value)) found.email = t('auth.errors.invalidEmail');
    setErrors(found);
    if (found.email) return;
    setBusy(true);
    try {
      const answer = await requestPasswordReset({ email: value, role: 'user' });
      setOtpSeconds(answer.data.expiresIn);
      setStep(2);
    } catch (error) {
      const message = errorText(t, error, 'auth.errors.resetRequestFailed');
      setFailure(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  const reset = async (event: SyntheticEvent) => {
    event.preventDefault();
    setAttempt((n) => n + 1);
    setFailure(null);
    const found: Errors = {};
    if (password === '') found.password = t('auth.errors.enterNewPassword');
    else if (password.length < PASSWORD_MIN_LENGTH)
      found.password = t('auth.errors.passwordTooShort', { count: PASSWORD_MIN_LENGTH });
    if (confirm === '') found.confirm = t('auth.errors.confirmPassword');
    else if (confirm !== password) found.confirm = t('auth.errors.passwordsMismatchReset');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await confirmPasswordReset({ email: email.trim(), role: 'user', otp, newPassword: password });
      toast.success(t('auth.forgot.success'));
      openAuthDialog('login', { email: email.trim() });
    } catch (error) {
      const message = errorText(t, error, 'auth.errors.resetFailed');
      setFailure(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth-steps">
      <p className="auth-steps__progress" aria-live="polite">
        {t('auth.register.stepOf', { step, count: 3 })} ·{' '}
        {t(`auth.forgot.step${String(step) as '1'}`)}
      </p>
      <ol className="auth-steps__bar" aria-hidden="true">
        {[1, 2, 3].map((n) => (
          <li key={n} className={n <= step ? 'done' : ''} />
        ))}
      </ol>

      {step === 1 ? (
        <form className="auth-form" onSubmit={(event) => void requestCode(event)} noValidate>
          <p className="auth-form__intro">{t('auth.forgot.intro')}</p>
          <FormField
            id={`${id}-email`}
            label={t('auth.login.emailLabel')}
            error={errors.email}
            attempt={attempt}
          >
            <input
              {...fieldAria(`${id}-email`, errors.email)}
              className="ui-input"
              type="email"
              autoComplete="email"
              placeholder={t('auth.login.emailPlaceholder')}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
              }}
            />
          </FormField>
          {failure ? (
            <div className="auth-alert" role="alert">
              {failure}
            </div>
          ) : null}
          <Button type="submit" block busy={busy} busyLabel={t('auth.forgot.sending')}>
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
      ) : null}

      {step === 2 ? (
        <OtpCodeForm
          seconds={otpSeconds}
          variant="resend"
          intro={t('auth.forgot.codeSent', { email: email.trim() })}
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
            const answer = await requestPasswordReset({ email: email.trim(), role: 'user' });
            return answer.data.expiresIn;
          }}
          onBack={() => {
            setStep(1);
          }}
        />
      ) : null}

      {step === 3 ? (
        <form className="auth-form" onSubmit={(event) => void reset(event)} noValidate>
          <FormField
            id={`${id}-password`}
            label={t('auth.forgot.newPasswordLabel')}
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
            label={t('auth.forgot.confirmLabel')}
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
                setStep(2);
                setFailure(null);
              }}
            >
              {t('auth.common.back')}
            </Button>
            <Button type="submit" block busy={busy} busyLabel={t('auth.forgot.submitting')}>
              {t('auth.forgot.submit')}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
