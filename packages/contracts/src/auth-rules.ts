import type { ErrorBody } from './errors.ts';

// Constants and plain functions of the account area, free of the schema library so the web app can
// use them in its first bundle; auth.ts re-exports them beside the schemas.

export const OTP_LENGTH = 6;
/** Seconds a code lives, by purpose: registration 900 s, forgot-password and verify-email 300 s. */
export const otpLifetimeSeconds = {
  register: 900,
  verify_email: 300,
  verify_phone: 300,
  reset: 300,
} as const;
export type OtpPurpose = keyof typeof otpLifetimeSeconds;
/** A new code for the same address can be asked for after this many seconds. */
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
/** Wrong guesses after which a code is dead (DESIGN §5). */
export const OTP_MAX_ATTEMPTS = 5;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_FAMILY_TTL_SECONDS = 30 * 24 * 60 * 60;
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 900_000;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

// ---------------------------------------------------------------- messages

/** Server wording the client matches on or shows (account spec §4, §5, §8). */
export const authMessages = {
  phoneVerificationRequired: 'Phone verification required',
  emailVerificationRequired: 'Email verification required',
  tooManyLoginAttempts: 'Too many failed login attempts. Please try again later.',
  otherDeviceLogin: 'Your account was signed in on another device. Please log in again.',
  invalidCredentials: 'Invalid phone number, email or password',
  refreshInvalid: 'Refresh token expired or invalid',
  sessionExpired: 'Your session has expired. Please log in again to continue.',
  unauthorized: 'Please log in to continue',
  enterPhone: 'Please enter your phone number',
  enterEmail: 'Please enter your email address',
  invalidPhone: 'Please enter a valid Myanmar phone number',
  invalidEmail: 'Please enter a valid email address',
  enterPassword: 'Please enter your password',
  enterName: 'Please enter your full name',
  nameTooLong: 'Name must be at most 100 characters',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordTooCommon: 'This password is too common. Please choose a different one.',
  enterNewPassword: 'Please enter a new password',
  otpIncomplete: 'Please enter the complete 6-digit code.',
  otpRequired: 'Please enter the 6-digit verification code',
  otpInvalid: 'Invalid OTP. Please try again.',
  otpExpired: 'OTP has expired. Please request a new code.',
  otpTooManyAttempts: 'Too many wrong codes. Please request a new code.',
  otpCooldown: 'Please wait {seconds} seconds before requesting a new code.',
  roleUser: "role must be 'user'",
  refreshMissing: 'No refresh token available',
  emailTaken: 'An account with this email already exists',
  phoneTaken: 'An account with this phone number already exists',
  emailAlreadyVerified: 'Email is already verified',
  phoneAlreadyVerified: 'Phone number is already verified',
} as const;

// ---------------------------------------------------------------- field schemas

/** The spec's "simple pattern {email}": something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// ---------------------------------------------------------------- guest sessions

/**
 * guest_{timestamp ms}_{random}; the random part must carry at least 128 bits (DESIGN §4), i.e.
 * 22 or more base64url characters or 32 hex digits. The web makes one with crypto.getRandomValues.
 */
export const GUEST_ID_PATTERN = /^guest_\d{10,16}_[A-Za-z0-9_-]{22,128}$/;
export const isGuestId = (value: unknown): value is string =>
  typeof value === 'string' && GUEST_ID_PATTERN.test(value);

// ---------------------------------------------------------------- client branching

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
  if (text === authMessages.phoneVerificationRequired.toLowerCase())
    return 'phone_verification_required';
  if (text === authMessages.emailVerificationRequired.toLowerCase())
    return 'email_verification_required';
  if (/concurrent|another device|multiple sessions/.test(text)) return 'other_device_login';
  return 'other';
}
