import { useSyncExternalStore } from 'react';
import { apiRequest } from '../../lib/api-client.ts';

/** Spec §9 "Connectivity probe: every 30 s, 6 s timeout". */
export const PROBE_INTERVAL_MS = 30_000;
export const PROBE_TIMEOUT_MS = 6_000;
/** Spec §9 "Reconnected toast: 3 s". */
export const RESTORED_TOAST_MS = 3_000;
/** Our own server, not the spec's public DNS-over-HTTPS lookup (ADR 0030). */
export const PROBE_PATH = '/healthz';

export interface ConnectivityState {
  /** false: the browser said offline, or the last probe failed. */
  online: boolean;
  /** A probe is under way. */
  checking: boolean;
  /** Tries (Try Again) since the connection was lost; 0 once it is back. */
  attempts: number;
}

export interface ConnectivityDeps {
  /** Resolves when our server answered; rejects (or never resolves) otherwise. */
  probe: (signal: AbortSignal) => Promise<unknown>;
  isBrowserOnline: () => boolean;
  isVisible: () => boolean;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (id: unknown) => void;
  /** Where `online`/`offline` and `visibilitychange` are heard; absent: not listened to. */
  events?: { window: EventTarget; document: EventTarget } | undefined;
}

const probeHealth = (signal: AbortSignal) =>
  apiRequest(
    PROBE_PATH,
    () => import('@shop/contracts/health').then((module) => module.healthResponseSchema),
    // no-store: an answer from the HTTP cache would say nothing about the network.
    { auth: false, cache: 'no-store', signal },
  );

const browserDeps = (): ConnectivityDeps => ({
  probe: probeHealth,
  isBrowserOnline: () => navigator.onLine,
  isVisible: () => document.visibilityState === 'visible',
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (id) => {
    clearTimeout(id as ReturnType<typeof setTimeout>);
  },
  events: { window, document },
});

/**
 * One connectivity state for the app (spec §4 "Connectivity"): the browser's `offline` event sets
 * offline at once; its `online` event, and a probe every 30 s while the page is visible and the
 * browser says online (6 s timeout), decide whether the server can be reached. Listening starts with
 * the first subscriber and stops with the last.
 */
export function createConnectivityStore(deps: ConnectivityDeps) {
  let state: ConnectivityState = { online: deps.isBrowserOnline(), checking: false, attempts: 0 };
  const listeners = new Set<() => void>();
  let timer: unknown = null;
  let running: Promise<boolean> | null = null;

  const set = (next: Partial<ConnectivityState>) => {
    state = { ...state, ...next };
    if (state.online) state.attempts = 0;
    for (const listener of listeners) listener();
  };

  const stopSchedule = () => {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
  };

  /** The next probe in 30 s, while the page is visible and the browser says online. */
  const schedule = () => {
    stopSchedule();
    if (listeners.size === 0 || !deps.isVisible() || !deps.isBrowserOnline()) return;
    timer = deps.setTimer(() => {
      timer = null;
      void probe().then(schedule);
    }, PROBE_INTERVAL_MS);
  };

  /** Asks our server now; one probe at a time. Resolves to whether it answered in time. */
  function probe(): Promise<boolean> {
    if (running) return running;
    set({ checking: true });
    const controller = new AbortController();
    const timeout = deps.setTimer(() => {
      controller.abort();
    }, PROBE_TIMEOUT_MS);
    const answered = new Promise<boolean>((resolve) => {
      controller.signal.addEventListener('abort', () => {
        resolve(false);
      });
      deps.probe(controller.signal).then(
        () => {
          resolve(true);
        },
        () => {
          resolve(false);
        },
      );
    });
    running = answered.then((ok) => {
      deps.clearTimer(timeout);
      running = null;
      set({ online: ok, checking: false });
      return ok;
    });
    return running;
  }

  const onOffline = () => {
    stopSchedule();
    set({ online: false });
  };
  const onOnline = () => {
    void probe().then(schedule);
  };
  const onVisibility = () => {
    schedule();
  };

  return {
    getSnapshot: () => state,
    subscribe: (listener: () => void) => {
      const first = listeners.size === 0;
      listeners.add(listener);
      if (first) {
        deps.events?.window.addEventListener('offline', onOffline);
        deps.events?.window.addEventListener('online', onOnline);
        deps.events?.document.addEventListener('visibilitychange', onVisibility);
        // The connection may have changed while nobody listened.
        if (!deps.isBrowserOnline()) {
          if (state.online) onOffline();
        } else if (!state.online) onOnline();
        else schedule();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        stopSchedule();
        deps.events?.window.removeEventListener('offline', onOffline);
        deps.events?.window.removeEventListener('online', onOnline);
        deps.events?.document.removeEventListener('visibilitychange', onVisibility);
      };
    },
    probe,
    /** Try Again: counted, then a probe at once. */
    retry: (): Promise<boolean> => {
      set({ attempts: state.attempts + 1 });
      return probe().then((ok) => {
        schedule();
        return ok;
      });
    },
  };
}

export type ConnectivityStore = ReturnType<typeof createConnectivityStore>;

let store: ConnectivityStore | null = null;

/** The app's one store (created on first use, in the browser only). */
export function getConnectivityStore(): ConnectivityStore {
  store ??= createConnectivityStore(browserDeps());
  return store;
}

const SERVER_STATE: ConnectivityState = { online: true, checking: false, attempts: 0 };

export function useConnectivity(): ConnectivityState {
  const connectivity = getConnectivityStore();
  return useSyncExternalStore(connectivity.subscribe, connectivity.getSnapshot, () => SERVER_STATE);
}
