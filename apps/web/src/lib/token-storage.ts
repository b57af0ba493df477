import type { User } from '@shop/contracts/auth';
import { deleteCookie, readCookie, writeCookie } from './cookies.ts';

/**
 * Stored token data (account spec §3): accessToken, userData, timestamp. The refresh token itself is
 * never stored where script can read it: it lives in an HttpOnly cookie set by the server (ADR
 * 0015). Each place keeps the marker `refreshCredential: "httpOnlyCookie"` instead, so the spec's
 * "tokens missing" checks still see whether a refresh credential exists.
 */
export interface StoredTokens {
  accessToken: string;
  userData: User | null;
  timestamp: number;
  /**
   * A refresh token stored by the previous version of the app, found at recovery. Kept in memory
   * only, sent once in the body of the next refresh (the server answers with the cookie), then
   * gone: save() and clear() delete it from every place.
   */
  legacyRefreshToken?: string;
}

export const ACCESS_TOKEN_KEY = 'accessToken';
/** The marker of the refresh credential (separate key, record field and cookie name). */
export const REFRESH_CREDENTIAL_KEY = 'refreshCredential';
export const REFRESH_CREDENTIAL_MARKER = 'httpOnlyCookie';
/** Where the previous version kept the refresh token itself; read once, then deleted. */
export const LEGACY_REFRESH_TOKEN_KEY = 'refreshToken';
export const USER_DATA_KEY = 'userData';
/** The combined record kept beside the separate keys. */
export const COMBINED_TOKENS_KEY = 'authTokens';
export const USER_COOKIE = 'user';
export const COOKIE_DAYS = 7;
export const IDB_NAME = 'myantopup-auth';
export const IDB_STORE = 'auth';
export const IDB_RECORD_ID = 'tokens';

/** The record written to the combined key and the client database. */
const storedRecord = (tokens: StoredTokens) => ({
  accessToken: tokens.accessToken,
  [REFRESH_CREDENTIAL_KEY]: REFRESH_CREDENTIAL_MARKER,
  userData: tokens.userData,
  timestamp: tokens.timestamp,
});

/** The client-database layer: an object store keyed by id holding one record named "tokens". */
export interface TokenDatabase {
  read(): Promise<StoredTokens | null>;
  write(tokens: StoredTokens): Promise<void>;
  clear(): Promise<void>;
}

// Structural checks only: these records are our own writes, read back before the first render,
// and the profile fetched right after replaces the user with a validated one (the schema library
// stays out of the first bundle).
const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * An access token with the refresh-credential marker, or (stored by the previous version) with
 * the refresh token itself; anything else is half a session and is skipped.
 */
function sessionFrom(
  accessToken: unknown,
  marker: unknown,
  legacyRefreshToken: unknown,
  userData: unknown,
  timestamp: number,
): StoredTokens | null {
  if (!nonEmpty(accessToken)) return null;
  const tokens: StoredTokens = { accessToken, userData: parseUser(userData), timestamp };
  if (marker === REFRESH_CREDENTIAL_MARKER) return tokens;
  if (nonEmpty(legacyRefreshToken)) return { ...tokens, legacyRefreshToken };
  return null;
}

function parseTokens(value: unknown): StoredTokens | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  return sessionFrom(
    record.accessToken,
    record[REFRESH_CREDENTIAL_KEY],
    record[LEGACY_REFRESH_TOKEN_KEY],
    record.userData,
    typeof record.timestamp === 'number' ? record.timestamp : 0,
  );
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function parseUser(value: unknown): User | null {
  if (typeof value !== 'object' || value === null) return null;
  const user = value as Record<string, unknown>;
  return nonEmpty(user.id) && typeof user.name === 'string' ? (value as User) : null;
}

