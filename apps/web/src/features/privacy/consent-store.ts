import { useSyncExternalStore } from 'react';
import {
  ANALYTICS_CONSENT_KEY,
  readConsent,
  saveConsent,
  type AnalyticsConsent,
} from './consent.ts';

/**
 * The cookie-consent answer as something the banner and account settings can follow: a change in
 * one (or in another tab) shows in the other at once. Loaded with them, never in the first page.
 */
const listeners = new Set<() => void>();

export function setConsent(consent: AnalyticsConsent): void {
  saveConsent(consent);
  for (const listener of listeners) listener();
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  // Answered in another tab of the shop.
  const onStorage = (event: StorageEvent) => {
    if (event.key === ANALYTICS_CONSENT_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The answer now: 'granted', 'denied', or null while the banner is unanswered. */
export const useConsent = (): AnalyticsConsent | null =>
  useSyncExternalStore(subscribeConsent, readConsent, () => null);
