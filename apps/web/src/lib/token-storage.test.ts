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
  refreshToken: `refresh-${tag}`,
  userData: sampleUser,
  timestamp: 1,
});

function clearCookies() {
  for (const name of ['accessToken', 'refreshToken', 'user'])
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

describe('token storage', () => {
  afterEach(clearCookies);

  it('saves to the separate keys, the combined record, the client database and the cookies', async () => {
    const db = memoryDatabase();
    await createTokenStorage(db.database).save(tokens('a'));
    expect(localStorage.getItem('accessToken')).toBe('access-a');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-a');
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}')).toMatchObject({
      email: 'aung@example.com',
    });
    expect(JSON.parse(localStorage.getItem(COMBINED_TOKENS_KEY) ?? '{}')).toMatchObject({
      accessToken: 'access-a',
      refreshToken: 'refresh-a',
    });
    expect(db.current()?.accessToken).toBe('access-a');
    expect(readCookie('accessToken')).toBe('access-a');
    expect(readCookie('refreshToken')).toBe('refresh-a');
    expect(JSON.parse(readCookie('user') ?? '{}')).toMatchObject({ name: 'Aung Aung' });
  });

  it('recovers in the order separate keys, combined record, client database, cookies', async () => {
    const db = memoryDatabase(tokens('db'));
    const storage = createTokenStorage(db.database);
    document.cookie = 'accessToken=access-cookie; path=/';
    document.cookie = 'refreshToken=refresh-cookie; path=/';

    expect((await storage.recover())?.accessToken).toBe('access-db');

    localStorage.setItem(COMBINED_TOKENS_KEY, JSON.stringify(tokens('combined')));
    expect((await storage.recover())?.accessToken).toBe('access-combined');

    localStorage.setItem('accessToken', 'access-keys');
    localStorage.setItem('refreshToken', 'refresh-keys');
    expect((await storage.recover())?.accessToken).toBe('access-keys');

    // Only the cookies left.
    localStorage.clear();
    await db.database.clear();
    const fromCookies = await storage.recover();
    expect(fromCookies).toMatchObject({
      accessToken: 'access-cookie',
      refreshToken: 'refresh-cookie',
      userData: null,
    });
  });

  it('skips a place holding only half a pair or garbage', async () => {
    localStorage.setItem('accessToken', 'lonely-access');
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
    expect(await storage.recover()).toBeNull();
  });
});
