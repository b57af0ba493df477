import '../content/lazy-messages.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useAuth, type AuthDialogMode, type AuthDialogOptions } from '../hooks/auth-context.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';
import { VerifyEmailForm } from './verify-email-form.tsx';
import '../auth.css';

const titles: Record<AuthDialogMode, string> = {
  login: 'auth.login.title',
  signup: 'auth.register.title',
  'forgot-password': 'auth.forgot.title',
  'otp-verification': 'auth.verifyEmail.title',
};

/** The auth dialog (shopping spec §2): one of four modes, closed by Escape or the backdrop. */
export default function AuthDialog({
  mode,
  options,
}: {
  mode: AuthDialogMode;
  options: AuthDialogOptions;
}) {
  const { t } = useTranslation();
  const { closeAuthDialog, openAuthDialog } = useAuth();
  return (
    <Dialog open onClose={closeAuthDialog} title={t(titles[mode])} className="auth-dialog">
      {mode === 'login' ? <LoginForm key="login" initialEmail={options.email} /> : null}
      {mode === 'signup' ? <RegisterForm key="signup" /> : null}
      {mode === 'forgot-password' ? (
        <ForgotPasswordForm
          key="forgot"
          initialEmail={options.email}
          initialOtp={options.otp}
          initialStep={options.step}
        />
      ) : null}
      {mode === 'otp-verification' ? (
        options.email ? (
          <VerifyEmailForm
            key="verify"
            email={options.email}
            initialOtp={options.otp}
            onVerified={() => {
              openAuthDialog('login', { email: options.email });
            }}
          />
        ) : (
          <p className="auth-alert" role="alert">
            {t('auth.verifyEmail.missingEmail')}
          </p>
        )
      ) : null}
    </Dialog>
  );
}
