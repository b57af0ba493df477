import type { User } from '@shop/contracts/auth';
import { deleteCookie, readCookie, writeCookie } from './cookies.ts';

/** Stored token data (account spec §3): accessToken, refreshToken, userData, timestamp. */
export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
  userData: User | null;
  timestamp: number;
}

export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';
export const USER_DATA_KEY = 'userData';
/** The combined record kept beside the separate keys. */
export const COMBINED_TOKENS_KEY = 'authTokens';
export const USER_COOKIE = 'user';
export const COOKIE_DAYS = 7;
export const IDB_NAME = 'myantopup-auth';
export const IDB_STORE = 'auth';
export const IDB_RECORD_ID = 'tokens';

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

function parseTokens(value: unknown): StoredTokens | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (!nonEmpty(record.accessToken) || !nonEmpty(record.refreshToken)) return null;
  return {
    accessToken: record.accessToken,
    refreshToken: record.refreshToken,
    userData: parseUser(record.userData),
    timestamp: typeof record.timestamp === 'number' ? record.timestamp : 0,
  };
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
        await run('readwrite', (store) => store.put({ id: IDB_RECORD_ID, ...tokens }));
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
}

/**
 * Tokens are written to four places so that a browser which drops one of them (storage cleared,
 * IndexedDB evicted, cookies blocked) still keeps the session, as the account spec describes.
 */
export function createTokenStorage(database: TokenDatabase = createIndexedDbTokenDatabase()) {
  const fromSeparateKeys = (): StoredTokens | null => {
    const accessToken = localStorage.getItem(ACCESS_TOKEN_KEY);
    const refreshToken = localStorage.getItem(REFRESH_TOKEN_KEY);
    if (!accessToken || !refreshToken) return null;
    return {
      accessToken,
      refreshToken,
      userData: parseUser(parseJson(localStorage.getItem(USER_DATA_KEY))),
      timestamp: Date.now(),
    };
  };
  const fromCombined = () => parseTokens(parseJson(localStorage.getItem(COMBINED_TOKENS_KEY)));
  const fromCookies = (): StoredTokens | null => {
    const accessToken = readCookie(ACCESS_TOKEN_KEY);
    const refreshToken = readCookie(REFRESH_TOKEN_KEY);
    if (!accessToken || !refreshToken) return null;
    return {
      accessToken,
      refreshToken,
      userData: parseUser(parseJson(readCookie(USER_COOKIE))),
      timestamp: Date.now(),
    };
  };

  const storage: TokenStorage = {
    async save(tokens) {
      try {
        localStorage.setItem(ACCESS_TOKEN_KEY, tokens.accessToken);
        localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
        if (tokens.userData) localStorage.setItem(USER_DATA_KEY, JSON.stringify(tokens.userData));
        else localStorage.removeItem(USER_DATA_KEY);
        localStorage.setItem(COMBINED_TOKENS_KEY, JSON.stringify(tokens));
      } catch {
        // Storage full or disabled: the cookies and the client database remain.
      }
      writeCookie(ACCESS_TOKEN_KEY, tokens.accessToken, COOKIE_DAYS);
      writeCookie(REFRESH_TOKEN_KEY, tokens.refreshToken, COOKIE_DAYS);
      if (tokens.userData) {
        writeCookie(USER_COOKIE, JSON.stringify(tokens.userData), COOKIE_DAYS);
      } else deleteCookie(USER_COOKIE);
      await database.write(tokens);
    },
    readSync: () => fromSeparateKeys() ?? fromCombined(),
    async recover() {
      return storage.readSync() ?? (await database.read()) ?? fromCookies();
    },
    async clear() {
      for (const key of [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, USER_DATA_KEY, COMBINED_TOKENS_KEY])
        localStorage.removeItem(key);
      deleteCookie(ACCESS_TOKEN_KEY);
      deleteCookie(REFRESH_TOKEN_KEY);
      deleteCookie(USER_COOKIE);
      await database.clear();
    },
  };
  return storage;
}
