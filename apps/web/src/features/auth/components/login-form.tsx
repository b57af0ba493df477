import { EMAIL_PATTERN } from '@shop/contracts/auth';
import { validatePhone } from '@shop/contracts/phone';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { login, sendEmailOtp, sendPhoneOtp } from '../api/auth-api.ts';
import { useAuth } from '../hooks/auth-context.ts';
import { authErrorKind, errorText } from './auth-errors.ts';
import { FormField, fieldAria } from './form-field.tsx';

type Method = 'phone' | 'email';
interface Errors {
  identity?: string;
  password?: string;
}

/** Login form of account spec §2: phone (default) or email, password, outcomes of §4. */
export function LoginForm({ initialEmail }: { initialEmail?: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { completeLogin, openAuthDialog, closeAuthDialog } = useAuth();
  const id = useId();
  const [method, setMethod] = useState<Method>(initialEmail ? 'email' : 'phone');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState(initialEmail ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const validate = (): { errors: Errors; body: { phoneNumber: string } | { email: string } } => {
    const found: Errors = {};
    let identity: { phoneNumber: string } | { email: string } = { email: email.trim() };
    if (method === 'phone') {
      const result = validatePhone(phone);
      if (phone.trim() === '') found.identity = t('auth.errors.enterPhone');
      else if (!result.valid) found.identity = t('auth.errors.invalidPhone');
      else identity = { phoneNumber: result.international };
    } else if (email.trim() === '') found.identity = t('auth.errors.enterEmail');
    else if (!EMAIL_PATTERN.test(email.trim())) found.identity = t('auth.errors.invalidEmail');
    if (password === '') found.password = t('auth.errors.enterPassword');
    return { errors: found, body: identity };
  };

  const onSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setAttempt((n) => n + 1);
    setFailure(null);
    const { errors: found, body } = validate();
    setErrors(found);
    if (found.identity || found.password) return;
    setBusy(true);
    try {
      const answer = await login({ ...body, password });
      await completeLogin(answer);
    } catch (error) {
      const kind = authErrorKind(error);
      // Unverified accounts are sent a code and routed to the verification page (account spec §4).
      if (kind === 'phone_verification_required' && 'phoneNumber' in body) {
        await sendPhoneOtp(body.phoneNumber).catch((sendError: unknown) => {
          toast.error(errorText(t, sendError, 'auth.errors.sendOtpFailed'));
        });
        closeAuthDialog();
        navigate(`/verify-phone?phone=${body.phoneNumber}`);
        return;
      }
      if (kind === 'email_verification_required' && 'email' in body) {
        await sendEmailOtp(body.email).catch((sendError: unknown) => {
          toast.error(errorText(t, sendError, 'auth.errors.sendOtpFailed'));
        });
        closeAuthDialog();
        navigate(`/verify-email?email=${encodeURIComponent(body.email)}`);
        return;
      }
      const message = errorText(t, error, 'auth.errors.loginFailed');
      setFailure(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  const switchMethod = (next: Method) => {
    setMethod(next);
    setErrors({});
    setFailure(null);
  };

  const identityId = `${id}-identity`;
  const passwordId = `${id}-password`;

  return (
    <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="auth-toggle" role="radiogroup" aria-label={t('auth.login.methodLabel')}>
        {(['phone', 'email'] as const).map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={method === option}
            className={`auth-toggle__option${method === option ? ' auth-toggle__option--active' : ''}`}
            onClick={() => {
              switchMethod(option);
            }}
          >
            {t(option === 'phone' ? 'auth.login.phoneTab' : 'auth.login.emailTab')}
          </button>
        ))}
      </div>

      {method === 'phone' ? (
        <FormField
          id={identityId}
          label={t('auth.login.phoneLabel')}
          error={errors.identity}
          attempt={attempt}
        >
          <div className="auth-phone">
            <select
              className="auth-phone__country"
              disabled
              aria-label={t('auth.login.countryCode')}
              value="95"
            >
              <option value="95">+95</option>
            </select>
            <input
              {...fieldAria(identityId, errors.identity)}
              className="ui-input"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="9 xxx xxxxxx"
              value={phone}
              onChange={(event) => {
                setPhone(event.target.value);
              }}
            />
          </div>
        </FormField>
      ) : (
        <FormField
          id={identityId}
          label={t('auth.login.emailLabel')}
          error={errors.identity}
          attempt={attempt}
        >
          <input
            {...fieldAria(identityId, errors.identity)}
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
      )}

      <FormField
        id={passwordId}
        label={t('auth.login.passwordLabel')}
        error={errors.password}
        attempt={attempt}
      >
        <PasswordInput
          {...fieldAria(passwordId, errors.password)}
          autoComplete="current-password"
          placeholder={t('auth.login.passwordPlaceholder')}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
          }}
        />
      </FormField>

      <div className="auth-form__row auth-form__row--end">
        <button
          type="button"
          className="auth-link"
          onClick={() => {
            openAuthDialog('forgot-password');
          }}
        >
          {t('auth.login.forgot')}
        </button>
      </div>

      {failure ? (
        <div className="auth-alert" role="alert">
          {failure}
        </div>
      ) : null}

      <Button type="submit" block busy={busy} busyLabel={t('auth.login.submitting')}>
        {t('auth.login.submit')}
      </Button>

      <p className="auth-form__switch">
        {t('auth.login.noAccount')}{' '}
        <button
          type="button"
          className="auth-link"
          onClick={() => {
            openAuthDialog('signup');
          }}
        >
          {t('auth.login.signUp')}
        </button>
      </p>
    </form>
  );
}
