/**
 * The spec's "simple pattern {email}": something@something.something, no spaces. On its own so
 * that checkout's schemas need none of the account messages (the order pages' first JavaScript).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
