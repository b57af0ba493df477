import { Suspense, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';

/** Regions of the page React has not taken over yet, and who waits for there to be none. */
const waiting = new Set<RefObject<boolean>>();
let whenNoneWaiting: (() => void)[] = [];

function settle() {
  if (waiting.size > 0) return;
  const callbacks = whenNoneWaiting;
  whenNoneWaiting = [];
  for (const callback of callbacks) callback();
}

/**
 * Calls back once every region of the page is live (at once when none is waiting): what
 * <html data-page-ready> waits for (router.tsx), so "ready" means every part answers a tap.
 */
export function whenRegionsLive(callback: () => void) {
  whenNoneWaiting.push(callback);
  settle();
}

/** Runs when its region commits: on a server-rendered page, once React has taken it over. */
function LiveMark({ liveRef }: { liveRef: RefObject<boolean> }) {
  useLayoutEffect(() => {
    liveRef.current = true;
    waiting.delete(liveRef);
    settle();
  }, [liveRef]);
  return null;
}

/**
 * A region of a server-rendered page that React takes over on its own (issue 29, ADR 0069): a
 * Suspense boundary, so hydration goes region by region — each is rendered and committed in its
 * own tasks, and the browser paints and answers input in between; a tap in a region not yet taken
 * over makes React take that one over first (selective hydration) and replays the tap. The fallback
 * shows only while a lazily loaded part inside is loading in the browser (none by default).
 */
export function HydrationRegion({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const liveRef = useRef(false);
  useLayoutEffect(() => {
    // The region commits after its parent when React leaves it for later (a server-rendered page).
    if (!liveRef.current) waiting.add(liveRef);
    return () => {
      waiting.delete(liveRef);
      settle();
    };
  }, []);
  return (
    <Suspense fallback={fallback}>
      {children}
      {/* Last: the regions inside register (their layout effects run first) before this one settles. */}
      <LiveMark liveRef={liveRef} />
    </Suspense>
  );
}
