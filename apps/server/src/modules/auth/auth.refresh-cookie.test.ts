import { describe, expect, it } from 'vitest';
import type { TokenResponse } from '@shop/contracts/auth';
import { REFRESH_TRANSPORT_HEADER } from '@shop/contracts/auth-rules';
import { type TestApp, openTestApp } from '../../test/app-kit.ts';
import {
  errorOf,
  MINUTE,
  movableClock,
  type Person,
  post,
  profile,
  refresh,
  SECOND,
  verifiedPerson,
} from '../../test/auth-kit.ts';

// Issue 11: the web app's refresh credential is an HttpOnly, SameSite=Strict cookie scoped to the
// auth calls; refresh and logout work from it alone, and it never reaches the JSON the page reads.
const COOKIE = 'refresh_session';
const json = { 'content-type': 'application/json', 'accept-language': 'en' };
const web = { [REFRESH_TRANSPORT_HEADER]: 'cookie' };

type InjectAnswer = Awaited<ReturnType<TestApp['app']['inject']>>;
const refreshCookie = (res: InjectAnswer) => res.cookies.find((c) => c.name === COOKIE);

async function webLogin(t: TestApp, person: Person) {
  const res = await post(
    t,
    '/api/v1/auth/login',
    { email: person.email, password: person.password },
    web,
  );
  expect(res.statusCode).toBe(200);
  const cookie = refreshCookie(res);
  if (!cookie) throw new Error('login set no refresh cookie');
  return { res, cookie: cookie.value, accessToken: res.json<TokenResponse>().accessToken };
}

const cookieRefresh = (t: TestApp, cookie: string, headers: Record<string, string> = json) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh-token',
    headers: { ...headers, ...web },
    cookies: { [COOKIE]: cookie },
    payload: headers['content-type'] === 'application/json' ? '{}' : '',
  });

const logout = (t: TestApp, options: { cookie?: string; accessToken?: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/logout',
    headers: {
      ...json,
      ...(options.accessToken ? { authorization: `Bearer ${options.accessToken}` } : {}),
    },
    cookies: options.cookie ? { [COOKIE]: options.cookie } : {},
    payload: '{}',
  });

