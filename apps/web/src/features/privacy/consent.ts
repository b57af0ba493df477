/**
 * The visitor's answer to the cookie banner, kept on this device (issue 16). Read by track.ts at
 * every event and by the analytics client before it sends.
 */

/** The answer to the cookie banner on this device (shopping spec §2 "Cookie consent"). */
export const ANALYTICS_CONSENT_KEY = 'analytics-consent';
export type AnalyticsConsent = 'granted' | 'denied';
/** Flat parameters (the server takes up to 10); a `value` is kyat and gets currency MMK. */
export type AnalyticsParams = Record<string, string | number | boolean>;

/** The answer for this visit when storage is blocked or full (it holds until the tab closes). */
let unsaved: AnalyticsConsent | null = null;

/** The visitor's answer, or null when the banner has not been answered. */
export function readConsent(): AnalyticsConsent | null {
  try {
    const stored = localStorage.getItem(ANALYTICS_CONSENT_KEY);
    if (stored === 'granted' || stored === 'denied') return stored;
  } catch {
    // Storage blocked: only this visit's answer.
  }
  return unsaved;
}

export function saveConsent(consent: AnalyticsConsent): void {
  try {
    localStorage.setItem(ANALYTICS_CONSENT_KEY, consent);
    unsaved = null;
  } catch {
    unsaved = consent;
  }
}
