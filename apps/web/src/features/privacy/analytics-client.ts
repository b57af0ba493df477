import { plainSuccessSchema } from '@shop/contracts/responses';
import {
  ANALYTICS_CURRENCY,
  ANALYTICS_EVENTS_MAX,
  type AnalyticsEventsRequest,
} from '@shop/contracts/site';
import { apiRequest } from '../../lib/api-client.ts';
import { readConsent, type AnalyticsParams } from './consent.ts';

/** One event as the server takes it (contracts/site.ts analyticsEventSchema). */
export interface AnalyticsRecord {
  name: string;
  params: AnalyticsParams;
  /** When it happened on the device, ISO 8601. */
  at: string;
}

/** Events wait this long for others, so a page's few events go in one call. */
export const FLUSH_DELAY_MS = 2000;
/** The server's limits on a parameter (contracts/site.ts). */
const MAX_PARAMS = 10;
const MAX_STRING_LENGTH = 100;

export interface AnalyticsDeps {
  /** POSTs one batch; `keepalive` when the page is going away (the request outlives it). */
  send: (events: AnalyticsRecord[], options: { keepalive: boolean }) => Promise<unknown>;
  /** Asked again at every event and before every send: a withdrawn consent stops what waits. */
  granted: () => boolean;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (id: unknown) => void;
}

/**
 * The server's rules applied on the device: at most 10 parameters, strings cut to 100
 * characters, and money (`value`, kyat) always with currency MMK (shopping spec §9).
 */
export function toServerParams(params: AnalyticsParams): AnalyticsParams {
  const money = 'value' in params;
  const kept = Object.entries(params)
    .filter(([key]) => key !== 'currency')
    // The currency of a money event is never the parameter left out.
    .slice(0, money ? MAX_PARAMS - 1 : MAX_PARAMS)
    .map(([key, value]) => [
      key,
      typeof value === 'string' ? value.slice(0, MAX_STRING_LENGTH) : value,
    ]);
  if (money) kept.push(['currency', ANALYTICS_CURRENCY]);
  return Object.fromEntries(kept) as AnalyticsParams;
}

/**
 * Keeps events for FLUSH_DELAY_MS and sends them in batches of up to 20 (the server's limit),
 * at once when a batch is full or the page is hidden or left. A failed send is not repeated:
 * analytics never costs the customer a retry on a poor connection.
 */
export function createAnalyticsClient(deps: AnalyticsDeps) {
  const setTimer = deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer =
    deps.clearTimer ??
    ((id: unknown) => {
      clearTimeout(id as ReturnType<typeof setTimeout>);
    });
  let queue: AnalyticsRecord[] = [];
  let timer: unknown;

  const flush = ({ keepalive = false }: { keepalive?: boolean } = {}) => {
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
    const events = queue;
    queue = [];
    if (!deps.granted()) return;
    for (let start = 0; start < events.length; start += ANALYTICS_EVENTS_MAX) {
      deps
        .send(events.slice(start, start + ANALYTICS_EVENTS_MAX), { keepalive })
        .catch(() => undefined);
    }
  };

  return {
    record(event: AnalyticsRecord) {
      if (!deps.granted()) return;
      queue.push({ ...event, params: toServerParams(event.params) });
      if (queue.length >= ANALYTICS_EVENTS_MAX) flush();
      else timer ??= setTimer(flush, FLUSH_DELAY_MS);
    },
    flush,
    /** Events waiting to be sent. */
    pending: () => queue.length,
  };
}

const sendEvents = (events: AnalyticsRecord[], { keepalive }: { keepalive: boolean }) =>
  apiRequest('/api/v1/analytics/events', plainSuccessSchema, {
    method: 'POST',
    body: { consent: true, events } satisfies AnalyticsEventsRequest,
    // No account with the events: the server keeps none (site-extras.routes.ts).
    auth: false,
    keepalive,
  });

/** The app's one client: loaded by track() the first time an event is kept. */
export const analytics = createAnalyticsClient({
  send: sendEvents,
  granted: () => readConsent() === 'granted',
});

// Hidden (tab switched, phone locked) or left: what waits goes now, with a request that outlives
// the page.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') analytics.flush({ keepalive: true });
});
window.addEventListener('pagehide', () => {
  analytics.flush({ keepalive: true });
});
