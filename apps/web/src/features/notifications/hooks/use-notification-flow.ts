import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useAuth } from '../../auth/index.ts';
import { deleteSubscription, saveSubscription, vapidKeyQuery } from '../api/notifications-api.ts';
import {
  disableNotifications,
  enableNotifications,
  syncPushSubscription,
  type EnableResult,
  type FlowError,
} from '../notification-flow.ts';

export interface FlowFeedback {
  error: FlowError | null;
  /** Tries that ended in an error; more than 1 adds the help hint (spec §8). */
  failedTries: number;
  /** On, but the push subscription could not be made (the generic failure, for that part only). */
  pushFailed: boolean;
}

/**
 * The notification flow with the shop's calls (the key through TanStack Query, cached; the two
 * writes straight through the API client, as the other features' writes) and the page's language.
 */
export function useNotificationFlow() {
  const { t } = useTranslation();
  const { status } = useAuth();
  const queryClient = useQueryClient();
  const [feedback, setFeedback] = useState<FlowFeedback>({
    error: null,
    failedTries: 0,
    pushFailed: false,
  });
  const signedIn = status === 'authenticated';
  const fetchVapidKey = useCallback(() => queryClient.query(vapidKeyQuery), [queryClient]);

  const enable = useCallback(async (): Promise<EnableResult> => {
    const result = await enableNotifications({
      signedIn,
      language: currentLanguage(),
      fetchVapidKey,
      saveSubscription,
      testNotification: {
        title: t('notifications.test.title'),
        body: t('notifications.test.body'),
      },
    });
    setFeedback((previous) =>
      result.ok
        ? { error: null, failedTries: previous.failedTries, pushFailed: result.pushFailed }
        : { error: result.error, failedTries: previous.failedTries + 1, pushFailed: false },
    );
    return result;
  }, [signedIn, fetchVapidKey, t]);

  const disable = useCallback(async () => {
    const done = await disableNotifications({ signedIn, deleteSubscription });
    setFeedback((previous) => ({
      error: done ? null : 'failed',
      failedTries: done ? previous.failedTries : previous.failedTries + 1,
      pushFailed: false,
    }));
    return done;
  }, [signedIn]);

  /** Subscribes quietly (after a sign-in, or a start with notifications already on). */
  const sync = useCallback(
    () =>
      syncPushSubscription({
        language: currentLanguage(),
        fetchVapidKey,
        saveSubscription,
      }),
    [fetchVapidKey],
  );

  const clearFeedback = useCallback(() => {
    setFeedback((previous) => ({ ...previous, error: null, pushFailed: false }));
  }, []);

  return { enable, disable, sync, feedback, clearFeedback };
}
