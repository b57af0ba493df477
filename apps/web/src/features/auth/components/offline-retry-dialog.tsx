import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';

/** Asked when a session refresh is due while offline (account spec §8). */
export default function OfflineRetryDialog({ onAnswer }: { onAnswer: (retry: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      role="alertdialog"
      size="small"
      onClose={() => {
        onAnswer(false);
      }}
      title={t('auth.offline.title')}
      description={t('auth.offline.message')}
    >
      <div className="auth-form__actions">
        <Button
          variant="secondary"
          onClick={() => {
            onAnswer(false);
          }}
        >
          {t('auth.offline.cancel')}
        </Button>
        <Button
          block
          data-autofocus
          onClick={() => {
            onAnswer(true);
          }}
        >
          {t('auth.offline.retry')}
        </Button>
      </div>
    </Dialog>
  );
}
