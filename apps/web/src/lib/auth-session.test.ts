import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeJwt, sampleUser } from '../test/jwt-fixture.ts';
import {
  createAuthSession,
  EXPIRY_CHECK_INTERVAL_MS,
  readRefreshAnswer,
  type AuthSessionDeps,
  type SessionEvent,
} from './auth-session.ts';
import { createTokenStorage, type TokenDatabase } from './token-storage.ts';

const noDatabase: TokenDatabase = {
  read: () => Promise.resolve(null),
  write: () => Promise.resolve(),
  clear: () => Promise.resolve(),
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
/** The server's 401 refusal, its message as both `error` and `message`. */
const refused = (code: string, message: string) =>
  json(401, { success: false, error: message, message, code });

const created: { dispose: () => void }[] = [];

function setup(overrides: Partial<AuthSessionDeps> = {}) {
  const fetchMock = vi.fn<typeof fetch>();
  const events: SessionEvent[] = [];
  const session = createAuthSession({
    storage: createTokenStorage(noDatabase),
    fetch: fetchMock,
    now: () => Date.now(),
    isOnline: () => true,
    language: () => 'en',
    confirmOfflineRetry: () => Promise.resolve(false),
    ...overrides,
  });
  session.subscribe((event) => events.push(event));
  created.push(session);
  return { session, fetchMock, events };
}

const minutes = (n: number) => n * 60_000;

describe('auth session refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-06-01T00:00:00Z') });
  });
  afterEach(() => {
    for (const session of created.splice(0)) session.dispose();
    vi.useRealTimers();
  });

  it('refreshes proactively 5 minutes before the access token expires', async () => {
    const { session, fetchMock } = setup();
    const next = makeJwt(Date.now() + minutes(25));
    fetchMock.mockResolvedValue(
      json(200, { success: true, data: { accessToken: next, refreshToken: 'r2' } }),
    );
    await session.setSession({
      accessToken: makeJwt(Date.now() + minutes(15)),
      user: sampleUser,
    });
    await vi.advanceTimersByTimeAsync(minutes(10) - 1000);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/refresh-token');
    // The refresh token travels in the HttpOnly cookie the browser adds (credentials: include);
    // the body is empty JSON and a refresh token in the answer, if any, is not kept (ADR 0015).
    expect(JSON.parse(typeof init?.body === 'string' ? init.body : '')).toEqual({});
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(new Headers(init?.headers).get('x-refresh-transport')).toBe('cookie');
    // The refresh call never carries the Bearer token.
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    expect(session.getTokens()).toMatchObject({ accessToken: next });
    expect(JSON.stringify(localStorage)).not.toContain('r2');
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('uses a 1-second floor when the token is already within 5 minutes of expiry', async () => {
    const { session, fetchMock } = setup();
    const next = makeJwt(Date.now() + minutes(15));
    fetchMock.mockResolvedValue(json(200, { accessToken: next, refreshToken: 'r2' }));
    await session.setSession({
      accessToken: makeJwt(Date.now() + minutes(2)),
      user: null,
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Tokens at the top level are accepted too.
    expect(session.getAccessToken()).toBe(next);
  });

  it('logs out at the 10-minute check when the stored tokens have gone', async () => {
    const { session, events } = setup();
    await session.setSession({
      accessToken: makeJwt(Date.now() + minutes(60)),
      user: null,
    });
    localStorage.clear();
    await vi.advanceTimersByTimeAsync(EXPIRY_CHECK_INTERVAL_MS - 1);
    expect(session.getTokens()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(session.getTokens()).toBeNull();
    expect(events.at(-1)).toEqual({ type: 'changed', tokens: null });
  });

  it('adopts tokens another tab stored, and their removal', async () => {
    const { session } = setup();
    await session.setSession({ accessToken: 'a.b.c', user: null });
    localStorage.setItem('accessToken', 'other.tab.token');
    localStorage.setItem('refreshCredential', 'httpOnlyCookie');
    session.adoptStoredTokens();
    expect(session.getTokens()).toMatchObject({ accessToken: 'other.tab.token' });
    localStorage.clear();
    session.adoptStoredTokens();
    expect(session.getTokens()).toBeNull();
  });

  it('checks every 10 minutes and refreshes a token close to expiry', async () => {
    const { session, fetchMock } = setup();
    fetchMock.mockResolvedValue(
      json(200, { accessToken: makeJwt(Date.now() + minutes(60)), refreshToken: 'r2' }),
    );
    await session.setSession({
      accessToken: makeJwt(Date.now() + minutes(14)),
      user: null,
    });
    await vi.advanceTimersByTimeAsync(EXPIRY_CHECK_INTERVAL_MS);
    // The proactive timer (at 9 min) and not the 10-minute check made the one call.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shares one refresh between concurrent callers', async () => {
    const { session, fetchMock } = setup();
    const next = makeJwt(Date.now() + minutes(15));
    fetchMock.mockResolvedValue(json(200, { accessToken: next, refreshToken: 'r2' }));
    await session.setSession({ accessToken: 'x.y.z', user: null });
    const results = await Promise.all([session.refresh(), session.refresh(), session.refresh()]);
    expect(results).toEqual([next, next, next]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a 401 on refresh clears everything and reports token_expired', async () => {
    const { session, fetchMock, events } = setup();
    fetchMock.mockResolvedValue(refused('UNAUTHORIZED', 'Refresh token expired or invalid'));
    await session.setSession({ accessToken: 'x.y.z', user: sampleUser });
    await expect(session.refresh()).rejects.toThrow('Refresh token expired or invalid');
    expect(events.at(-1)).toEqual({ type: 'expired', reason: 'token_expired' });
    expect(session.getTokens()).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('gives up after 3 failed attempts, 1 s apart, with refresh_failed', async () => {
    const { session, fetchMock, events } = setup();
    fetchMock.mockResolvedValue(json(500, {}));
    await session.setSession({ accessToken: 'x.y.z', user: null });
    const outcome = session.refresh().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(await outcome).toMatchObject({ message: 'Max refresh attempts exceeded' });
    expect(events.at(-1)).toEqual({ type: 'expired', reason: 'refresh_failed' });
    expect(session.getTokens()).toBeNull();
  });

  it('a login resets the failed-refresh counter: 3 more failures are needed to end the session', async () => {
    const { session, fetchMock, events } = setup();
    fetchMock.mockResolvedValue(json(500, {}));
    await session.setSession({ accessToken: 'x.y.z', user: null });
    const outcome = session.refresh().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    expect(session.failedAttempts).toBe(2);
    // A login (setSession) while the refresh waits to try again.
    await session.setSession({ accessToken: 'a.b.c', user: sampleUser });
    expect(session.failedAttempts).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(session.failedAttempts).toBe(1);
    expect(events.some((event) => event.type === 'expired')).toBe(false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await outcome).toMatchObject({ message: 'Max refresh attempts exceeded' });
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('an answer naming another device ends the session with other_device_login', async () => {
    const { session, fetchMock, events } = setup();
    fetchMock.mockResolvedValue(
      refused(
        'OTHER_DEVICE_LOGIN',
        'Your account was signed in on another device. Please log in again.',
      ),
    );
    await session.setSession({ accessToken: 'x.y.z', user: null });
    await expect(session.refresh()).rejects.toThrow(/another device/);
    expect(events.at(-1)).toEqual({ type: 'expired', reason: 'other_device_login' });
  });

  it('offline: asks whether to retry and tries again 2 s after a yes', async () => {
    let online = false;
    const confirm = vi.fn(() => Promise.resolve(true));
    const { session, fetchMock } = setup({ isOnline: () => online, confirmOfflineRetry: confirm });
    fetchMock.mockResolvedValue(
      json(200, { accessToken: makeJwt(Date.now() + minutes(15)), refreshToken: 'r2' }),
    );
    await session.setSession({ accessToken: 'x.y.z', user: null });
    const outcome = session.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(confirm).toHaveBeenCalledWith(
      'Network connection is required to refresh your session. Would you like to retry?',
    );
    online = true;
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('offline: a no rejects with the network-error flag and keeps the session', async () => {
    const { session, fetchMock } = setup({ isOnline: () => false });
    await session.setSession({ accessToken: 'x.y.z', user: null });
    await expect(session.refresh()).rejects.toMatchObject({
      message: 'Network connection lost',
      isNetworkError: true,
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(session.getTokens()?.accessToken).toBe('x.y.z');
  });

  it('a refresh token stored by the previous version is sent once, then the cookie takes over', async () => {
    localStorage.setItem('accessToken', 'old.access.token');
    localStorage.setItem('refreshToken', 'legacy-r');
    const { session, fetchMock } = setup();
    fetchMock.mockImplementation(() =>
      Promise.resolve(json(200, { accessToken: makeJwt(Date.now() + minutes(15)) })),
    );
    expect(await session.recover()).toMatchObject({ legacyRefreshToken: 'legacy-r' });
    // Not written back yet: a reload before the swap must still find it.
    expect(localStorage.getItem('refreshToken')).toBe('legacy-r');
    await session.refresh();
    await session.refresh();
    const bodies = fetchMock.mock.calls.map(([, init]) => init?.body);
    expect(bodies).toEqual([JSON.stringify({ refreshToken: 'legacy-r' }), '{}']);
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('refreshCredential')).toBe('httpOnlyCookie');
  });
});

describe('auth session logout (issue 11)', () => {
  afterEach(() => {
    for (const session of created.splice(0)) session.dispose();
    localStorage.clear();
  });

  it('clears local data and calls POST /api/v1/auth/logout with the access token and the cookie', async () => {
    const { session, fetchMock, events } = setup();
    fetchMock.mockResolvedValue(json(200, { success: true, message: 'Logged out successfully' }));
    await session.setSession({ accessToken: 'a.b.c', user: sampleUser });
    await session.logout();
    expect(session.getTokens()).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(events.at(-1)).toEqual({ type: 'changed', tokens: null });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/logout');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{}' });
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer a.b.c');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(localStorage.getItem('pendingLogout')).toBeNull();
  });

  it('runs the work registered with onBeforeLogout while the token still works, then logs out', async () => {
    const { session, fetchMock } = setup();
    fetchMock.mockResolvedValue(json(200, { success: true, message: 'Logged out successfully' }));
    await session.setSession({ accessToken: 'a.b.c', user: sampleUser });
    const seen: (string | null)[] = [];
    const stop = session.onBeforeLogout(() => {
      seen.push(session.getTokens()?.accessToken ?? null);
      return Promise.resolve();
    });
    await session.logout();
    expect(seen).toEqual(['a.b.c']);
    expect(session.getTokens()).toBeNull();
    stop();
    await session.setSession({ accessToken: 'd.e.f', user: sampleUser });
    await session.logout();
    expect(seen).toEqual(['a.b.c']);
  });

  it('offline: the logout is remembered and sent (by the cookie alone) once back online', async () => {
    let online = false;
    const { session, fetchMock } = setup({ isOnline: () => online });
    fetchMock.mockResolvedValue(json(200, { success: true, message: 'Logged out successfully' }));
    await session.setSession({ accessToken: 'a.b.c', user: null });
    await session.logout();
    expect(session.getTokens()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('pendingLogout')).not.toBeNull();

    online = true;
    await session.flushPendingLogout();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/logout');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    expect(localStorage.getItem('pendingLogout')).toBeNull();
    // Nothing more to send.
    await session.flushPendingLogout();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a logout that never reached the server stays pending; a 4xx answer (nothing to end) does not', async () => {
    const { session, fetchMock } = setup();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await session.setSession({ accessToken: 'a.b.c', user: null });
    await session.logout();
    expect(localStorage.getItem('pendingLogout')).not.toBeNull();
    fetchMock.mockResolvedValueOnce(json(503, {}));
    await session.flushPendingLogout();
    expect(localStorage.getItem('pendingLogout')).not.toBeNull();
    fetchMock.mockResolvedValueOnce(refused('UNAUTHORIZED', 'x'));
    await session.flushPendingLogout();
    expect(localStorage.getItem('pendingLogout')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});

describe('the refresh answer (account spec §7, §8)', () => {
  it('takes the access token and user from data or from the top level', () => {
    expect(
      readRefreshAnswer({ success: true, data: { accessToken: 'a.b.c', user: sampleUser } }),
    ).toEqual({
      accessToken: 'a.b.c',
      user: sampleUser,
    });
    expect(readRefreshAnswer({ success: true, accessToken: 'a.b.c' })).toEqual({
      accessToken: 'a.b.c',
      user: null,
    });
  });

  it.each([null, 'text', 42, undefined])("%s is 'Invalid refresh response structure'", (answer) => {
    expect(() => readRefreshAnswer(answer)).toThrow(
      expect.objectContaining({
        message: 'Invalid refresh response structure',
        kind: 'invalid_response',
      }),
    );
  });

  it.each([
    { success: true },
    { success: true, data: {} },
    { data: { accessToken: '' } },
    { accessToken: 7 },
  ])("%j is 'No access token received'", (answer) => {
    expect(() => readRefreshAnswer(answer)).toThrow(
      expect.objectContaining({ message: 'No access token received', kind: 'invalid_response' }),
    );
  });
});
