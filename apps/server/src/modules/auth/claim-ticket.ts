import { createSignedValues } from '../../platform/crypto.ts';

/**
 * Claim tickets (ADR 0046): `<userId>.<HMAC of it>`, set as an HttpOnly cookie by a sign-up (and
 * by a login with the right password to an account that has not proved its email or phone yet).
 * Where several unproved accounts claim one email or phone, a code is sent only for the account
 * the browser's ticket names, and its check looks only at that account's codes, so nobody can make
 * the owner's browser prove someone else's claim. It proves nothing by itself: a code is still
 * needed.
 */
export const CLAIM_TICKET_COOKIE = 'claim_ticket';

export function createClaimTickets(key: string) {
  const signed = createSignedValues(key, 'claim-ticket');
  return {
    /** The ticket naming the account userId. */
    issue: (userId: string): string => signed.sign(userId),
    /** The account a valid ticket names, else undefined. */
    accountOf: (ticket: string | undefined): string | undefined => signed.open(ticket) ?? undefined,
  };
}

export type ClaimTickets = ReturnType<typeof createClaimTickets>;
