import '../content/lazy-messages.ts';
import { otpLifetimeSeconds } from '@shop/contracts/auth';
import { validatePhone } from '@shop/contracts/phone';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLocation, useSearch } from 'wouter';
import { toast } from '../../../components/ui/toast-store.ts';
import { login, sendPhoneOtp, verifyOtp } from '../api/auth-api.ts';
import { useAuth } from '../hooks/auth-context.ts';
import {
  clearVerificationHandoff,
  recordSendOutcome,
  sendOutcomeFor,
  takePassword,
} from '../verification-handoff.ts';
import { OtpCodeForm } from './otp-code-form.tsx';
import '../auth.css';
import { PageTitle } from '../../../lib/page-title.tsx';

/**
 * /verify-phone?phone={95…}: reached when login says the phone is not verified. Public only:
 * signed-in users go to / (shopping spec §2). It says "we sent" only when the login form's send
 * went out, else why not; the right code signs in with the password typed there (issue 26).
 */
export default function VerifyPhonePage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { status, openAuthDialog, completeLogin } = useAuth();
  const phoneParam = new URLSearchParams(useSearch()).get('phone') ?? '';
  const phone = validatePhone(phoneParam);
  const [outcome] = useState(() =>
    phone.valid ? sendOutcomeFor('sms', phone.international) : null,
  );

  useEffect(() => {
    if (status === 'authenticated') navigate('/', { replace: true });
  }, [status, navigate]);

  if (status !== 'unauthenticated') return null;

  return (
    <div className="page auth-page">
      <section className="auth-card" aria-labelledby="verify-phone-title">
        <PageTitle title={t('auth.verifyPhone.title')} />
        <h1 id="verify-phone-title">{t('auth.verifyPhone.title')}</h1>
        {phone.valid ? (
          <OtpCodeForm
            seconds={otpLifetimeSeconds.verify_phone}
            variant="expiry"
            intro={t(
              outcome?.sent === false ? 'auth.verifyPhone.introNotSent' : 'auth.verifyPhone.intro',
              {
                phone: `+95 ${phone.display}`,
              },
            )}
            notSentReason={outcome?.sent === false ? outcome.reason : undefined}
            submitLabel={t('auth.verifyPhone.submit')}
            busyLabel={t('auth.otp.verifying')}
            incompleteKey="auth.errors.otpIncomplete"
            onSubmit={async (code) => {
              await verifyOtp({ phoneNumber: phone.international, otp: code });
              toast.success(t('auth.verifyPhone.success'));
              const password = takePassword('sms', phone.international);
              clearVerificationHandoff();
              if (password) {
                try {
                  await completeLogin(await login({ phoneNumber: phone.international, password }));
                  return;
                } catch {
                  // Should the login fail now, the dialog asks for it as before.
                }
              }
              navigate('/');
              openAuthDialog('login');
            }}
            onResend={async () => {
              const answer = await sendPhoneOtp(phone.international);
              recordSendOutcome('sms', phone.international, { sent: true });
              return answer.data.expiresIn;
            }}
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
