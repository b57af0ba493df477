import { describe, expect, it } from 'vitest';
import { languageFromHeader } from './i18n.ts';

describe('languageFromHeader', () => {
  it('defaults to Burmese when the request names no language (spec: default my)', () => {
    expect(languageFromHeader(undefined)).toBe('my');
    expect(languageFromHeader('')).toBe('my');
  });

  it.each([
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['my', 'my'],
    ['my-MM', 'my'],
    ['mm', 'my'],
    ['fr;q=0.9, my;q=0.8, en;q=0.5', 'my'],
    ['en;q=0.4, my;q=0.7', 'my'],
    ['fr, de', 'en'],
  ])('%s → %s', (header, expected) => {
    expect(languageFromHeader(header)).toBe(expected);
  });
});