describe('refresh cookie on http (PUBLIC_URL http://…)', () => {
  const clock = movableClock();
  const t = openTestApp({ clock });

  it('login sets an HttpOnly, SameSite=Strict cookie scoped to /api/v1/auth, not Secure on http', async () => {
    const { res } = await webLogin(t, await verifiedPerson(t));
    const cookie = refreshCookie(res);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/v1/auth',
      maxAge: 30 * 24 * 60 * 60,
    });
    expect(cookie?.secure).toBeUndefined();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('the web login answer carries no refresh token; an API client still gets it in the body', async () => {
    const person = await verifiedPerson(t);
    const { res } = await webLogin(t, person);
    const body = res.json<TokenResponse>();
    expect(body.accessToken).toBeTruthy();
    expect(body).not.toHaveProperty('refreshToken');
    expect(body.data).not.toHaveProperty('refreshToken');
    expect(res.body).not.toContain(refreshCookie(res)?.value);

    const api = await post(t, '/api/v1/auth/login', {
      email: person.email,
      password: person.password,
    });
    const apiBody = api.json<TokenResponse>();
    expect(apiBody.refreshToken).toBe(refreshCookie(api)?.value);
    expect(apiBody.data.refreshToken).toBe(apiBody.refreshToken);
  });

  it('refresh works from the cookie alone and rotates it; the token never appears in the body', async () => {
    const { cookie, accessToken } = await webLogin(t, await verifiedPerson(t));
    const first = await cookieRefresh(t, cookie);
    expect(first.statusCode).toBe(200);
    const rotated = refreshCookie(first);
    expect(rotated).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth' });
    expect(rotated?.value).toBeTruthy();
    expect(rotated?.value).not.toBe(cookie);
    const body = first.json<TokenResponse>();
    expect(body).toMatchObject({ success: true, message: 'Token refreshed successfully' });
    expect(body.accessToken).not.toBe(accessToken);
    expect(body).not.toHaveProperty('refreshToken');
    expect(body.data).not.toHaveProperty('refreshToken');
    expect(first.body).not.toContain(rotated?.value);
    expect((await profile(t, body.accessToken)).statusCode).toBe(200);

    // The rotated cookie goes on working; the old one, once past the two-tab grace window, is a
    // replay and ends the session (reuse detection applies to the cookie as to the body).
    const second = await cookieRefresh(t, rotated?.value ?? '');
    expect(second.statusCode).toBe(200);
    clock.advance(31 * SECOND);
    const replay = await cookieRefresh(t, cookie);
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay).error).toBe('Refresh token expired or invalid');
  });

  it('the cookie counts only on a JSON request (a cross-site form cannot send one)', async () => {
    const { cookie } = await webLogin(t, await verifiedPerson(t));
    const form = await cookieRefresh(t, cookie, { 'content-type': 'text/plain' });
    expect(form.statusCode).toBe(400);
    expect(refreshCookie(form)).toBeUndefined();
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      cookies: { [COOKIE]: cookie },
    });
    expect(bare.statusCode).toBe(400);
    // Neither used the token up: it still refreshes.
    expect((await cookieRefresh(t, cookie)).statusCode).toBe(200);
  });

  it('no token in the body and no cookie: 400 with the spec wording', async () => {
    const res = await post(t, '/api/v1/auth/refresh-token', {}, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).error).toBe('No refresh token available');
  });

  it('logout revokes the session and clears the cookie; refresh with the old cookie then fails', async () => {
    const { cookie, accessToken } = await webLogin(t, await verifiedPerson(t));
    const res = await logout(t, { cookie, accessToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Logged out successfully' });
    const cleared = refreshCookie(res);
    expect(cleared).toMatchObject({ value: '', path: '/api/v1/auth', httpOnly: true });
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());

    const after = await cookieRefresh(t, cookie);
    expect(after.statusCode).toBe(401);
    expect(errorOf(after).error).toBe('Refresh token expired or invalid');
    // A dead cookie is cleared, so the browser stops sending it.
    expect(refreshCookie(after)).toMatchObject({ value: '', path: '/api/v1/auth' });
    expect((await profile(t, accessToken)).statusCode).toBe(401);
  });

  it('a logout sent later (access token expired or gone) ends the session by the cookie', async () => {
    const person = await verifiedPerson(t);
    const gone = await webLogin(t, person);
    const expired = await webLogin(t, person);
    clock.advance(16 * MINUTE);

    const byCookie = await logout(t, { cookie: gone.cookie });
    expect(byCookie.statusCode).toBe(200);
    expect((await cookieRefresh(t, gone.cookie)).statusCode).toBe(401);

    const withExpiredBearer = await logout(t, {
      cookie: expired.cookie,
      accessToken: expired.accessToken,
    });
    expect(withExpiredBearer.statusCode).toBe(200);
    expect((await cookieRefresh(t, expired.cookie)).statusCode).toBe(401);

    // Sent twice (two tabs coming back online): the same answer, and still nothing works.
    const again = await logout(t, { cookie: gone.cookie });
    expect(again.statusCode).toBe(200);
    expect(refreshCookie(again)?.value).toBe('');
    expect((await cookieRefresh(t, gone.cookie)).statusCode).toBe(401);
    // With neither a live bearer token nor a refresh credential there is no session to end.
    const nothing = await logout(t, { accessToken: expired.accessToken });
    expect(nothing.statusCode).toBe(401);
    // Even then the browser is told to drop whatever refresh cookie it still has.
    expect(refreshCookie(nothing)?.value).toBe('');
  });

  it('API clients keep refreshing with {refreshToken} and get the new one in the body', async () => {
    const person = await verifiedPerson(t);
    const api = await post(t, '/api/v1/auth/login', {
      email: person.email,
      password: person.password,
    });
    const res = await refresh(t, api.json<TokenResponse>().refreshToken ?? '');
    expect(res.statusCode).toBe(200);
    const body = res.json<TokenResponse>();
    expect(body.refreshToken).toBeTruthy();
    expect(refreshCookie(res)?.value).toBe(body.refreshToken);
  });
});

describe('refresh cookie on https (PUBLIC_URL https://…)', () => {
  const t = openTestApp({ env: { PUBLIC_URL: 'https://shop.example' } });

  it('the cookie is Secure, on login, on refresh and when cleared at logout', async () => {
    const { res, cookie, accessToken } = await webLogin(t, await verifiedPerson(t));
    expect(refreshCookie(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
    const refreshed = await cookieRefresh(t, cookie);
    expect(refreshCookie(refreshed)).toMatchObject({ secure: true, httpOnly: true });
    const out = await logout(t, {
      cookie: refreshCookie(refreshed)?.value ?? '',
      accessToken: refreshed.json<TokenResponse>().accessToken || accessToken,
    });
    expect(out.statusCode).toBe(200);
    expect(refreshCookie(out)).toMatchObject({ secure: true, value: '' });
  });
});
