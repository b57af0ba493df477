import '../content/lazy-messages.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { OfflineDialog } from '../../../components/ui/offline-dialog.tsx';

/** Asked when a session refresh is due while offline (account spec §8). */
export default function OfflineRetryDialog({ onAnswer }: { onAnswer: (retry: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <OfflineDialog
      title={t('auth.offline.title')}
      message={t('auth.offline.message')}
      retryLabel={t('auth.offline.retry')}
      closeLabel={t('auth.offline.cancel')}
      onRetry={() => {
        onAnswer(true);
      }}
      onClose={() => {
        onAnswer(false);
      }}
    />
  );
}
