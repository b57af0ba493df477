/**
 * Spec §9 "Cache lifetimes": how long an answer of the server is fresh before it is asked again.
 * One place for the features' `staleTime`s (ADR 0076 says which §9 lifetimes the app replaces, and
 * with what): short for what changes during a day (banners, categories, claims, rates), medium for
 * the call centre's contact, very long for the festival windows.
 */
export const CACHE_SHORT_MS = 5 * 60_000;
export const CACHE_MEDIUM_MS = 20 * 60_000;
export const CACHE_VERY_LONG_MS = 60 * 60_000;
