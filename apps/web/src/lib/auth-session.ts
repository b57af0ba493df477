import type { User } from '@shop/contracts/auth';
import { classifyAuthError, REFRESH_TRANSPORT_HEADER } from '@shop/contracts/auth-session-rules';
import { readErrorBody } from '@shop/contracts/error-codes';
import { clearGuestCookie } from './guest-session.ts';
import { jwtExpiresAt } from './jwt.ts';
import { createTokenStorage, type StoredTokens, type TokenStorage } from './token-storage.ts';

/** Account spec §9 figures. */
export const REFRESH_PATH = '/api/v1/auth/refresh-token';
export const LOGOUT_PATH = '/api/v1/auth/logout';
export const PROACTIVE_REFRESH_MS = 5 * 60_000;
export const MIN_REFRESH_DELAY_MS = 1000;
export const EXPIRY_CHECK_INTERVAL_MS = 10 * 60_000;
export const MAX_REFRESH_ATTEMPTS = 3;
export const REFRESH_RETRY_DELAY_MS = 1000;
export const OFFLINE_RETRY_DELAY_MS = 2000;
export const REFRESH_TIMEOUT_MS = 10_000;
/** Longest a logout waits for the work registered with onBeforeLogout. */
export const BEFORE_LOGOUT_MS = 2000;

/** Why the session-expired modal opens (account spec §4). */
export type SessionEndReason = 'refresh_failed' | 'token_expired' | 'other_device_login';

/** Account spec §8 wording; the UI translates by `kind`. */
export const sessionMessages = {
  networkLost: 'Network connection lost',
  offlineRefresh:
    'Network connection is required to refresh your session. Would you like to retry?',
  refreshExpired: 'Refresh token expired or invalid',
  refreshDenied: 'Refresh token access denied',
  maxAttempts: 'Max refresh attempts exceeded',
  noRefreshToken: 'No refresh token available',
  invalidResponse: 'Invalid refresh response structure',
  noAccessToken: 'No access token received',
  refreshFailed: 'Token refresh failed',
} as const;

export type SessionErrorKind =
  | 'network'
  | 'expired'
  | 'denied'
  | 'max_attempts'
  | 'no_token'
  | 'invalid_response'
  | 'other_device'
  | 'failed';

export class SessionError extends Error {
  readonly isNetworkError: boolean;
  constructor(
    message: string,
    readonly kind: SessionErrorKind,
  ) {
    super(message);
    this.name = 'SessionError';
    this.isNetworkError = kind === 'network';
  }
}

export type SessionEvent =
  { type: 'changed'; tokens: StoredTokens | null } | { type: 'expired'; reason: SessionEndReason };

export interface AuthSessionDeps {
  storage: TokenStorage;
  fetch: typeof fetch;
  now: () => number;
  isOnline: () => boolean;
  language: () => string;
  /** Asked while offline; true = try again after 2 s. Replaced by the UI at start. */
  confirmOfflineRetry: (message: string) => Promise<boolean>;
}

const delay = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

interface RefreshAnswer {
  accessToken: string;
  user: User | null;
}

/** The refresh answer's access token (under data or at the top) and user; else the spec's errors. */
export function readRefreshAnswer(json: unknown): RefreshAnswer {
  if (typeof json !== 'object' || json === null)
    throw new SessionError(sessionMessages.invalidResponse, 'invalid_response');
  const top = json as Record<string, unknown>;
  const data =
    typeof top.data === 'object' && top.data !== null ? (top.data as Record<string, unknown>) : {};
  // The spec lets the fields sit under data or at the top level. The refresh token comes back
  // only in the HttpOnly cookie, which the browser keeps (ADR 0015).
  const accessToken = data.accessToken ?? top.accessToken;
  const user = data.user ?? top.user;
  if (typeof accessToken !== 'string' || accessToken === '')
    throw new SessionError(sessionMessages.noAccessToken, 'invalid_response');
  return {
    accessToken,
    user: typeof user === 'object' && user !== null ? (user as User) : null,
  };
}

/**
 * The client's session: tokens in memory and in storage, one shared refresh at a time (so
 * concurrent 401s queue behind it), proactive refresh 5 min before expiry, a 10-minute check,
 * and the session-expired reasons of account spec §4/§8.
 */
