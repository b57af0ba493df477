import '../content/messages.ts';
import '../notifications.css';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useBlockingDialogOpen } from '../../../components/ui/blocking-dialogs.ts';
import { useAuth } from '../../auth/index.ts';
import { getAuthSession } from '../../../lib/auth-session.ts';
import { deleteSubscription } from '../api/notifications-api.ts';
import { useNotificationFlow } from '../hooks/use-notification-flow.ts';
import { dropPushSubscription, sendSettingsToWorker } from '../notification-flow.ts';
import { readNotificationSettings, shouldShowPromptNow } from '../notification-settings.ts';
import { NotificationPrompt } from './notification-prompt.tsx';

/** Pages the prompt is offered on (issue 16): Home and the order list. */
const PROMPT_PAGES = new Set(['/', '/orders']);
/** Seconds after the page is ready: never on the first paint, never in the way of it. */
export const PROMPT_DELAY_MS = 3000;

/** Resolves once the first page is live (<html data-page-ready>, app/router.tsx). */
function whenPageReady(): Promise<void> {
  const root = document.documentElement;
  if (root.hasAttribute('data-page-ready')) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!root.hasAttribute('data-page-ready')) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { attributes: true, attributeFilter: ['data-page-ready'] });
  });
}

/** Subscriptions already sent to the server in this tab (one per account). */
const SYNCED_KEY = 'notification-subscription-synced';
const syncedFor = () => {
  try {
    return sessionStorage.getItem(SYNCED_KEY);
  } catch {
    return null;
  }
};
const rememberSynced = (userId: string | null) => {
  try {
    if (userId) sessionStorage.setItem(SYNCED_KEY, userId);
    else sessionStorage.removeItem(SYNCED_KEY);
  } catch {
    // Storage blocked: the subscription is sent again next time (the server keeps one per device).
  }
};

/** Closed once ("Not now" or Done): not offered again until the next visit. */
let closedThisVisit = false;

/**
 * Keeps this device's push subscription in step with the account: sent once a signed-in person has
 * notifications on (also after turning them on as a guest), ended in the browser on sign-out.
 */
function useSubscriptionFollowsAccount() {
  const { status, user } = useAuth();
  const { sync } = useNotificationFlow();
  const previous = useRef(status);
  const userId = user?.id ?? null;

  // The server forgets this device's subscription while the token still works (a later 410 from
  // the push service would remove it too, but only when the next push is tried).
  useEffect(
    () =>
      getAuthSession().onBeforeLogout(async () => {
        if (!('serviceWorker' in navigator)) return;
        const registration = await navigator.serviceWorker.getRegistration();
        const subscription = await registration?.pushManager.getSubscription();
        if (subscription) await deleteSubscription(subscription.endpoint);
      }),
    [],
  );

  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (status === 'unauthenticated' && was === 'authenticated') {
      rememberSynced(null);
      void dropPushSubscription();
      return;
    }
    if (status !== 'authenticated' || !userId) return;
    if (!readNotificationSettings().notificationsEnabled) return;
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    if (syncedFor() === userId) return;
    void sync().then((done) => {
      if (done) rememberSynced(userId);
    });
  }, [status, userId, sync]);
}

/**
 * Mounted by the app a moment after start (lazily: none of this is in a page's first JavaScript):
 * the service worker's settings, the subscription following the account, and the prompt on Home
 * and the order list for a signed-in customer, a few seconds after the page is ready.
 */
export default function NotificationsHost() {
  const { status } = useAuth();
  const [path] = useLocation();
  const [open, setOpen] = useState(false);
  // Never over a modal dialog (the checkout, the payment): the card waits until it closes.
  const dialogOpen = useBlockingDialogOpen();
  const onPromptPage = status === 'authenticated' && PROMPT_PAGES.has(path);
  useSubscriptionFollowsAccount();

  useEffect(() => {
    // The worker may have restarted with an older copy: it always gets this device's settings.
    void sendSettingsToWorker().catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!onPromptPage) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void whenPageReady().then(() => {
      if (cancelled) return;
      timer = setTimeout(() => {
        setOpen(!closedThisVisit && shouldShowPromptNow());
      }, PROMPT_DELAY_MS);
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [onPromptPage, path]);

  if (!open || !onPromptPage || dialogOpen) return null;
  return (
    <NotificationPrompt
      onClose={() => {
        closedThisVisit = true;
        setOpen(false);
      }}
    />
  );
}
