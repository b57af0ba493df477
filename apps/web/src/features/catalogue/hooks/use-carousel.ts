import { useCallback, useEffect, useRef, useState } from 'react';

/** Carousel timings of shopping spec §4 and §9. */
export const CAROUSEL_TIMINGS = {
  autoAdvanceMs: 5000,
  resumeAfterArrowMs: 8000,
  resumeAfterMouseLeaveMs: 5000,
  resumeAfterDotMs: 3000,
  swipeThresholdPx: 50,
} as const;

export type CarouselInteraction = 'arrow' | 'dot';

/**
 * Slide index plus auto-play: advances every 5 s and wraps. Hover pauses until the mouse leaves;
 * arrows, swipes and arrow keys pause and resume 8 s later, a dot 3 s later, leaving 5 s later.
 * "Resume" restarts auto-play, so the next slide follows one auto-advance period after resuming.
 * The timers are chained inside their own callbacks (not re-armed by render effects), so the
 * timings hold exactly whenever React happens to commit.
 */
export function useCarousel(count: number) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const hovering = useRef(false);
  // The pause button (WCAG 2.2.2): while stopped nothing resumes auto-play but the button itself.
  const [stopped, setStopped] = useState(false);
  const stoppedRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const countRef = useRef(count);
  const current = count > 0 ? index % count : 0;

  const armAutoAdvance = useCallback(() => {
    clearTimeout(timer.current);
    const tick = () => {
      setIndex((i) => (i + 1) % Math.max(countRef.current, 1));
      timer.current = setTimeout(tick, CAROUSEL_TIMINGS.autoAdvanceMs);
    };
    timer.current = setTimeout(tick, CAROUSEL_TIMINGS.autoAdvanceMs);
  }, []);

  useEffect(() => {
    countRef.current = count;
    if (count < 2) return;
    armAutoAdvance();
    return () => {
      clearTimeout(timer.current);
    };
  }, [count, armAutoAdvance]);

  const pause = useCallback(
    (resumeAfterMs: number | null) => {
      clearTimeout(timer.current);
      timer.current = undefined;
      setPlaying(false);
      if (resumeAfterMs === null || stoppedRef.current) return;
      timer.current = setTimeout(() => {
        // The mouse is still over the carousel: hover keeps it paused until the mouse leaves.
        if (hovering.current || stoppedRef.current) return;
        setPlaying(true);
        armAutoAdvance();
      }, resumeAfterMs);
    },
    [armAutoAdvance],
  );

  const step = useCallback(
    (delta: 1 | -1) => {
      if (count < 2) return;
      setIndex((i) => (((i + delta) % count) + count) % count);
      pause(CAROUSEL_TIMINGS.resumeAfterArrowMs);
    },
    [count, pause],
  );

  const goTo = useCallback(
    (target: number) => {
      setIndex(target);
      pause(CAROUSEL_TIMINGS.resumeAfterDotMs);
    },
    [pause],
  );

  const hoverStart = useCallback(() => {
    hovering.current = true;
    pause(null);
  }, [pause]);

  const hoverEnd = useCallback(() => {
    hovering.current = false;
    pause(CAROUSEL_TIMINGS.resumeAfterMouseLeaveMs);
  }, [pause]);

  /** Any other manual interaction (a click on a slide) pauses like an arrow does. */
  const interact = useCallback(() => {
    pause(hovering.current ? null : CAROUSEL_TIMINGS.resumeAfterArrowMs);
  }, [pause]);

  /** The pause/play button: pausing stays paused until the same button plays again. */
  const togglePlay = useCallback(() => {
    if (stoppedRef.current) {
      stoppedRef.current = false;
      setStopped(false);
      setPlaying(true);
      armAutoAdvance();
    } else {
      stoppedRef.current = true;
      setStopped(true);
      pause(null);
    }
  }, [armAutoAdvance, pause]);

  const next = useCallback(() => {
    step(1);
  }, [step]);
  const previous = useCallback(() => {
    step(-1);
  }, [step]);

  return {
    index: current,
    playing,
    stopped,
    togglePlay,
    next,
    previous,
    goTo,
    hoverStart,
    hoverEnd,
    interact,
  };
}
