import { describe, expect, it } from 'vitest';
import { CACHE_MEDIUM_MS, CACHE_SHORT_MS, CACHE_VERY_LONG_MS } from './cache-lifetimes.ts';

describe('cache lifetimes (spec §9: short 5 min, medium 20 min, very long 60 min)', () => {
  it.each([
    ['short', CACHE_SHORT_MS, 5],
    ['medium', CACHE_MEDIUM_MS, 20],
    ['very long', CACHE_VERY_LONG_MS, 60],
  ])('%s is %i ms (%i minutes)', (_name, lifetime, minutes) => {
    expect(lifetime).toBe(minutes * 60 * 1000);
  });
});
