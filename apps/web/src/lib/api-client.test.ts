import * as z from 'zod/mini';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeJwt } from '../test/jwt-fixture.ts';
import { ApiError, apiRequest } from './api-client.ts';
import { getAuthSession, type SessionEvent } from './auth-session.ts';

const okSchema = z.object({ ok: z.boolean(), path: z.string() });

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

const unauthorized = (code = 'UNAUTHORIZED', error = 'Please log in to continue') =>
  json(401, { success: false, error, message: error, code });

/** fetch is only called with string paths here. */
const pathOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

const authHeader = (init?: RequestInit) => new Headers(init?.headers).get('Authorization');

describe('apiRequest with a session', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const oldToken = makeJwt(Date.now() + 15 * 60_000, 'old');
  const newToken = makeJwt(Date.now() + 15 * 60_000, 'new');

  beforeEach(async () => {
    vi.stubGlobal('fetch', fetchMock);
    await getAuthSession().setSession({ accessToken: oldToken, user: null });
  });

  afterEach(async () => {
    await getAuthSession().clear();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('on 401 refreshes once, queues the concurrent requests and retries them with the new token', async () => {
    let releaseRefresh: () => void = () => undefined;
    fetchMock.mockImplementation(async (input, init) => {
      const path = pathOf(input);
      if (path === '/api/v1/auth/refresh-token') {
        await new Promise<void>((resolve) => {
          releaseRefresh = resolve;
        });
        return json(200, { success: true, data: { accessToken: newToken, refreshToken: 'r2' } });
      }
      if (authHeader(init) === `Bearer ${oldToken}`) return unauthorized();
      return json(200, { ok: authHeader(init) === `Bearer ${newToken}`, path });
    });

    const first = apiRequest('/api/v1/a', okSchema);
    const second = apiRequest('/api/v1/b', okSchema);
    await vi.waitFor(() => {
      expect(fetchMock.mock.calls.filter(([p]) => p === '/api/v1/auth/refresh-token')).toHaveLength(
        1,
      );
    });
    // A request started while the refresh runs waits for it instead of failing first.
    const third = apiRequest('/api/v1/c', okSchema);
    releaseRefresh();

    expect(await Promise.all([first, second, third])).toEqual([
      { ok: true, path: '/api/v1/a' },
      { ok: true, path: '/api/v1/b' },
      { ok: true, path: '/api/v1/c' },
    ]);
    const calls = fetchMock.mock.calls.map(([p, init]) => `${pathOf(p)} ${authHeader(init) ?? ''}`);
    expect(calls.filter((c) => c.startsWith('/api/v1/auth/refresh-token'))).toHaveLength(1);
    expect(calls.filter((c) => c === `/api/v1/c Bearer ${oldToken}`)).toHaveLength(0);
    expect(getAuthSession().getAccessToken()).toBe(newToken);
  });

  it('retries only once: a second 401 is reported to the caller', async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        pathOf(input) === '/api/v1/auth/refresh-token'
          ? json(200, { accessToken: newToken, refreshToken: 'r2' })
          : unauthorized(),
      ),
    );
    await expect(apiRequest('/api/v1/a', okSchema)).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('an "other device" answer ends the session with reason other_device_login', async () => {
    const events: SessionEvent[] = [];
    const unsubscribe = getAuthSession().subscribe((event) => events.push(event));
    fetchMock.mockResolvedValue(
      unauthorized('OTHER_DEVICE_LOGIN', 'Your account was signed in on another device.'),
    );
    await expect(apiRequest('/api/v1/a', okSchema)).rejects.toBeInstanceOf(ApiError);
    expect(events).toContainEqual({ type: 'expired', reason: 'other_device_login' });
    expect(getAuthSession().getTokens()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});

describe('apiRequest as a guest', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('sends a generated guest id as header gid with Accept-Language, never a Bearer token', async () => {
    fetchMock.mockResolvedValue(json(200, { ok: true, path: '/x' }));
    await apiRequest('/api/v1/x', okSchema);
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('gid')).toMatch(/^guest_\d+_[A-Za-z0-9_-]{22}$/);
    expect(headers.get('Accept-Language')).toMatch(/^(en|my)$/);
    expect(headers.has('Authorization')).toBe(false);
    expect(localStorage.getItem('guest_session_gid')).toBe(headers.get('gid'));
  });

  it('stores a guest id the server returns in x-guest-id or the body', async () => {
    const fromHeader = `guest_1700000000000_${'a'.repeat(22)}`;
    const fromBody = `guest_1700000000001_${'b'.repeat(22)}`;
    fetchMock.mockResolvedValueOnce(
      json(200, { ok: true, path: '/x' }, { 'x-guest-id': fromHeader }),
    );
    await apiRequest('/api/v1/x', okSchema);
    expect(localStorage.getItem('guest_session_gid')).toBe(fromHeader);
    fetchMock.mockResolvedValueOnce(json(200, { ok: true, path: '/x', gid: fromBody }));
    await apiRequest('/api/v1/x', okSchema);
    expect(localStorage.getItem('guest_session_gid')).toBe(fromBody);
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('gid')).toBe(fromHeader);
  });

  it('a lost connection is an ApiError with the network-error flag', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('/api/v1/x', okSchema)).rejects.toMatchObject({
      isNetworkError: true,
      status: 0,
    });
  });
});
