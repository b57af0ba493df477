import '../content/lazy-messages.ts';
import '../checkout.css';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
// The register form brings the account strings this dialog's title reads too, and auth's
// stylesheet (this dialog wears its auth-dialog look).
import { RegisterForm } from '../../auth/index.ts';
import { rememberGuestChoice } from '../guest-choice.ts';

/**
 * Login-required dialog (spec §2) shown when a guest checks out: log in or sign up (checkout
 * continues after success), or 'Continue as Guest', which hides this dialog for 6 hours. A line
 * under that button says plainly that a guest can keep shopping but paying needs an account.
 */
export function LoginRequiredDialog({
  onClose,
  onLogin,
  onSignedUp,
}: {
  onClose: () => void;
  onLogin: () => void;
  /** The sign-up made here signed the customer in: the checkout opens with the same cart. */
  onSignedUp: () => void;
}) {
  const { t } = useTranslation();
  const guestNoteId = useId();
  const [signingUp, setSigningUp] = useState(false);
  if (signingUp)
    return (
      // Issue 26: the sign-up happens here, at the checkout, and comes back to it.
      <Dialog
        open
        onClose={onClose}
        title={t('auth.register.title')}
        description={t('checkout.loginRequired.signUpNote')}
        className="auth-dialog"
      >
        <RegisterForm onSignedIn={onSignedUp} onLogin={onLogin} />
      </Dialog>
    );
  return (
    <Dialog
      open
      onClose={onClose}
      size="small"
      title={t('checkout.loginRequired.title')}
      description={t('checkout.loginRequired.description')}
    >
      <div className="checkout-login-required">
        <Button block data-autofocus onClick={onLogin}>
          {t('checkout.loginRequired.login')}
        </Button>
        <Button
          block
          variant="secondary"
          onClick={() => {
            setSigningUp(true);
          }}
        >
          {t('checkout.loginRequired.signUp')}
        </Button>
        <Button
          block
          variant="ghost"
          aria-describedby={guestNoteId}
          onClick={() => {
            rememberGuestChoice();
            onClose();
          }}
        >
          {t('checkout.loginRequired.guest')}
        </Button>
        {/* Issue 26: the spec's 'Continue as Guest' stays; this line says what it cannot do. */}
        <p id={guestNoteId} className="checkout-login-required__note">
          {t('checkout.loginRequired.guestNote')}
        </p>
      </div>
    </Dialog>
  );
}
