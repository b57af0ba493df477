import '../content/lazy-messages.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatPhoneDisplay } from '@shop/contracts/phone';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { login, sendEmailOtp, sendPhoneOtp } from '../api/auth-api.ts';
import { useAuth } from '../hooks/auth-context.ts';
import { authErrorKind, errorText } from './auth-errors.ts';
import { EmailField, FormAlert, PhoneField } from './auth-fields.tsx';
import { loginFormSchema, type LoginValues } from './form-schemas.ts';
import { handOffVerification, type SendOutcome } from '../verification-handoff.ts';
import type { LoginInput } from '@shop/contracts/auth';

type Method = 'phone' | 'email';

/**
 * Login form of account spec §2: phone (default) or email, password, outcomes of §4. Validated by
 * the login request's own schema; only the chosen method's field is registered, so the values are
 * {phoneNumber, password} or {email, password}, as the API takes them.
 */
export function LoginForm({ initialEmail }: { initialEmail?: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { completeLogin, openAuthDialog, closeAuthDialog } = useAuth();
  const id = useId();
  const [method, setMethod] = useState<Method>(initialEmail ? 'email' : 'phone');
  /** A phone account whose number is not verified yet: said before any SMS is sent (ADR 0018). */
  const [unverifiedPhone, setUnverifiedPhone] = useState<{
    phoneNumber: string;
    password: string;
  } | null>(null);
  const [sending, setSending] = useState(false);
  /** The server asked this login for a proof of work (ADR 0045): the browser is solving it. */
  const [proving, setProving] = useState(false);
  const form = useForm<LoginValues, unknown, LoginInput>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: initialEmail
      ? { email: initialEmail, password: '' }
      : { phoneNumber: '', password: '' },
    shouldUnregister: true,
  });
  const { errors, submitCount, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    setUnverifiedPhone(null);
    const identity =
      input.kind === 'phone' ? { phoneNumber: input.phoneNumber } : { email: input.email };
    try {
      const answer = await login({ ...identity, password: input.password }, () => {
        setProving(true);
      });
      await completeLogin(answer);
    } catch (error) {
      const kind = authErrorKind(error);
      // Only the right password gets this answer, so saying it tells nothing to a guesser.
      if (kind === 'phone_verification_required' && input.kind === 'phone') {
        setUnverifiedPhone({ phoneNumber: input.phoneNumber, password: input.password });
        return;
      }
      if (kind === 'email_verification_required' && input.kind === 'email') {
        // The verify page says whether the code went out, or why not (issue 26), and signs the
        // person in with this password once the code is right.
        const outcome: SendOutcome = await sendEmailOtp(input.email).then(
          () => ({ sent: true }) as const,
          (sendError: unknown) => ({
            sent: false,
            reason: errorText(t, sendError, 'auth.errors.sendOtpFailed'),
          }),
        );
        handOffVerification({
          channel: 'email',
          target: input.email,
          outcome,
          password: input.password,
        });
        closeAuthDialog();
        navigate(`/verify-email?email=${encodeURIComponent(input.email)}`);
        return;
      }
      form.setError('root.server', { message: errorText(t, error, 'auth.errors.loginFailed') });
    } finally {
      setProving(false);
    }
  });

  /**
   * Texts the code and opens /verify-phone, which says whether it went out or why not (a code
   * texted a minute ago may still be typed there), and signs the person in with this password
   * once the code is right (issue 26).
   */
  const sendPhoneCode = async ({
    phoneNumber,
    password,
  }: {
    phoneNumber: string;
    password: string;
  }) => {
    setSending(true);
    const outcome: SendOutcome = await sendPhoneOtp(phoneNumber).then(
      () => ({ sent: true }) as const,
      (error: unknown) => ({
        sent: false,
        reason: errorText(t, error, 'auth.errors.sendOtpFailed'),
      }),
    );
    setSending(false);
    handOffVerification({ channel: 'sms', target: phoneNumber, outcome, password });
    closeAuthDialog();
    navigate(`/verify-phone?phone=${phoneNumber}`);
  };

  const switchMethod = (next: Method) => {
    setMethod(next);
    setUnverifiedPhone(null);
    form.clearErrors();
  };

  const identityId = `${id}-identity`;
  const passwordId = `${id}-password`;

  return (
    <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      {/* Native radios: one Tab stop, arrow keys move and choose (WAI-ARIA radio group). */}
      <fieldset className="auth-toggle">
        <legend className="visually-hidden">{t('auth.login.methodLabel')}</legend>
        {(['phone', 'email'] as const).map((option) => (
          <label
            key={option}
            className={`auth-toggle__option${method === option ? ' auth-toggle__option--active' : ''}`}
          >
            <input
              type="radio"
              name={`${id}-method`}
              value={option}
              checked={method === option}
              className="auth-toggle__input"
              onChange={() => {
                switchMethod(option);
              }}
            />
            {t(option === 'phone' ? 'auth.login.phoneTab' : 'auth.login.emailTab')}
          </label>
        ))}
      </fieldset>

      {method === 'phone' ? (
        <PhoneField
          key="phone"
          id={identityId}
          label={t('auth.login.phoneLabel')}
          registration={form.register('phoneNumber')}
          error={errors.phoneNumber?.message}
          attempt={submitCount}
          withCountryCode
        />
      ) : (
        <EmailField
          key="email"
          id={identityId}
          label={t('auth.login.emailLabel')}
          registration={form.register('email')}
          error={errors.email?.message}
          attempt={submitCount}
        />
      )}

      <FormField
        id={passwordId}
        label={t('auth.login.passwordLabel')}
        error={errors.password?.message}
        attempt={submitCount}
      >
        <PasswordInput
          {...form.register('password')}
          {...fieldAria(passwordId, errors.password?.message)}
          autoComplete="current-password"
          placeholder={t('auth.login.passwordPlaceholder')}
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

      <FormAlert message={errors.root?.server?.message} />

      {unverifiedPhone ? (
        <div className="auth-notice">
          <p role="status">
            {t('auth.login.phoneNotVerified', {
              phone: `+95 ${formatPhoneDisplay(unverifiedPhone.phoneNumber)}`,
            })}
          </p>
          <Button
            variant="secondary"
            block
            busy={sending}
            busyLabel={t('auth.otp.sending')}
            onClick={() => void sendPhoneCode(unverifiedPhone)}
          >
            {t('auth.login.sendPhoneCode')}
          </Button>
        </div>
      ) : null}
      <Button
        type="submit"
        block
        busy={isSubmitting}
        busyLabel={t(proving ? 'auth.login.proving' : 'auth.login.submitting')}
      >
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