export function createAuthSession(deps: AuthSessionDeps) {
  let tokens: StoredTokens | null = deps.storage.readSync();
  let inflight: Promise<string> | null = null;
  let failedAttempts = 0;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  let checkTimer: ReturnType<typeof setInterval> | undefined;
  const listeners = new Set<(event: SessionEvent) => void>();
  /** Work that needs the session one last time before a logout ends it (bounded in time). */
  const beforeLogout = new Set<() => Promise<unknown>>();

  const emit = (event: SessionEvent) => {
    for (const listener of listeners) listener(event);
  };

  const stopTimers = () => {
    clearTimeout(refreshTimer);
    clearInterval(checkTimer);
    refreshTimer = undefined;
    checkTimer = undefined;
  };

  const msUntilExpiry = () => {
    const expiresAt = jwtExpiresAt(tokens?.accessToken);
    return expiresAt === null ? 0 : expiresAt - deps.now();
  };

  function schedule() {
    stopTimers();
    if (!tokens) return;
    const wait = Math.max(msUntilExpiry() - PROACTIVE_REFRESH_MS, MIN_REFRESH_DELAY_MS);
    refreshTimer = setTimeout(() => {
      session.refresh().catch(() => undefined);
    }, wait);
    checkTimer = setInterval(() => {
      // Tokens gone from memory or from storage (cleared elsewhere): the user is logged out.
      if (!tokens || !deps.storage.readSync()) {
        void session.clear();
        return;
      }
      if (msUntilExpiry() <= PROACTIVE_REFRESH_MS) session.refresh().catch(() => undefined);
    }, EXPIRY_CHECK_INTERVAL_MS);
  }

  /** The JSON headers of the refresh and logout calls; the cookie is sent by the browser. */
  const authCallHeaders = (): Record<string, string> => ({
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'Accept-Language': deps.language(),
    [REFRESH_TRANSPORT_HEADER]: 'cookie',
  });

  /**
   * The refresh call: the HttpOnly cookie carries the refresh token; the body is {} (or, once, the
   * refresh token a previous version of the app stored, which the server swaps for the cookie).
   */
  async function callRefresh(legacyRefreshToken: string | undefined): Promise<RefreshAnswer> {
    const controller = new AbortController();
    const timeout = setTimeout(() => {
      controller.abort();
    }, REFRESH_TIMEOUT_MS);
    let response: Response;
    try {
      response = await deps.fetch(REFRESH_PATH, {
        method: 'POST',
        credentials: 'include',
        headers: authCallHeaders(),
        body: JSON.stringify(legacyRefreshToken ? { refreshToken: legacyRefreshToken } : {}),
        signal: controller.signal,
      });
    } catch {
      throw new SessionError(sessionMessages.networkLost, 'network');
    } finally {
      clearTimeout(timeout);
    }
    const json: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const body = readErrorBody(json);
      if (body && classifyAuthError(body) === 'other_device_login')
        throw new SessionError(body.message, 'other_device');
      if (response.status === 401)
        throw new SessionError(sessionMessages.refreshExpired, 'expired');
      if (response.status === 403) throw new SessionError(sessionMessages.refreshDenied, 'denied');
      throw new SessionError(body ? body.message : sessionMessages.refreshFailed, 'failed');
    }
    return readRefreshAnswer(json);
  }

  async function runRefresh(): Promise<string> {
    for (;;) {
      // No stored session means no refresh credential either (the marker is stored beside it).
      if (!tokens) throw new SessionError(sessionMessages.noRefreshToken, 'no_token');
      const legacyRefreshToken = tokens.legacyRefreshToken;
      if (!deps.isOnline()) {
        if (await deps.confirmOfflineRetry(sessionMessages.offlineRefresh)) {
          await delay(OFFLINE_RETRY_DELAY_MS);
          continue;
        }
        throw new SessionError(sessionMessages.networkLost, 'network');
      }
      try {
        const answer = await callRefresh(legacyRefreshToken);
        failedAttempts = 0;
        await session.setSession({
          accessToken: answer.accessToken,
          // The session as it is now (another tab may have changed it meanwhile).
          user: answer.user ?? session.getTokens()?.userData ?? null,
        });
        return answer.accessToken;
      } catch (error) {
        const failure =
          error instanceof SessionError
            ? error
            : new SessionError(sessionMessages.refreshFailed, 'failed');
        if (failure.kind === 'expired') {
          await session.end('token_expired');
          throw failure;
        }
        if (failure.kind === 'other_device') {
          await session.end('other_device_login');
          throw failure;
        }
        failedAttempts += 1;
        if (failure.kind === 'denied' || failedAttempts >= MAX_REFRESH_ATTEMPTS) {
          failedAttempts = 0;
          await session.end('refresh_failed');
          throw failure.kind === 'denied'
            ? failure
            : new SessionError(sessionMessages.maxAttempts, 'max_attempts');
        }
        await delay(REFRESH_RETRY_DELAY_MS);
      }
    }
  }

  /**
   * Tells the server the session is over (revoke the family, clear the cookie). True when the
   * server has heard it or there was nothing left to end (4xx); false when it must be retried.
   */
  async function callLogout(accessToken: string | null, legacyRefreshToken?: string) {
    if (!deps.isOnline()) return false;
    const headers = authCallHeaders();
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    try {
      const response = await deps.fetch(LOGOUT_PATH, {
        method: 'POST',
        credentials: 'include',
        headers,
        body: JSON.stringify(legacyRefreshToken ? { refreshToken: legacyRefreshToken } : {}),
      });
      return response.status < 500;
    } catch {
      return false;
    }
  }

  let pendingLogout: Promise<void> | null = null;

  const session = {
    getTokens: () => tokens,
    getAccessToken: () => tokens?.accessToken ?? null,
    isRefreshing: () => inflight !== null,
    /** Milliseconds the access token still lives (0 when missing or malformed). */
    msUntilExpiry,
    get failedAttempts() {
      return failedAttempts;
    },
    /**
     * Runs `task` at the start of every logout, while the access token still works (the device's
     * push subscription is forgotten by the server); a logout waits at most BEFORE_LOGOUT_MS.
     */
    onBeforeLogout(task: () => Promise<unknown>) {
      beforeLogout.add(task);
      return () => {
        beforeLogout.delete(task);
      };
    },
    subscribe(listener: (event: SessionEvent) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    setConfirmOfflineRetry(confirm: AuthSessionDeps['confirmOfflineRetry']) {
      deps.confirmOfflineRetry = confirm;
    },
    /**
     * Login success and every refresh: store everywhere, reset the counter, reschedule. The
     * refresh token is not among the arguments: it stays in the server's HttpOnly cookie.
     */
    async setSession(next: { accessToken: string; user: User | null }) {
      tokens = {
        accessToken: next.accessToken,
        userData: next.user,
        timestamp: deps.now(),
      };
      failedAttempts = 0;
      schedule();
      emit({ type: 'changed', tokens });
      await deps.storage.save(tokens);
    },
    async updateUser(user: User) {
      if (!tokens) return;
      tokens = { ...tokens, userData: user };
      emit({ type: 'changed', tokens });
      await deps.storage.save(tokens);
    },
    /** Start-up recovery (separate keys, combined record, client database, cookies). */
    async recover(): Promise<StoredTokens | null> {
      const found = await deps.storage.recover();
      if (!found) return null;
      tokens = found;
      // Write the recovered copy back so every place holds it again; a refresh token stored by
      // the previous version stays where it is until a refresh has swapped it for the cookie.
      if (!found.legacyRefreshToken) await deps.storage.save(found);
      schedule();
      return found;
    },
    /** One refresh at a time: callers arriving meanwhile wait for the same answer. */
    refresh(): Promise<string> {
      inflight ??= runRefresh().finally(() => {
        inflight = null;
      });
      return inflight;
    },
    /**
     * Logout: local data is cleared at once, then the server is told (issue 11 overrides the
     * spec's "the logout call is not made", ADR 0015). Offline or unanswered, the call is kept
     * as pending and sent when back online, at the next start or before the next login.
     */
    async logout() {
      if (beforeLogout.size > 0)
        await Promise.race([
          Promise.allSettled([...beforeLogout].map((task) => task())),
          new Promise((resolve) => setTimeout(resolve, BEFORE_LOGOUT_MS)),
        ]);
      const ending = tokens;
      await session.clear();
      deps.storage.setPendingLogout(true);
      if (await callLogout(ending?.accessToken ?? null, ending?.legacyRefreshToken))
        deps.storage.setPendingLogout(false);
    },
    /** Sends a logout that could not be sent earlier (the refresh cookie names the session). */
    flushPendingLogout(): Promise<void> {
      if (!deps.storage.hasPendingLogout()) return Promise.resolve();
      pendingLogout ??= callLogout(null)
        .then((heard) => {
          if (heard) deps.storage.setPendingLogout(false);
        })
        .finally(() => {
          pendingLogout = null;
        });
      return pendingLogout;
    },
    /** Local data only (session ended by the server, or tokens gone from storage). */
    async clear() {
      tokens = null;
      failedAttempts = 0;
      stopTimers();
      clearGuestCookie();
      emit({ type: 'changed', tokens: null });
      await deps.storage.clear();
    },
    /** Ends the session and asks the UI to show the session-expired modal. */
    async end(reason: SessionEndReason) {
      await session.clear();
      emit({ type: 'expired', reason });
    },
    /** Another tab logged in, refreshed or out: adopt what it stored. */
    adoptStoredTokens() {
      const stored = deps.storage.readSync();
      if (stored?.accessToken === tokens?.accessToken) return;
      tokens = stored;
      if (tokens) schedule();
      else stopTimers();
      emit({ type: 'changed', tokens });
    },
    dispose: stopTimers,
  };
  return session;
}

export type AuthSession = ReturnType<typeof createAuthSession>;

let defaultSession: AuthSession | undefined;

/** The app's one session (created on first use so tests can build their own). */
export function getAuthSession(): AuthSession {
  defaultSession ??= createAuthSession({
    storage: createTokenStorage(),
    fetch: (...args) => fetch(...args),
    now: () => Date.now(),
    isOnline: () => navigator.onLine,
    language: () => document.documentElement.lang || 'en',
    confirmOfflineRetry: () => Promise.resolve(false),
  });
  return defaultSession;
}
