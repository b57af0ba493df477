import { otpLifetimeSeconds } from '@shop/contracts/auth';
import { validatePhone } from '@shop/contracts/phone';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { toast } from '../../../components/ui/toast-store.ts';
import { sendPhoneOtp, verifyOtp } from '../api/auth-api.ts';
import { useAuth } from '../hooks/auth-context.ts';
import { OtpCodeForm } from './otp-code-form.tsx';
import '../auth.css';

/**
 * /verify-phone?phone={95…}: reached when login says the phone is not verified. Public only:
 * signed-in users go to / (shopping spec §2).
 */
export default function VerifyPhonePage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { status, openAuthDialog } = useAuth();
  const phoneParam = new URLSearchParams(useSearch()).get('phone') ?? '';
  const phone = validatePhone(phoneParam);

  useEffect(() => {
    if (status === 'authenticated') navigate('/', { replace: true });
  }, [status, navigate]);

  if (status !== 'unauthenticated') return null;

  return (
    <div className="page auth-page">
      <section className="auth-card" aria-labelledby="verify-phone-title">
        <h1 id="verify-phone-title">{t('auth.verifyPhone.title')}</h1>
        {phone.valid ? (
          <OtpCodeForm
            seconds={otpLifetimeSeconds.verify_phone}
            variant="expiry"
            intro={t('auth.verifyPhone.intro', { phone: `+95 ${phone.display}` })}
            submitLabel={t('auth.verifyPhone.submit')}
            busyLabel={t('auth.otp.verifying')}
            incompleteKey="auth.errors.otpIncomplete"
            onSubmit={async (code) => {
              await verifyOtp({ phoneNumber: phone.international, otp: code });
              toast.success(t('auth.verifyPhone.success'));
              navigate('/');
              openAuthDialog('login');
            }}
            onResend={async () => (await sendPhoneOtp(phone.international)).data.expiresIn}
          />
        ) : (
          <p className="auth-alert" role="alert">
            {t('auth.verifyPhone.missingPhone')}
          </p>
        )}
      </section>
    </div>
  );
}
