import '../content/lazy-messages.ts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { rememberGuestChoice } from '../guest-choice.ts';

/**
 * Login-required dialog (spec §2) shown when a guest checks out: log in or sign up (checkout
 * continues after success), or 'Continue as Guest', which hides this dialog for 6 hours.
 */
export function LoginRequiredDialog({
  onClose,
  onLogin,
  onSignUp,
}: {
  onClose: () => void;
  onLogin: () => void;
  onSignUp: () => void;
}) {
  const { t } = useTranslation();
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
        <Button block variant="secondary" onClick={onSignUp}>
          {t('checkout.loginRequired.signUp')}
        </Button>
        <Button
          block
          variant="ghost"
          onClick={() => {
            rememberGuestChoice();
            onClose();
          }}
        >
          {t('checkout.loginRequired.guest')}
        </Button>
      </div>
    </Dialog>
  );
}
