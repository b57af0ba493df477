import * as z from 'zod/mini';
import type { ErrorBody } from './errors.ts';
import { myanmarPhoneSchema, validatePhone } from './phone.ts';

/**
 * Shapes of the account calls (account spec §7) shared by server and web. Request schemas carry
 * the spec's validation wording (account spec §5); the server answers the first broken rule as
 * `error` and `message`, and every broken field in `fields`.
 */

// ---------------------------------------------------------------- constants (account spec §9)

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

/** Trimmed and lower-cased: one address is one account whatever the capitals. */
export const emailSchema = z.pipe(
  z.string({ error: authMessages.enterEmail }),
  z.pipe(
    z.transform((value: string) => value.trim().toLowerCase()),
    z
      .string()
      .check(
        z.minLength(1, { error: authMessages.enterEmail }),
        z.maxLength(254, { error: authMessages.invalidEmail }),
        z.regex(EMAIL_PATTERN, { error: authMessages.invalidEmail }),
      ),
  ),
);

/** Length rule only; the common-password list is checked by the server (it is 10,000 lines). */
export const newPasswordSchema = z
  .string({ error: authMessages.enterNewPassword })
  .check(
    z.minLength(1, { error: authMessages.enterNewPassword }),
    z.minLength(PASSWORD_MIN_LENGTH, { error: authMessages.passwordTooShort }),
    z.maxLength(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong }),
  );

export const otpSchema = z
  .string({ error: authMessages.otpRequired })
  .check(z.regex(/^\d{6}$/, { error: authMessages.otpIncomplete }));

export const userRoleSchema = z.enum(['user'], { error: authMessages.roleUser });

// ---------------------------------------------------------------- requests

/**
 * Login: {email, password} or {phoneNumber, password}. Output names which one was used, with the
 * phone in 95 form and the email lower-cased.
 */
export const loginRequestSchema = z.pipe(
  z.object({
    email: z.optional(z.string({ error: authMessages.invalidEmail })),
    phoneNumber: z.optional(z.string({ error: authMessages.invalidPhone })),
    password: z.string({ error: authMessages.enterPassword }),
  }),
  z.transform((body, ctx) => {
    const fail = (message: string, path: string) => {
      ctx.issues.push({ code: 'custom', message, input: body, path: [path] });
      return z.NEVER;
    };
    let identity: { kind: 'phone'; phoneNumber: string } | { kind: 'email'; email: string };
    if (body.phoneNumber !== undefined && body.email === undefined) {
      if (body.phoneNumber.trim() === '') return fail(authMessages.enterPhone, 'phoneNumber');
      const phone = validatePhone(body.phoneNumber);
      if (!phone.valid) return fail(authMessages.invalidPhone, 'phoneNumber');
      identity = { kind: 'phone', phoneNumber: phone.international };
    } else if (body.email !== undefined && body.phoneNumber === undefined) {
      const email = body.email.trim().toLowerCase();
      if (email === '') return fail(authMessages.enterEmail, 'email');
      if (!EMAIL_PATTERN.test(email) || email.length > 254)
        return fail(authMessages.invalidEmail, 'email');
      identity = { kind: 'email', email };
    } else if (body.email === undefined) {
      return fail(authMessages.enterPhone, 'phoneNumber');
    } else {
      return fail('Send either email or phoneNumber, not both', 'email');
    }
    if (body.password === '') return fail(authMessages.enterPassword, 'password');
    return { ...identity, password: body.password };
  }),
);
export type LoginRequest = z.input<typeof loginRequestSchema>;
export type LoginInput = z.output<typeof loginRequestSchema>;

