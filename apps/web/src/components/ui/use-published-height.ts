import { useEffect, type RefObject } from 'react';

/** The gap kept between a bottom card and what stands above it. */
const GAP_PX = 8;

/**
 * Publishes the height of a card fixed at the bottom of the screen (plus a gap) as a CSS custom
 * property on <html> while `shown`, so what stands above it (the notification prompt) moves up.
 * Measured by a ResizeObserver, which reports after the browser's own layout: reading offsetHeight
 * at mount forced a layout of the whole page in the middle of start-up (193 ms at CPU ×4 on
 * Burmese Home, issue 29).
 */
export function usePublishedHeight(
  ref: RefObject<HTMLElement | null>,
  property: string,
  shown = true,
) {
  useEffect(() => {
    const element = ref.current;
    if (!shown || !element) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize[0]?.blockSize ?? element.offsetHeight;
      root.setProperty(property, `${String(Math.ceil(height) + GAP_PX)}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty(property);
    };
  }, [ref, property, shown]);
}
