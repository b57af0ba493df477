import '../content/messages.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { OfflineDialog } from '../../../components/ui/offline-dialog.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { getConnectivityStore, RESTORED_TOAST_MS, useConnectivity } from '../connectivity-store.ts';

/**
 * Spec §4 "Connectivity": the offline dialog 'No Internet Connection' (Try Again, Close, how many
 * tries so far) while offline, and the green 'Connection restored / You're back online' toast for
 * 3 s when the connection comes back. Loaded after the page is ready (app/app.tsx).
 */
export default function ConnectivityHost() {
  const { t } = useTranslation();
  const { online, checking, attempts } = useConnectivity();
  const [closed, setClosed] = useState(false);
  // Each time the connection is lost the dialog opens again, even if closed the last time.
  const [seenOnline, setSeenOnline] = useState(online);
  if (online !== seenOnline) {
    setSeenOnline(online);
    if (!online) setClosed(false);
  }

  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) {
      toast.show(
        'success',
        t('connectivity.restored'),
        RESTORED_TOAST_MS,
        t('connectivity.restoredTitle'),
      );
    }
    wasOnline.current = online;
  }, [online, t]);

  if (online || closed) return null;
  return (
    <OfflineDialog
      title={t('connectivity.title')}
      message={t('connectivity.message')}
      retryLabel={t('connectivity.retry')}
      closeLabel={t('connectivity.close')}
      busy={checking}
      busyLabel={t('connectivity.checking')}
      status={attempts > 0 ? t('connectivity.attempts', { count: attempts }) : ''}
      onRetry={() => {
        void getConnectivityStore().retry();
      }}
      onClose={() => {
        setClosed(true);
      }}
    />
  );
}