/** IndexedDB in the browser; absent (e.g. private mode, tests) it quietly does nothing. */
export function createIndexedDbTokenDatabase(): TokenDatabase {
  const open = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      if (typeof indexedDB === 'undefined') {
        reject(new Error('IndexedDB unavailable'));
        return;
      }
      const request = indexedDB.open(IDB_NAME, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(IDB_STORE, { keyPath: 'id' });
      };
      request.onsuccess = () => {
        resolve(request.result);
      };
      request.onerror = () => {
        reject(request.error ?? new Error('IndexedDB open failed'));
      };
    });
  const run = async <T>(
    mode: IDBTransactionMode,
    action: (store: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T> => {
    const db = await open();
    try {
      return await new Promise<T>((resolve, reject) => {
        const request = action(db.transaction(IDB_STORE, mode).objectStore(IDB_STORE));
        request.onsuccess = () => {
          resolve(request.result);
        };
        request.onerror = () => {
          reject(request.error ?? new Error('IndexedDB request failed'));
        };
      });
    } finally {
      db.close();
    }
  };
  return {
    async read() {
      try {
        return parseTokens(await run('readonly', (store) => store.get(IDB_RECORD_ID)));
      } catch {
        return null;
      }
    },
    async write(tokens) {
      try {
        await run('readwrite', (store) =>
          store.put({ id: IDB_RECORD_ID, ...storedRecord(tokens) }),
        );
      } catch {
        // Best effort: the other three places still hold the tokens.
      }
    },
    async clear() {
      try {
        await run('readwrite', (store) => store.delete(IDB_RECORD_ID));
      } catch {
        // Nothing stored there.
      }
    },
  };
}

export interface TokenStorage {
  save(tokens: StoredTokens): Promise<void>;
  /** First hit wins: separate keys, combined record, client database, cookies (account spec §4). */
  recover(): Promise<StoredTokens | null>;
  /** Reads only the synchronous places (separate keys, then the combined record). */
  readSync(): StoredTokens | null;
  clear(): Promise<void>;
  /** A logout the server has not yet heard of (sent when back online, ADR 0015). */
  hasPendingLogout(): boolean;
  setPendingLogout(pending: boolean): void;
}

export const PENDING_LOGOUT_KEY = 'pendingLogout';

/**
 * Tokens are written to four places so that a browser which drops one of them (storage cleared,
 * IndexedDB evicted, cookies blocked) still keeps the session, as the account spec describes.
 */
export function createTokenStorage(database: TokenDatabase = createIndexedDbTokenDatabase()) {
  const fromSeparateKeys = () =>
    sessionFrom(
      localStorage.getItem(ACCESS_TOKEN_KEY),
      localStorage.getItem(REFRESH_CREDENTIAL_KEY),
      localStorage.getItem(LEGACY_REFRESH_TOKEN_KEY),
      parseJson(localStorage.getItem(USER_DATA_KEY)),
      Date.now(),
    );
  const fromCombined = () => parseTokens(parseJson(localStorage.getItem(COMBINED_TOKENS_KEY)));
  const fromCookies = () =>
    sessionFrom(
      readCookie(ACCESS_TOKEN_KEY),
      readCookie(REFRESH_CREDENTIAL_KEY),
      readCookie(LEGACY_REFRESH_TOKEN_KEY),
      parseJson(readCookie(USER_COOKIE)),
      Date.now(),
    );

  const storage: TokenStorage = {
    async save(tokens) {
      try {
        localStorage.setItem(ACCESS_TOKEN_KEY, tokens.accessToken);
        localStorage.setItem(REFRESH_CREDENTIAL_KEY, REFRESH_CREDENTIAL_MARKER);
        localStorage.removeItem(LEGACY_REFRESH_TOKEN_KEY);
        if (tokens.userData) localStorage.setItem(USER_DATA_KEY, JSON.stringify(tokens.userData));
        else localStorage.removeItem(USER_DATA_KEY);
        localStorage.setItem(COMBINED_TOKENS_KEY, JSON.stringify(storedRecord(tokens)));
      } catch {
        // Storage full or disabled: the cookies and the client database remain.
      }
      writeCookie(ACCESS_TOKEN_KEY, tokens.accessToken, COOKIE_DAYS);
      writeCookie(REFRESH_CREDENTIAL_KEY, REFRESH_CREDENTIAL_MARKER, COOKIE_DAYS);
      deleteCookie(LEGACY_REFRESH_TOKEN_KEY);
      if (tokens.userData) {
        writeCookie(USER_COOKIE, JSON.stringify(tokens.userData), COOKIE_DAYS);
      } else deleteCookie(USER_COOKIE);
      await database.write(tokens);
    },
    // The server renders pages as a guest: it has no storage and no tokens.
    readSync: () =>
      typeof localStorage === 'undefined' ? null : (fromSeparateKeys() ?? fromCombined()),
    async recover() {
      return storage.readSync() ?? (await database.read()) ?? fromCookies();
    },
    async clear() {
      for (const key of [
        ACCESS_TOKEN_KEY,
        REFRESH_CREDENTIAL_KEY,
        LEGACY_REFRESH_TOKEN_KEY,
        USER_DATA_KEY,
        COMBINED_TOKENS_KEY,
      ])
        localStorage.removeItem(key);
      for (const name of [
        ACCESS_TOKEN_KEY,
        REFRESH_CREDENTIAL_KEY,
        LEGACY_REFRESH_TOKEN_KEY,
        USER_COOKIE,
      ])
        deleteCookie(name);
      await database.clear();
    },
    hasPendingLogout: () => {
      try {
        return localStorage.getItem(PENDING_LOGOUT_KEY) !== null;
      } catch {
        return false;
      }
    },
    setPendingLogout(pending) {
      try {
        if (pending) localStorage.setItem(PENDING_LOGOUT_KEY, '1');
        else localStorage.removeItem(PENDING_LOGOUT_KEY);
      } catch {
        // Storage disabled: the logout is retried only while this page lives.
      }
    },
  };
  return storage;
}
