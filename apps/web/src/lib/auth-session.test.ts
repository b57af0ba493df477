import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeJwt, sampleUser } from '../test/jwt-fixture.ts';
import {
  createAuthSession,
  EXPIRY_CHECK_INTERVAL_MS,
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
      refreshToken: 'r1',
      user: sampleUser,
    });
    await vi.advanceTimersByTimeAsync(minutes(10) - 1000);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/refresh-token');
    expect(JSON.parse(typeof init?.body === 'string' ? init.body : '')).toEqual({
      refreshToken: 'r1',
    });
    // The refresh call never carries the Bearer token.
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    expect(session.getTokens()).toMatchObject({ accessToken: next, refreshToken: 'r2' });
    expect(localStorage.getItem('refreshToken')).toBe('r2');
  });

  it('uses a 1-second floor when the token is already within 5 minutes of expiry', async () => {
    const { session, fetchMock } = setup();
    fetchMock.mockResolvedValue(
      json(200, { accessToken: makeJwt(Date.now() + minutes(15)), refreshToken: 'r2' }),
    );
    await session.setSession({
      accessToken: makeJwt(Date.now() + minutes(2)),
      refreshToken: 'r1',
      user: null,
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Tokens at the top level are accepted too.
    expect(session.getTokens()?.refreshToken).toBe('r2');
  });

  it('logs out at the 10-minute check when the stored tokens have gone', async () => {
    const { session, events } = setup();
    await session.setSession({
      accessToken: makeJwt(Date.now() + minutes(60)),
      refreshToken: 'r1',
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
    await session.setSession({ accessToken: 'a.b.c', refreshToken: 'r1', user: null });
    localStorage.setItem('accessToken', 'other.tab.token');
    localStorage.setItem('refreshToken', 'r9');
    session.adoptStoredTokens();
    expect(session.getTokens()).toMatchObject({
      accessToken: 'other.tab.token',
      refreshToken: 'r9',
    });
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
      refreshToken: 'r1',
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
    await session.setSession({ accessToken: 'x.y.z', refreshToken: 'r1', user: null });
    const results = await Promise.all([session.refresh(), session.refresh(), session.refresh()]);
    expect(results).toEqual([next, next, next]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a 401 on refresh clears everything and reports token_expired', async () => {
    const { session, fetchMock, events } = setup();
    fetchMock.mockResolvedValue(
      json(401, {
        success: false,
        error: 'Refresh token expired or invalid',
        message: 'Refresh token expired or invalid',
        code: 'UNAUTHORIZED',
      }),
    );
    await session.setSession({ accessToken: 'x.y.z', refreshToken: 'r1', user: sampleUser });
    await expect(session.refresh()).rejects.toThrow('Refresh token expired or invalid');
    expect(events.at(-1)).toEqual({ type: 'expired', reason: 'token_expired' });
    expect(session.getTokens()).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('gives up after 3 failed attempts, 1 s apart, with refresh_failed', async () => {
    const { session, fetchMock, events } = setup();
    fetchMock.mockResolvedValue(json(500, {}));
    await session.setSession({ accessToken: 'x.y.z', refreshToken: 'r1', user: null });
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

  it('an answer naming another device ends the session with other_device_login', async () => {
    const { session, fetchMock, events } = setup();
    fetchMock.mockResolvedValue(
      json(401, {
        success: false,
        error: 'Your account was signed in on another device. Please log in again.',
        message: 'Your account was signed in on another device. Please log in again.',
        code: 'OTHER_DEVICE_LOGIN',
      }),
    );
    await session.setSession({ accessToken: 'x.y.z', refreshToken: 'r1', user: null });
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
    await session.setSession({ accessToken: 'x.y.z', refreshToken: 'r1', user: null });
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
    await session.setSession({ accessToken: 'x.y.z', refreshToken: 'r1', user: null });
    await expect(session.refresh()).rejects.toMatchObject({
      message: 'Network connection lost',
      isNetworkError: true,
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(session.getTokens()?.refreshToken).toBe('r1');
  });
});
