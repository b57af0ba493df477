import { describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app-kit.ts';
import {
  errorOf,
  login,
  type IssuedTokens,
  MINUTE,
  movableClock,
  inEnglish,
  SECOND,
  verifiedPerson,
} from '../../test/auth-kit.ts';

// The assertions quote the spec's English wording.
const { post, profile, refresh } = inEnglish;

const decodePart = (token: string, index: number) =>
  JSON.parse(Buffer.from(token.split('.')[index] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;

describe('tokens: access JWT, refresh rotation, reuse detection, logout', () => {
  const clock = movableClock();
  const t = openTestApp({ clock });

  it('the access token is a 3-part HS256 JWT with iss, aud, sub and a 15-minute exp', async () => {
    const session = await login(t, await verifiedPerson(t));
    expect(session.accessToken.split('.')).toHaveLength(3);
    expect(decodePart(session.accessToken, 0)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const payload = decodePart(session.accessToken, 1);
    expect(payload).toMatchObject({
      iss: 'myantopup',
      aud: 'myantopup-web',
      sub: session.user.id,
      exp: Math.floor(clock().getTime() / 1000) + 900,
    });
  });

  it('an access token works for 15 minutes, then answers 401 (the client refreshes)', async () => {
    const session = await login(t, await verifiedPerson(t));
    clock.advance(14 * MINUTE);
    expect((await profile(t, session.accessToken)).statusCode).toBe(200);
    clock.advance(1 * MINUTE + SECOND);
    const expired = await profile(t, session.accessToken);
    expect(expired.statusCode).toBe(401);
    expect(errorOf(expired)).toMatchObject({ code: 'UNAUTHORIZED', error: 'Access token expired' });
    const renewed = await refresh(t, session.refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect((await profile(t, renewed.json<IssuedTokens>().accessToken)).statusCode).toBe(200);
  });

  it('refuses tokens that are forged, of another algorithm, or malformed', async () => {
    const session = await login(t, await verifiedPerson(t));
    const [, payload] = session.accessToken.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload ?? ''}.`;
    const tampered = session.accessToken.slice(0, -4) + 'AAAA';
    for (const token of [none, tampered, 'abc', 'a.b.c']) {
      const res = await profile(t, token);
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).code).toBe('UNAUTHORIZED');
    }
    const noScheme = await t.app.inject({
      url: '/api/v1/users/profile',
      headers: { authorization: session.accessToken, 'accept-language': 'en' },
    });
    expect(noScheme.statusCode).toBe(401);
  });

  it('profile without a bearer token is 401 with a clear message', async () => {
    const res = await profile(t);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toEqual({
      success: false,
      error: 'Please log in to continue',
      message: 'Please log in to continue',
      code: 'UNAUTHORIZED',
    });
  });

  it('refresh rotates: a new pair each time, both under data and at the top level', async () => {
    const session = await login(t, await verifiedPerson(t));
    const first = await refresh(t, session.refreshToken);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const body = first.json<IssuedTokens>();
    expect(body).toMatchObject({ success: true, message: 'Token refreshed successfully' });
    expect(body.refreshToken).not.toBe(session.refreshToken);
    expect(body.data.refreshToken).toBe(body.refreshToken);
    expect(body.data.accessToken).toBe(body.accessToken);
    expect(body.user.id).toBe(session.user.id);
    const second = await refresh(t, body.refreshToken);
    expect(second.statusCode).toBe(200);
  });

  it('two tabs refreshing with the same token at once both succeed', async () => {
    const session = await login(t, await verifiedPerson(t));
    const [a, b] = await Promise.all([
      refresh(t, session.refreshToken),
      refresh(t, session.refreshToken),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    // Both tabs carry on with their own new tokens.
    const aNext = await refresh(t, a.json<IssuedTokens>().refreshToken);
    const bNext = await refresh(t, b.json<IssuedTokens>().refreshToken);
    expect([aNext.statusCode, bNext.statusCode]).toEqual([200, 200]);
  });

  it('the same token again within 30 s is the grace window; later it is reuse and kills the family', async () => {
    const session = await login(t, await verifiedPerson(t));
    const first = await refresh(t, session.refreshToken);
    clock.advance(20 * SECOND);
    const graced = await refresh(t, session.refreshToken);
    expect(graced.statusCode).toBe(200);

    clock.advance(11 * SECOND);
    const replay = await refresh(t, session.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay)).toMatchObject({
      code: 'UNAUTHORIZED',
      error: 'Refresh token expired or invalid',
    });
    // The whole family is dead: the legitimate holder's newest tokens too.
    const legit = await refresh(t, first.json<IssuedTokens>().refreshToken);
    expect(legit.statusCode).toBe(401);
    const access = await profile(t, graced.json<IssuedTokens>().accessToken);
    expect(access.statusCode).toBe(401);
  });

  it('a family ends 30 days after login, however often it was rotated', async () => {
    const session = await login(t, await verifiedPerson(t));
    let token = session.refreshToken;
    for (let day = 0; day < 29; day += 1) {
      clock.advance(24 * 60 * MINUTE);
      const res = await refresh(t, token);
      expect(res.statusCode).toBe(200);
      token = res.json<IssuedTokens>().refreshToken;
    }
    clock.advance(24 * 60 * MINUTE);
    const late = await refresh(t, token);
    expect(late.statusCode).toBe(401);
    expect(errorOf(late).error).toBe('Refresh token expired or invalid');
  });

  it('unknown or missing refresh tokens are refused with the spec wording', async () => {
    const unknown = await refresh(t, 'not-a-token');
    expect(unknown.statusCode).toBe(401);
    expect(errorOf(unknown).error).toBe('Refresh token expired or invalid');
    const missing = await post(t, '/api/v1/auth/refresh-token', {});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).error).toBe('No refresh token available');
  });

  it('logout revokes the session server-side: refresh and access both stop working', async () => {
    const person = await verifiedPerson(t);
    const session = await login(t, person);
    const other = await login(t, person);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${session.accessToken}`, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Logged out successfully' });
    expect((await refresh(t, session.refreshToken)).statusCode).toBe(401);
    expect((await profile(t, session.accessToken)).statusCode).toBe(401);
    // Another device's session is not touched.
    expect((await profile(t, other.accessToken)).statusCode).toBe(200);

    const byToken = await post(t, '/api/v1/auth/logout', { refreshToken: other.refreshToken });
    expect(byToken.statusCode).toBe(200);
    expect((await profile(t, other.accessToken)).statusCode).toBe(401);

    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('single-session policy (SINGLE_SESSION=true)', () => {
  const t = openTestApp({ env: { SINGLE_SESSION: 'true' } });

  it('a new login ends the other sessions; their next call says other device', async () => {
    const person = await verifiedPerson(t);
    const first = await login(t, person, 'email');
    const second = await login(t, person, 'phone');

    const old = await profile(t, first.accessToken);
    expect(old.statusCode).toBe(401);
    expect(errorOf(old)).toMatchObject({
      code: 'OTHER_DEVICE_LOGIN',
      error: 'Your account was signed in on another device. Please log in again.',
    });
    const oldRefresh = await refresh(t, first.refreshToken);
    expect(oldRefresh.statusCode).toBe(401);
    expect(errorOf(oldRefresh).code).toBe('OTHER_DEVICE_LOGIN');

    expect((await profile(t, second.accessToken)).statusCode).toBe(200);
    expect((await refresh(t, second.refreshToken)).statusCode).toBe(200);
  });
});

describe('without SINGLE_SESSION', () => {
  const t = openTestApp();

  it('several sessions live side by side', async () => {
    const person = await verifiedPerson(t);
    const a = await login(t, person);
    const b = await login(t, person);
    expect((await profile(t, a.accessToken)).statusCode).toBe(200);
    expect((await profile(t, b.accessToken)).statusCode).toBe(200);
  });
});
