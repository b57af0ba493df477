import type { ErrorBody } from './errors.ts';

// What the web app needs on every page to keep a session: small on purpose, as it is in Home's
// first bundle (the other account rules and messages load with the account screens).

/**
 * The refresh credential of the web app lives only in an HttpOnly cookie (ADR 0015). A login or
 * refresh sending this header with the value `cookie` gets no refresh token in the JSON answer.
 */
export const REFRESH_TRANSPORT_HEADER = 'x-refresh-transport';

/**
 * guest_{timestamp ms}_{random}; the random part must carry at least 128 bits (DESIGN §4), i.e.
 * 22 or more base64url characters or 32 hex digits. The web makes one with crypto.getRandomValues.
 */
export const GUEST_ID_PATTERN = /^guest_\d{10,16}_[A-Za-z0-9_-]{22,128}$/;
export const isGuestId = (value: unknown): value is string =>
  typeof value === 'string' && GUEST_ID_PATTERN.test(value);

/** The spec's wording of the two "verify first" answers (account spec §8). */
export const verificationRequiredMessages = {
  phone: 'Phone verification required',
  email: 'Email verification required',
} as const;

export type AuthErrorKind =
  | 'phone_verification_required'
  | 'email_verification_required'
  | 'other_device_login'
  | 'rate_limited'
  | 'other';

/**
 * What the client does with a failed call: route to /verify-phone or /verify-email, end the session
 * with reason other_device_login, or show the message. Codes are authoritative; the wording test
 * follows the spec ("concurrent, another device or multiple sessions") for older answers.
 */
export function classifyAuthError(body: Pick<ErrorBody, 'code' | 'error'>): AuthErrorKind {
  if (body.code === 'PHONE_VERIFICATION_REQUIRED') return 'phone_verification_required';
  if (body.code === 'EMAIL_VERIFICATION_REQUIRED') return 'email_verification_required';
  if (body.code === 'OTHER_DEVICE_LOGIN') return 'other_device_login';
  if (body.code === 'TOO_MANY_REQUESTS') return 'rate_limited';
  const text = body.error.toLowerCase();
  if (text === verificationRequiredMessages.phone.toLowerCase())
    return 'phone_verification_required';
  if (text === verificationRequiredMessages.email.toLowerCase())
    return 'email_verification_required';
  if (/concurrent|another device|multiple sessions/.test(text)) return 'other_device_login';
  return 'other';
}
