import { isGuestId } from '@shop/contracts/auth-session-rules';
import { deleteCookie, readCookie } from './cookies.ts';

/** Guest session (account spec §3): guest_{timestamp}_{random} in localStorage, mirrored from cookie gid. */
export const GUEST_ID_STORAGE_KEY = 'guest_session_gid';
export const GUEST_ID_COOKIE = 'gid';

/** 16 random bytes, base64url: the 128 bits DESIGN §4 asks of ids that grant access. */
function randomPart(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function createGuestId(now = Date.now()): string {
  return `guest_${now}_${randomPart()}`;
}

/** Stores a gid the server handed out (cookie, body field gid or header x-guest-id). */
export function rememberGuestId(gid: unknown): void {
  if (!isGuestId(gid)) return;
  try {
    localStorage.setItem(GUEST_ID_STORAGE_KEY, gid);
  } catch {
    // Storage disabled: the cookie still carries it.
  }
}

/** The current guest id; the cookie wins (the server may have issued it), else storage, else new. */
export function getGuestId(): string {
  const fromCookie = readCookie(GUEST_ID_COOKIE);
  if (isGuestId(fromCookie)) {
    rememberGuestId(fromCookie);
    return fromCookie;
  }
  const stored = localStorage.getItem(GUEST_ID_STORAGE_KEY);
  if (isGuestId(stored)) return stored;
  const created = createGuestId();
  rememberGuestId(created);
  return created;
}

/** Logout clears the gid cookie (account spec §4); the server issues a fresh one when needed. */
export function clearGuestCookie(): void {
  deleteCookie(GUEST_ID_COOKIE);
}
