import '../content/lazy-messages.ts';
import { otpLifetimeSeconds } from '@shop/contracts/auth';
import { useTranslation } from '../../../lib/use-translation.ts';
import { toast } from '../../../components/ui/toast-store.ts';
import { sendEmailOtp, verifyOtp } from '../api/auth-api.ts';
import { recordSendOutcome } from '../verification-handoff.ts';
import { OtpCodeForm } from './otp-code-form.tsx';

interface VerifyEmailFormProps {
  email: string;
  initialOtp?: string;
  /** The send that led here was refused: its reason instead of "we sent" (issue 26). */
  notSentReason?: string;
  onVerified: () => void | Promise<void>;
}

/** The verify-email form of account spec §2: six boxes, 'Code expires in', 'Get New Code'. */
export function VerifyEmailForm({
  email,
  initialOtp,
  notSentReason,
  onVerified,
}: VerifyEmailFormProps) {
  const { t } = useTranslation();
  return (
    <OtpCodeForm
      seconds={otpLifetimeSeconds.verify_email}
      variant="expiry"
      intro={t(notSentReason ? 'auth.verifyEmail.introNotSent' : 'auth.verifyEmail.intro', {
        email,
      })}
      notSentReason={notSentReason}
      submitLabel={t('auth.verifyEmail.submit')}
      busyLabel={t('auth.otp.verifying')}
      incompleteKey="auth.errors.otpIncomplete"
      initialCode={initialOtp ?? ''}
      onSubmit={async (code) => {
        await verifyOtp({ email, otp: code });
        toast.success(t('auth.verifyEmail.success'));
        await onVerified();
      }}
      onResend={async () => {
        const answer = await sendEmailOtp(email);
        recordSendOutcome('email', email, { sent: true });
        return answer.data.expiresIn;
      }}
    />
  );
}
