import type { StaffMember } from '@shop/contracts/admin';

/**
 * The back-office session (ADR 0033): the `stf_` token the staff sign-in answered, kept in this
 * tab's sessionStorage only (closing the tab ends it; the customer's session is never touched).
 * The server ends it after 15 minutes without a call; the first refused call ends it here too.
 */
export interface StaffSession {
  token: string;
  staff: StaffMember;
  recoveryCodesLeft: number;
}

/** Why the sign-in form shows: signed out on purpose, or the server ended the session. */
export type StaffSessionEnd = 'signed-out' | 'expired' | null;

const STORAGE_KEY = 'backOfficeSession';

function readStored(): StaffSession | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StaffSession>;
    return typeof value.token === 'string' && value.staff ? (value as StaffSession) : null;
  } catch {
    return null;
  }
}

let session: StaffSession | null | undefined;
let ended: StaffSessionEnd = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function getStaffSession(): StaffSession | null {
  if (session === undefined) session = readStored();
  return session;
}

export const getStaffSessionEnd = (): StaffSessionEnd => ended;

export function subscribeStaffSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function startStaffSession(next: StaffSession): void {
  session = next;
  ended = null;
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  notify();
}

export function endStaffSession(reason: Exclude<StaffSessionEnd, null>): void {
  if (!getStaffSession()) return;
  session = null;
  ended = reason;
  sessionStorage.removeItem(STORAGE_KEY);
  notify();
}
