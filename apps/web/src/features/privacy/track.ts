/**
 * The app's one way to first-party analytics (issue 16): nothing is kept, loaded or sent unless
 * the visitor accepted cookies. This file is in pages' first JavaScript (it is imported where
 * events happen), so it holds only the consent check; the client that batches and sends the events
 * (analytics-client.ts) is fetched the first time an event is kept.
 */
import { readConsent, type AnalyticsParams } from './consent.ts';

/** Records an event when (and only when) the visitor accepted analytics; never throws. */
export function track(name: string, params: AnalyticsParams = {}): void {
  if (readConsent() !== 'granted') return;
  const at = new Date().toISOString();
  import('./analytics-client.ts').then(
    (client) => {
      client.analytics.record({ name, params, at });
    },
    () => undefined,
  );
}
