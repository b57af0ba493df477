import '../content/lazy-messages.ts';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLocation, useSearch } from 'wouter';
import { login } from '../api/auth-api.ts';
import { useAuth } from '../hooks/auth-context.ts';
import { clearVerificationHandoff, sendOutcomeFor, takePassword } from '../verification-handoff.ts';
import { VerifyEmailForm } from './verify-email-form.tsx';
import '../auth.css';
import { PageTitle } from '../../../lib/page-title.tsx';

/**
 * /verify-email?email={email}&otp={otp}: reached when login says the email is not verified. It says
 * "we sent" only when the login form's send went out, else why not; the right code signs in with
 * the password typed there (issue 26), else the login dialog opens as before.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { openAuthDialog, completeLogin } = useAuth();
  const params = new URLSearchParams(useSearch());
  const email = params.get('email')?.trim() ?? '';
  const otp = params.get('otp') ?? '';
  const [outcome] = useState(() => (email ? sendOutcomeFor('email', email) : null));

  return (
    <div className="page auth-page">
      <section className="auth-card" aria-labelledby="verify-email-title">
        <PageTitle title={t('auth.verifyEmail.title')} />
        <h1 id="verify-email-title">{t('auth.verifyEmail.title')}</h1>
        {email ? (
          <VerifyEmailForm
            email={email}
            initialOtp={otp}
            notSentReason={outcome?.sent === false ? outcome.reason : undefined}
            onVerified={async () => {
              const password = takePassword('email', email);
              clearVerificationHandoff();
              if (password) {
                try {
                  await completeLogin(await login({ email, password }));
                  return;
                } catch {
                  // Should the login fail now, the dialog asks for it as before.
                }
              }
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
