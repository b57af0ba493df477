import { describe, expect, it } from 'vitest';
import { makeJwt } from '../test/jwt-fixture.ts';
import { isJwtValid, jwtExpiresAt } from './jwt.ts';

const now = Date.parse('2025-06-01T00:00:00Z');
const encode = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const payload = encode({ sub: 'user-1', exp: Math.floor((now + 60_000) / 1000) });

/** Account spec §5 "Tokens": 3 dot-separated parts, a header with alg and typ, a future exp. */
describe('the client look at an access token', () => {
  it('a well-formed token is valid until its exp', () => {
    const token = makeJwt(now + 60_000);
    expect(jwtExpiresAt(token)).toBe(now + 60_000);
    expect(isJwtValid(token, now)).toBe(true);
    expect(isJwtValid(token, now + 60_000)).toBe(false);
  });

  it.each([
    ['two parts', `${encode({ alg: 'HS256', typ: 'JWT' })}.${payload}`],
    ['four parts', `${encode({ alg: 'HS256', typ: 'JWT' })}.${payload}.sig.extra`],
    ['a header without alg', `${encode({ typ: 'JWT' })}.${payload}.sig`],
    ['a header without typ', `${encode({ alg: 'HS256' })}.${payload}.sig`],
    ['a header that is not JSON', `not-json.${payload}.sig`],
    [
      'a payload without exp',
      `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'x' })}.sig`,
    ],
  ])('%s is not a token: no expiry, not valid', (_case, token) => {
    expect(jwtExpiresAt(token)).toBeNull();
    expect(isJwtValid(token, now)).toBe(false);
  });

  it('no token is not valid', () => {
    expect(isJwtValid(null, now)).toBe(false);
    expect(isJwtValid(undefined, now)).toBe(false);
    expect(isJwtValid('', now)).toBe(false);
  });
});
