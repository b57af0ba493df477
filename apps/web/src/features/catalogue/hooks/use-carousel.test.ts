import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_TIMINGS, useCarousel } from './use-carousel.ts';

describe('useCarousel pause control (WCAG 2.2.2)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stays paused after the pause button, even after arrows, dots and hover end', () => {
    const { result } = renderHook(() => useCarousel(3));
    act(() => {
      vi.advanceTimersByTime(CAROUSEL_TIMINGS.autoAdvanceMs);
    });
    expect(result.current.index).toBe(1);
    act(() => {
      result.current.togglePlay();
    });
    expect(result.current.stopped).toBe(true);
    act(() => {
      result.current.next();
      result.current.goTo(0);
      result.current.hoverStart();
      result.current.hoverEnd();
    });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(result.current.index).toBe(0);
    expect(result.current.playing).toBe(false);
    act(() => {
      result.current.togglePlay();
    });
    act(() => {
      vi.advanceTimersByTime(CAROUSEL_TIMINGS.autoAdvanceMs);
    });
    expect(result.current.index).toBe(1);
  });
});
