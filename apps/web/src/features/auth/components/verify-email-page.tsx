import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { useAuth } from '../hooks/auth-context.ts';
import { VerifyEmailForm } from './verify-email-form.tsx';
import '../auth.css';

/** /verify-email?email={email}&otp={otp}: reached when login says the email is not verified. */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { openAuthDialog } = useAuth();
  const params = new URLSearchParams(useSearch());
  const email = params.get('email')?.trim() ?? '';
  const otp = params.get('otp') ?? '';

  return (
    <div className="page auth-page">
      <section className="auth-card" aria-labelledby="verify-email-title">
        <h1 id="verify-email-title">{t('auth.verifyEmail.title')}</h1>
        {email ? (
          <VerifyEmailForm
            email={email}
            initialOtp={otp}
            onVerified={() => {
              navigate('/');
              openAuthDialog('login', { email });
            }}
          />
        ) : (
          <p className="auth-alert" role="alert">
            {t('auth.verifyEmail.missingEmail')}
          </p>
        )}
      </section>
    </div>
  );
}
