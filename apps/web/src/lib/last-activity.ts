/**
 * Account spec §9: "User-activity events update a last-activity timestamp; an inactivity
 * timeout: not shown." The time of the reader's last tap, key, scroll or return to the tab is
 * kept under `lastActivity` (milliseconds since 1970) — written at most once every
 * ACTIVITY_WRITE_INTERVAL_MS, from passive listeners, so scrolling never waits on storage. Nothing
 * signs the reader out for inactivity (the spec shows no timeout).
 */
export const LAST_ACTIVITY_KEY = 'lastActivity';
export const ACTIVITY_WRITE_INTERVAL_MS = 5000;
export const ACTIVITY_EVENTS = [
  'pointerdown',
  'keydown',
  'scroll',
  'touchstart',
  'visibilitychange',
] as const;

/** The last recorded activity, or null when none was recorded (or storage is unavailable). */
export function lastActivity(storage: Pick<Storage, 'getItem'> = localStorage): number | null {
  try {
    const value = Number(storage.getItem(LAST_ACTIVITY_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** Starts recording activity on `target` (the window); returns the stop. */
export function trackLastActivity({
  target = window,
  storage = localStorage,
  now = Date.now,
}: {
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  storage?: Pick<Storage, 'setItem'>;
  now?: () => number;
} = {}): () => void {
  let lastWrite = -Infinity;
  const record = () => {
    const time = now();
    if (time - lastWrite < ACTIVITY_WRITE_INTERVAL_MS) return;
    lastWrite = time;
    try {
      storage.setItem(LAST_ACTIVITY_KEY, String(time));
    } catch {
      // Storage full or blocked (private mode): the timestamp is not kept, the page goes on.
    }
  };
  const options = { passive: true, capture: true } as const;
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, record, options);
  return () => {
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, record, options);
  };
}
