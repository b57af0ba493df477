import { describe, expect, it } from 'vitest';
import { CACHE_MEDIUM_MS, CACHE_SHORT_MS } from '../../../lib/cache-lifetimes.ts';
import { bannersQuery } from './banners.ts';
import { callCentreContactQuery } from './call-centre-contact.ts';
import { parentCategoriesQuery } from './parent-categories.ts';
import { shopClaimsQuery } from './shop-claims.ts';

describe('catalogue answers stay fresh for the §9 lifetimes of lib/cache-lifetimes', () => {
  it.each([
    ['banners', bannersQuery('en').staleTime, CACHE_SHORT_MS],
    ['parent categories', parentCategoriesQuery('my').staleTime, CACHE_SHORT_MS],
    ['shop claims', shopClaimsQuery.staleTime, CACHE_SHORT_MS],
    ['call-centre contact', callCentreContactQuery.staleTime, CACHE_MEDIUM_MS],
  ])('%s', (_name, staleTime, lifetime) => {
    expect(staleTime).toBe(lifetime);
  });
});
