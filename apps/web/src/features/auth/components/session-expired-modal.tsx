import '../content/lazy-messages.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import type { SessionEndReason } from '../../../lib/auth-session.ts';
import '../auth.css';

interface SessionExpiredModalProps {
  reason: SessionEndReason;
  onLoginAgain: () => void;
  onClose: () => void;
}

/** Account spec §2 "Session-expired modal" with the reason of §4 as a detail line. */
export default function SessionExpiredModal({
  reason,
  onLoginAgain,
  onClose,
}: SessionExpiredModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      role="alertdialog"
      size="small"
      onClose={onClose}
      title={t('auth.session.title')}
      description={t('auth.session.message')}
      className="auth-session-modal"
    >
      <p className="auth-session-modal__reason" data-reason={reason}>
        {t(`auth.session.reasons.${reason}`)}
      </p>
      <div className="auth-form__actions">
        <Button variant="secondary" onClick={onClose}>
          {t('auth.session.close')}
        </Button>
        <Button block onClick={onLoginAgain} data-autofocus>
          {t('auth.session.loginAgain')}
        </Button>
      </div>
    </Dialog>
  );
}
