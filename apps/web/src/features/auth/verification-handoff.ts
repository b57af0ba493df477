/**
 * What the login form tells the verify page it opens (issue 26): whether the code was sent or why
 * not, so the page never says "we sent a code" after a refused send, and the password just typed,
 * so the right code signs the person in instead of asking for the number and password again.
 * The outcome is kept in sessionStorage (it survives a reload of the tab); the password only in
 * this module's memory, never in any storage, and it is gone after a reload or a use.
 */
export type SendOutcome = { sent: true } | { sent: false; reason: string };

interface Handoff {
  channel: 'email' | 'sms';
  target: string;
  outcome: SendOutcome;
}

const STORAGE_KEY = 'verification-send-outcome';
let password: { channel: 'email' | 'sms'; target: string; value: string } | null = null;

export function handOffVerification(handoff: Handoff & { password?: string }): void {
  const { password: typed, ...outcome } = handoff;
  password = typed ? { channel: handoff.channel, target: handoff.target, value: typed } : null;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(outcome));
  } catch {
    // Storage disabled: the page knows the outcome until a reload only through this visit.
  }
}

/** The outcome of the last send to this target in this tab, if the login form made one. */
export function sendOutcomeFor(channel: 'email' | 'sms', target: string): SendOutcome | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Handoff | null;
    return stored?.channel === channel && stored.target === target ? stored.outcome : null;
  } catch {
    return null;
  }
}

/** Records a later send (Get New Code) so a reload shows its outcome, keeping the password. */
export function recordSendOutcome(channel: 'email' | 'sms', target: string, outcome: SendOutcome) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ channel, target, outcome }));
  } catch {
    // As above.
  }
}

/** The password typed at the login that led here (once: it is forgotten when taken). */
export function takePassword(channel: 'email' | 'sms', target: string): string | null {
  const held = password;
  password = null;
  return held?.channel === channel && held.target === target ? held.value : null;
}

export function clearVerificationHandoff(): void {
  password = null;
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // As above.
  }
}
