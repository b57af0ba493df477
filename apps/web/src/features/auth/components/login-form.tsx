import '../content/lazy-messages.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatPhoneDisplay } from '@shop/contracts/phone';
import { useId, useState, type ComponentProps } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import type { TFunction } from '../../../lib/translator.ts';
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
type LoginFormApi = UseFormReturn<LoginValues, unknown, LoginInput>;
/** A phone login the server refused because the number is not verified yet. */
interface PhoneLogin {
  phoneNumber: string;
  password: string;
}

/**
 * Login form of account spec §2: phone (default) or email, password, outcomes of §4. Validated by
 * the login request's own schema; only the chosen method's field is registered, so the values are
 * {phoneNumber, password} or {email, password}, as the API takes them.
 */
export function LoginForm({ initialEmail }: { initialEmail?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [method, setMethod] = useState<Method>(initialEmail ? 'email' : 'phone');
  const form = useForm<LoginValues, unknown, LoginInput>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: initialEmail
      ? { email: initialEmail, password: '' }
      : { phoneNumber: '', password: '' },
    shouldUnregister: true,
  });
  const { errors, submitCount, isSubmitting } = form.formState;
  const { onSubmit, proving, unverifiedPhone, setUnverifiedPhone } = useLoginSubmit(form);
  const { sending, sendPhoneCode } = usePhoneCodeSender();

  const switchMethod = (next: Method) => {
    setMethod(next);
    setUnverifiedPhone(null);
    form.clearErrors();
  };

  const passwordId = `${id}-password`;

  return (
    <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <MethodToggle name={`${id}-method`} method={method} onChange={switchMethod} />

      {/* Registered here, before the password, so a failed submit focuses the first field. */}
      <IdentityField
        method={method}
        id={`${id}-identity`}
        registration={form.register(method === 'phone' ? 'phoneNumber' : 'email')}
        error={(method === 'phone' ? errors.phoneNumber : errors.email)?.message}
        attempt={submitCount}
      />

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
        <DialogLink mode="forgot-password">{t('auth.login.forgot')}</DialogLink>
      </div>

      <FormAlert message={errors.root?.server?.message} />

      {unverifiedPhone ? (
        <UnverifiedPhoneNotice
          login={unverifiedPhone}
          sending={sending}
          onSend={() => void sendPhoneCode(unverifiedPhone)}
        />
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
        {t('auth.login.noAccount')} <DialogLink mode="signup">{t('auth.login.signUp')}</DialogLink>
      </p>
    </form>
  );
}

/**
 * Sends the login and handles its outcomes of account spec §4: signed in, a phone or e-mail not
 * verified yet, or a message on the form.
 */
function useLoginSubmit(form: LoginFormApi) {
  const { t } = useTranslation();
  const { completeLogin } = useAuth();
  const openVerifyPage = useOpenVerifyPage();
  /** A phone account whose number is not verified yet: said before any SMS is sent (ADR 0018). */
  const [unverifiedPhone, setUnverifiedPhone] = useState<PhoneLogin | null>(null);
  /** The server asked this login for a proof of work (ADR 0045): the browser is solving it. */
  const [proving, setProving] = useState(false);

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
        const outcome = await sendOutcome(t, sendEmailOtp(input.email));
        openVerifyPage('email', input.email, outcome, input.password);
        return;
      }
      form.setError('root.server', { message: errorText(t, error, 'auth.errors.loginFailed') });
    } finally {
      setProving(false);
    }
  });

  return { onSubmit, proving, unverifiedPhone, setUnverifiedPhone };
}

/**
 * Texts the code and opens /verify-phone, which says whether it went out or why not (a code
 * texted a minute ago may still be typed there), and signs the person in with this password
 * once the code is right (issue 26).
 */
function usePhoneCodeSender() {
  const { t } = useTranslation();
  const openVerifyPage = useOpenVerifyPage();
  const [sending, setSending] = useState(false);

  const sendPhoneCode = async ({ phoneNumber, password }: PhoneLogin) => {
    setSending(true);
    const outcome = await sendOutcome(t, sendPhoneOtp(phoneNumber));
    setSending(false);
    openVerifyPage('sms', phoneNumber, outcome, password);
  };

  return { sending, sendPhoneCode };
}

/** Whether a code send went out, or the reason it did not, as the verify page shows it. */
function sendOutcome(t: TFunction, send: Promise<unknown>): Promise<SendOutcome> {
  return send.then(
    () => ({ sent: true }) as const,
    (error: unknown) => ({
      sent: false,
      reason: errorText(t, error, 'auth.errors.sendOtpFailed'),
    }),
  );
}

/** Hands the send's outcome and the password to the verify page, closes the dialog, opens it. */
function useOpenVerifyPage() {
  const [, navigate] = useLocation();
  const { closeAuthDialog } = useAuth();
  return (channel: 'email' | 'sms', target: string, outcome: SendOutcome, password: string) => {
    handOffVerification({ channel, target, outcome, password });
    closeAuthDialog();
    navigate(
      channel === 'email'
        ? `/verify-email?email=${encodeURIComponent(target)}`
        : `/verify-phone?phone=${target}`,
    );
  };
}

/** Native radios: one Tab stop, arrow keys move and choose (WAI-ARIA radio group). */
function MethodToggle({
  name,
  method,
  onChange,
}: {
  name: string;
  method: Method;
  onChange: (next: Method) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="auth-toggle">
      <legend className="visually-hidden">{t('auth.login.methodLabel')}</legend>
      {(['phone', 'email'] as const).map((option) => (
        <label
          key={option}
          className={`auth-toggle__option${method === option ? ' auth-toggle__option--active' : ''}`}
        >
          <input
            type="radio"
            name={name}
            value={option}
            checked={method === option}
            className="auth-toggle__input"
            onChange={() => {
              onChange(option);
            }}
          />
          {t(option === 'phone' ? 'auth.login.phoneTab' : 'auth.login.emailTab')}
        </label>
      ))}
    </fieldset>
  );
}

/** The chosen method's field: only it is registered (the form unregisters the other). */
function IdentityField({
  method,
  ...field
}: Omit<ComponentProps<typeof EmailField>, 'label'> & { method: Method }) {
  const { t } = useTranslation();
  return method === 'phone' ? (
    <PhoneField key="phone" {...field} label={t('auth.login.phoneLabel')} withCountryCode />
  ) : (
    <EmailField key="email" {...field} label={t('auth.login.emailLabel')} />
  );
}

/** Says the number is not verified yet and offers to text a code (ADR 0018). */
function UnverifiedPhoneNotice({
  login: { phoneNumber },
  sending,
  onSend,
}: {
  login: PhoneLogin;
  sending: boolean;
  onSend: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="auth-notice">
      <p role="status">
        {t('auth.login.phoneNotVerified', { phone: `+95 ${formatPhoneDisplay(phoneNumber)}` })}
      </p>
      <Button
        variant="secondary"
        block
        busy={sending}
        busyLabel={t('auth.otp.sending')}
        onClick={onSend}
      >
        {t('auth.login.sendPhoneCode')}
      </Button>
    </div>
  );
}

/** A link-styled button that switches the auth dialog to another of its screens. */
function DialogLink({ mode, children }: { mode: 'forgot-password' | 'signup'; children: string }) {
  const { openAuthDialog } = useAuth();
  return (
    <button
      type="button"
      className="auth-link"
      onClick={() => {
        openAuthDialog(mode);
      }}
    >
      {children}
    </button>
  );
}