/** phoneNumber is sent in 95 form; any spelling the phone rules accept is normalised to it. */
export const registerRequestSchema = z.object({
  name: z.pipe(
    z.string({ error: authMessages.enterName }),
    z.pipe(
      z.transform((value: string) => value.trim()),
      z
        .string()
        .check(
          z.minLength(1, { error: authMessages.enterName }),
          z.maxLength(100, { error: authMessages.nameTooLong }),
        ),
    ),
  ),
  email: emailSchema,
  phoneNumber: myanmarPhoneSchema,
  password: newPasswordSchema,
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const sendEmailOtpRequestSchema = z.object({ email: emailSchema });
export type SendEmailOtpRequest = z.input<typeof sendEmailOtpRequestSchema>;

export const sendPhoneOtpRequestSchema = z.object({ phoneNumber: myanmarPhoneSchema });
export type SendPhoneOtpRequest = z.input<typeof sendPhoneOtpRequestSchema>;

/**
 * {email, otp} (spec) or {phoneNumber, otp} for /verify-phone. One object rather than a union, so
 * a bad field is reported by its own rule instead of a generic "Invalid input".
 */
export const verifyOtpRequestSchema = z.pipe(
  z.object({
    email: z.optional(emailSchema),
    phoneNumber: z.optional(myanmarPhoneSchema),
    otp: otpSchema,
  }),
  z.transform((body, ctx) => {
    if (body.email !== undefined && body.phoneNumber === undefined)
      return { email: body.email, otp: body.otp };
    if (body.phoneNumber !== undefined && body.email === undefined)
      return { phoneNumber: body.phoneNumber, otp: body.otp };
    ctx.issues.push({
      code: 'custom',
      message:
        body.email === undefined
          ? authMessages.enterEmail
          : 'Send either email or phoneNumber, not both',
      input: body,
      path: ['email'],
    });
    return z.NEVER;
  }),
);
export type VerifyOtpRequest = z.input<typeof verifyOtpRequestSchema>;

export const passwordResetRequestSchema = z.object({
  email: emailSchema,
  role: z._default(userRoleSchema, 'user'),
});
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = z.object({
  email: emailSchema,
  role: z._default(userRoleSchema, 'user'),
  otp: otpSchema,
  newPassword: newPasswordSchema,
});
export type PasswordResetConfirm = z.input<typeof passwordResetConfirmSchema>;

export const refreshTokenRequestSchema = z.object({
  refreshToken: z
    .string({ error: authMessages.refreshMissing })
    .check(
      z.minLength(1, { error: authMessages.refreshMissing }),
      z.maxLength(512, { error: authMessages.refreshInvalid }),
    ),
});
export type RefreshTokenRequest = z.input<typeof refreshTokenRequestSchema>;

// ---------------------------------------------------------------- answers

export const userSchema = z.object({
  id: z.string(),
  /** Same value as id; the spec's client reads "id or _id". */
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  /** 95 form, e.g. 959250000000. */
  phoneNumber: z.string(),
  role: z.literal('user'),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  createdAt: z.string(),
});
export type User = z.output<typeof userSchema>;

export const membershipTierNames = ['bronze', 'silver', 'gold', 'platinum'] as const;
export type MembershipTierName = (typeof membershipTierNames)[number];

/** Shopping spec §3 "Membership"; null in the profile answer until loyalty provides one. */
export const membershipSchema = z.object({
  pointsBalance: z.int(),
  currentTier: z.object({
    name: z.enum(membershipTierNames),
    minPoints: z.int(),
    /** null for the highest tier. */
    maxPoints: z.nullable(z.int()),
    isHighestTier: z.boolean(),
  }),
  nextTier: z.nullable(z.enum(membershipTierNames)),
  /** null when the highest tier is reached. */
  pointsToNextTier: z.nullable(z.int()),
});
export type Membership = z.output<typeof membershipSchema>;

export const messageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type MessageResponse = z.output<typeof messageResponseSchema>;

/** An OTP was sent (or, for an unknown reset email, pretended to be): the countdown figures. */
export const otpSentResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    /** Seconds until the code expires (900 registration, 300 reset/verify). */
    expiresIn: z.int(),
    /** Seconds until a new code may be requested. */
    resendAfter: z.int(),
  }),
});
export type OtpSentResponse = z.output<typeof otpSentResponseSchema>;

export const registerResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    user: userSchema,
    /** Seconds the emailed registration code lives. */
    expiresIn: z.int(),
    resendAfter: z.int(),
  }),
});
export type RegisterResponse = z.output<typeof registerResponseSchema>;

export const tokenDataSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  user: userSchema,
  /** Seconds the access token lives (its exp is authoritative). */
  expiresIn: z.int(),
});
export type TokenData = z.output<typeof tokenDataSchema>;

/**
 * Login and refresh answers: the spec lets the fields be under data or at the top level; the
 * server sends both so either reading works.
 */
export const tokenResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: tokenDataSchema,
  accessToken: z.string(),
  refreshToken: z.string(),
  user: userSchema,
});
export type TokenResponse = z.output<typeof tokenResponseSchema>;

export const profileResponseSchema = z.object({
  success: z.literal(true),
  user: userSchema,
  membership: z.nullable(membershipSchema),
});
export type ProfileResponse = z.output<typeof profileResponseSchema>;

// ---------------------------------------------------------------- guest sessions

/**
 * guest_{timestamp ms}_{random}; the random part must carry at least 128 bits (DESIGN §4), i.e.
 * 22 or more base64url characters or 32 hex digits. The web makes one with crypto.getRandomValues.
 */
export const GUEST_ID_PATTERN = /^guest_\d{10,16}_[A-Za-z0-9_-]{22,128}$/;
export const isGuestId = (value: unknown): value is string =>
  typeof value === 'string' && GUEST_ID_PATTERN.test(value);

export const guestSessionResponseSchema = z.object({
  success: z.literal(true),
  gid: z.string(),
});
export type GuestSessionResponse = z.output<typeof guestSessionResponseSchema>;

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
