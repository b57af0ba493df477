import { useLayoutEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';

const STORAGE_KEY = 'scroll-positions';
/** How long a restore keeps trying while the page's content (lazy route, API data) arrives. */
const RESTORE_TIMEOUT_MS = 3000;

type Positions = Record<string, number>;

function readPositions(): Positions {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Positions) : {};
  } catch {
    return {};
  }
}

function writePositions(positions: Positions) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Private mode or storage full: positions are kept for this page's life only.
  }
}

const currentKey = () => `${window.location.pathname}${window.location.search}`;

/** A new page (not the same list with another filter or sort) starts at the top. */
const pageOf = (search: string) => new URLSearchParams(search).get('page') ?? '1';

/**
 * Scroll on navigation: a new route (or another page of a list) opens at the top; Back, Forward
 * and a reload return to where the reader was. The browser's own restoration is switched off
 * because it runs before a lazy route and its data have rendered (the page is still short then);
 * positions are kept per address in sessionStorage and restored once the page is tall enough.
 * The storage is first read when a position is wanted (a reload, Back, Forward, leaving), never
 * during start-up: a browser's first sessionStorage access opens its storage area synchronously
 * (once 607 ms at CPU ×4 in the middle of a first visit's hydration, issue 29).
 */
export function useScrollRestoration() {
  const [path] = useLocation();
  const search = useSearch();
  const previous = useRef<{ path: string; page: string } | null>(null);
  /** Positions kept during this page's life; the stored ones are read only when wanted. */
  const own = useRef<Positions>({});
  const positionOf = (key: string) => own.current[key] ?? readPositions()[key];
  const popped = useRef(false);
  const cancelRestore = useRef<() => void>(() => undefined);
  /** The address of the page on screen (Back and Forward change the address before the page). */
  const shownKey = useRef('');

  useLayoutEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        own.current[currentKey()] = window.scrollY;
      });
    };
    const onPopState = () => {
      // Back or Forward: the address has changed, the page not yet. The page being left is
      // kept now — its last scroll may not have been kept yet (it is, a frame later, under
      // whatever address is current then), and a frame still to come must not keep it under
      // the new address.
      cancelAnimationFrame(frame);
      frame = 0;
      own.current[shownKey.current] = window.scrollY;
      popped.current = true;
    };
    const onLeave = () => {
      own.current[currentKey()] = window.scrollY;
      writePositions({ ...readPositions(), ...own.current });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('popstate', onPopState);
    window.addEventListener('pagehide', onLeave);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('popstate', onPopState);
      window.removeEventListener('pagehide', onLeave);
    };
  }, []);

  useLayoutEffect(() => {
    shownKey.current = currentKey();
    const page = pageOf(search);
    const before = previous.current;
    previous.current = { path, page };
    const wasPopped = popped.current;
    popped.current = false;
    const firstRender = before === null;
    const moved = firstRender || before.path !== path || before.page !== page;
    // The same page with another filter or sort (or a page tidying its address): the reader
    // stays where they are, and a restore under way goes on.
    if (!moved && !wasPopped) return;
    cancelRestore.current();

    const navigation = performance.getEntriesByType('navigation')[0] as
      PerformanceNavigationTiming | undefined;
    const restoring = firstRender
      ? navigation?.type === 'reload' || navigation?.type === 'back_forward'
      : wasPopped;
    if (restoring) {
      const target = positionOf(currentKey());
      if (target) cancelRestore.current = restoreTo(target);
      return;
    }
    if (!firstRender) window.scrollTo(0, 0);
  }, [path, search]);
}

/** Scrolls to `y` as soon as the page is tall enough; the reader's own scrolling stops it. */
function restoreTo(y: number): () => void {
  const started = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    window.removeEventListener('wheel', stop);
    window.removeEventListener('touchstart', stop);
    window.removeEventListener('keydown', stop);
  };
  const attempt = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) <= 1 || performance.now() - started > RESTORE_TIMEOUT_MS) {
      stop();
      return;
    }
    frame = requestAnimationFrame(attempt);
  };
  window.addEventListener('wheel', stop, { passive: true });
  window.addEventListener('touchstart', stop, { passive: true });
  window.addEventListener('keydown', stop);
  attempt();
  return stop;
}
