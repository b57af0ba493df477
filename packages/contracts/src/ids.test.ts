import { describe, expect, it } from 'vitest';
import { isUuid } from './ids.ts';

describe('isUuid: the one id check of server and contracts (issue 30)', () => {
  it('takes a database uuid in either case', () => {
    expect(isUuid('0b9c6a8e-1f2d-4c3b-9a8e-7d6c5b4a3f2e')).toBe(true);
    expect(isUuid('0B9C6A8E-1F2D-4C3B-9A8E-7D6C5B4A3F2E')).toBe(true);
  });
  it.each([
    ['a slug', 'mobile-topup'],
    ['one digit short', '0b9c6a8e-1f2d-4c3b-9a8e-7d6c5b4a3f2'],
    ['a quote for SQL', "0b9c6a8e-1f2d-4c3b-9a8e-7d6c5b4a3f2e'"],
    ['a number', 42],
    ['nothing', undefined],
  ])('refuses %s', (_, value) => {
    expect(isUuid(value)).toBe(false);
  });
});
