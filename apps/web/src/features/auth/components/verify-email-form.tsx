import { otpLifetimeSeconds } from '@shop/contracts/auth';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast-store.ts';
import { sendEmailOtp, verifyOtp } from '../api/auth-api.ts';
import { OtpCodeForm } from './otp-code-form.tsx';

interface VerifyEmailFormProps {
  email: string;
  initialOtp?: string;
  onVerified: () => void;
}

/** The verify-email form of account spec §2: six boxes, 'Code expires in', 'Get New Code'. */
export function VerifyEmailForm({ email, initialOtp, onVerified }: VerifyEmailFormProps) {
  const { t } = useTranslation();
  return (
    <OtpCodeForm
      seconds={otpLifetimeSeconds.verify_email}
      variant="expiry"
      intro={t('auth.verifyEmail.intro', { email })}
      submitLabel={t('auth.verifyEmail.submit')}
      busyLabel={t('auth.otp.verifying')}
      incompleteKey="auth.errors.otpIncomplete"
      initialCode={initialOtp ?? ''}
      onSubmit={async (code) => {
        await verifyOtp({ email, otp: code });
        toast.success(t('auth.verifyEmail.success'));
        onVerified();
      }}
      onResend={async () => (await sendEmailOtp(email)).data.expiresIn}
    />
  );
}
