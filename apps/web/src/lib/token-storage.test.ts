import { afterEach, describe, expect, it } from 'vitest';
import { sampleUser } from '../test/jwt-fixture.ts';
import { readCookie } from './cookies.ts';
import {
  COMBINED_TOKENS_KEY,
  createTokenStorage,
  type StoredTokens,
  type TokenDatabase,
} from './token-storage.ts';

/** In-memory stand-in for the IndexedDB layer (jsdom has no IndexedDB). */
function memoryDatabase(initial: StoredTokens | null = null) {
  let record = initial;
  const database: TokenDatabase = {
    read: () => Promise.resolve(record),
    write: (tokens) => {
      record = tokens;
      return Promise.resolve();
    },
    clear: () => {
      record = null;
      return Promise.resolve();
    },
  };
  return { database, current: () => record };
}

const tokens = (tag: string): StoredTokens => ({
  accessToken: `access-${tag}`,
  userData: sampleUser,
  timestamp: 1,
});

/** What the places held before issue 11: the refresh token itself, readable by any script. */
const legacyRecord = (tag: string) => ({
  accessToken: `access-${tag}`,
  refreshToken: `refresh-${tag}`,
  userData: sampleUser,
  timestamp: 1,
});

function clearCookies() {
  for (const name of ['accessToken', 'refreshToken', 'refreshCredential', 'user'])
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

describe('token storage', () => {
  afterEach(() => {
    clearCookies();
    localStorage.clear();
  });

  it('saves to the separate keys, the combined record, the client database and the cookies', async () => {
    const db = memoryDatabase();
    await createTokenStorage(db.database).save(tokens('a'));
    expect(localStorage.getItem('accessToken')).toBe('access-a');
    expect(localStorage.getItem('refreshCredential')).toBe('httpOnlyCookie');
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}')).toMatchObject({
      email: 'aung@example.com',
    });
    expect(JSON.parse(localStorage.getItem(COMBINED_TOKENS_KEY) ?? '{}')).toMatchObject({
      accessToken: 'access-a',
      refreshCredential: 'httpOnlyCookie',
    });
    expect(db.current()?.accessToken).toBe('access-a');
    expect(readCookie('accessToken')).toBe('access-a');
    expect(readCookie('refreshCredential')).toBe('httpOnlyCookie');
    expect(JSON.parse(readCookie('user') ?? '{}')).toMatchObject({ name: 'Aung Aung' });
  });

  it('recovers in the order separate keys, combined record, client database, cookies', async () => {
    const db = memoryDatabase(tokens('db'));
    const storage = createTokenStorage(db.database);
    document.cookie = 'accessToken=access-cookie; path=/';
    document.cookie = 'refreshCredential=httpOnlyCookie; path=/';

    expect((await storage.recover())?.accessToken).toBe('access-db');

    localStorage.setItem(
      COMBINED_TOKENS_KEY,
      JSON.stringify({ ...tokens('combined'), refreshCredential: 'httpOnlyCookie' }),
    );
    expect((await storage.recover())?.accessToken).toBe('access-combined');

    localStorage.setItem('accessToken', 'access-keys');
    localStorage.setItem('refreshCredential', 'httpOnlyCookie');
    expect((await storage.recover())?.accessToken).toBe('access-keys');

    // Only the cookies left.
    localStorage.clear();
    await db.database.clear();
    const fromCookies = await storage.recover();
    expect(fromCookies).toMatchObject({ accessToken: 'access-cookie', userData: null });
  });

  it('no refresh token is written to local storage, the combined record or the cookies', async () => {
    const storage = createTokenStorage(memoryDatabase().database);
    await storage.save(tokens('a'));
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(JSON.parse(localStorage.getItem(COMBINED_TOKENS_KEY) ?? '{}')).not.toHaveProperty(
      'refreshToken',
    );
    expect(readCookie('refreshToken')).toBeNull();
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i) ?? '';
      expect(localStorage.getItem(key)).not.toMatch(/refresh-/);
    }
    expect(document.cookie).not.toMatch(/refresh-/);
  });

  it('a refresh token stored by the previous version is recovered once, then deleted everywhere', async () => {
    const db = memoryDatabase();
    const storage = createTokenStorage(db.database);
    localStorage.setItem('accessToken', 'access-old');
    localStorage.setItem('refreshToken', 'refresh-old');
    localStorage.setItem(COMBINED_TOKENS_KEY, JSON.stringify(legacyRecord('old')));
    document.cookie = 'refreshToken=refresh-old; path=/';
    expect(await storage.recover()).toMatchObject({
      accessToken: 'access-old',
      legacyRefreshToken: 'refresh-old',
    });
    // The combined record and the cookies of the old version are read the same way.
    localStorage.removeItem('accessToken');
    expect(storage.readSync()).toMatchObject({ legacyRefreshToken: 'refresh-old' });

    await storage.save(tokens('new'));
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(readCookie('refreshToken')).toBeNull();
    expect(JSON.stringify(localStorage)).not.toContain('refresh-old');
    expect(storage.readSync()).toMatchObject({ accessToken: 'access-new', userData: sampleUser });
    expect(storage.readSync()).not.toHaveProperty('legacyRefreshToken');
  });

  it('skips a place holding only half a pair or garbage', async () => {
    localStorage.setItem('accessToken', 'lonely-access');
    localStorage.setItem('refreshCredential', 'something-else');
    localStorage.setItem(COMBINED_TOKENS_KEY, '{not json');
    const storage = createTokenStorage(memoryDatabase(tokens('db')).database);
    expect((await storage.recover())?.accessToken).toBe('access-db');
  });

  it('clear removes every copy', async () => {
    const db = memoryDatabase();
    const storage = createTokenStorage(db.database);
    await storage.save(tokens('a'));
    await storage.clear();
    expect(localStorage.length).toBe(0);
    expect(db.current()).toBeNull();
    expect(readCookie('accessToken')).toBeNull();
    expect(readCookie('refreshCredential')).toBeNull();
    expect(await storage.recover()).toBeNull();
  });

  it('remembers a logout the server has not heard of until told otherwise', () => {
    const storage = createTokenStorage(memoryDatabase().database);
    expect(storage.hasPendingLogout()).toBe(false);
    storage.setPendingLogout(true);
    expect(createTokenStorage(memoryDatabase().database).hasPendingLogout()).toBe(true);
    storage.setPendingLogout(false);
    expect(storage.hasPendingLogout()).toBe(false);
  });
});
