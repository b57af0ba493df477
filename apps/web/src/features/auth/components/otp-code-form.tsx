import '../content/lazy-messages.ts';
import { isOtpCode, OTP_LENGTH } from '@shop/contracts/auth-rules';
import { useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { OtpInput } from '../../../components/ui/otp-input.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { formatCountdown } from '../../../lib/dates.ts';
import { formMessage } from '../../../lib/form-messages.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { errorText } from './auth-errors.ts';
import { useCountdown } from '../hooks/use-countdown.ts';

interface OtpCodeFormProps {
  /** Countdown length in seconds (900 registration, 300 reset and verify-email). */
  seconds: number;
  intro: ReactNode;
  /**
   * "resend": Resend is offered with the countdown and enabled at zero (registration, reset).
   * "expiry": 'Code expires in' (orange at ≤60 s, red 'Code expired'), 'Get New Code' (verify pages).
   */
  variant: 'resend' | 'expiry';
  submitLabel: string;
  busyLabel: string;
  /** Message key for a code shorter than 6 digits. */
  incompleteKey: string;
  initialCode?: string;
  /**
   * "resend" variant: Resend is enabled this many seconds after a send (the server's resendAfter,
   * 60 s; issue 26) instead of when the code expires. The code's own lifetime still ends submit.
   */
  resendAfter?: number;
  /**
   * The send that led here was refused (issue 26): its reason is shown instead of a countdown of
   * a code that was never sent, and a new code can be asked for at once.
   */
  notSentReason?: string;
  onSubmit: (code: string) => Promise<void>;
  /** Sends a new code; resolves to the new countdown length. */
  onResend: () => Promise<number>;
  onBack?: () => void;
}

/**
 * Six OTP boxes with countdown, resend and submit (account spec §2, §4 "OTP timer"), checked with
 * the contract's code rule. One field needs no form library: the verify pages start without
 * react-hook-form and the schema library (issue 29, ADR 0018's addendum). A failure shows once,
 * under the boxes.
 */
export function OtpCodeForm({
  seconds,
  intro,
  variant,
  submitLabel,
  busyLabel,
  incompleteKey,
  initialCode = '',
  resendAfter,
  notSentReason,
  onSubmit,
  onResend,
  onBack,
}: OtpCodeFormProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [code, setCode] = useState(() => initialCode.replace(/\D/g, '').slice(0, OTP_LENGTH));
  /** A message key (the code is incomplete) or the server's translated answer; null when none. */
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sending, setSending] = useState(false);
  /** Why the last send did not happen; null once a code went out. */
  const [sendRefused, setSendRefused] = useState<string | null>(notSentReason ?? null);
  const { remaining, restart } = useCountdown(sendRefused === null ? seconds : 0);
  const resendWait = useCountdown(sendRefused === null ? (resendAfter ?? seconds) : 0);
  // Nothing was sent: no code's clock runs out (one sent earlier may still be typed in).
  const expired = sendRefused === null && remaining === 0;
  const shownError =
    expired && variant === 'expiry'
      ? t('auth.errors.otpExpired')
      : failure
        ? formMessage(i18n, failure)
        : sendRefused;

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    if (!isOtpCode(code)) {
      setFailure(incompleteKey);
      return;
    }
    if (expired) {
      setFailure(t('auth.errors.otpExpired'));
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(code);
    } catch (error) {
      setFailure(errorText(t, error, 'auth.errors.otpVerifyFailed'));
    } finally {
      setSubmitting(false);
    }
  };

  const resend = async () => {
    setSending(true);
    setFailure(null);
    try {
      const next = await onResend();
      setSendRefused(null);
      restart(next);
      resendWait.restart(resendAfter ?? next);
      setCode('');
      toast.success(t('auth.otp.resent'));
    } catch (error) {
      setFailure(errorText(t, error, 'auth.errors.resendFailed'));
    } finally {
      setSending(false);
    }
  };

  const timerClass =
    variant === 'expiry'
      ? expired
        ? 'auth-timer auth-timer--expired'
        : remaining <= 60
          ? 'auth-timer auth-timer--warning'
          : 'auth-timer'
      : 'auth-timer';

  const resendWaiting = variant === 'resend' && resendWait.remaining > 0;
  const resendLabel =
    variant === 'expiry' && (expired || sendRefused !== null)
      ? t('auth.otp.getNewCode')
      : resendWaiting
        ? t('auth.otp.resendIn', {
            time: formatCountdown(resendWait.remaining, currentLanguage()),
          })
        : t('auth.otp.resend');

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="auth-form__intro">{intro}</p>
      <OtpInput
        value={code}
        onChange={(next) => {
          setCode(next);
          setFailure(null);
        }}
        label={t('auth.otp.label')}
        invalid={shownError !== null}
        autoFocus
        describedBy={`${id}-timer${shownError ? ` ${id}-error` : ''}`}
      />
      {variant === 'expiry' && sendRefused === null ? (
        <p id={`${id}-timer`} className={timerClass} aria-live="polite">
          {expired
            ? t('auth.otp.expired')
            : t('auth.otp.expiresIn', { time: formatCountdown(remaining, currentLanguage()) })}
        </p>
      ) : (
        <span id={`${id}-timer`} hidden />
      )}
      {shownError ? (
        <p className="auth-field__error auth-field__error--center" id={`${id}-error`} role="alert">
          {shownError}
        </p>
      ) : null}
      <div className="auth-form__row auth-form__row--center">
        <span>{t('auth.otp.noCode')}</span>
        <Button
          variant="ghost"
          className="auth-resend"
          busy={sending}
          busyLabel={t('auth.otp.sending')}
          disabled={resendWaiting}
          onClick={() => void resend()}
        >
          {resendLabel}
        </Button>
      </div>
      <div className="auth-form__actions">
        {onBack ? (
          <Button variant="secondary" onClick={onBack}>
            {t('auth.common.back')}
          </Button>
        ) : null}
        <Button type="submit" block busy={submitting} busyLabel={busyLabel} disabled={expired}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
