import { expect, it } from 'vitest';
import { CACHE_VERY_LONG_MS } from '../../../lib/cache-lifetimes.ts';
import { festivalsQuery } from './festivals-api.ts';

it('the festival windows stay fresh for §9 "very long" (60 min)', () => {
  expect(festivalsQuery.staleTime).toBe(CACHE_VERY_LONG_MS);
});
