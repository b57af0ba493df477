import * as z from 'zod/mini';
import { plainSuccessSchema, successResponse } from './responses.ts';
import { errorBodySchema } from './errors.ts';
import { validatePhone } from './phone.ts';
import { myanmarPhoneSchema } from './phone-schemas.ts';
import {
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  authMessages,
  EMAIL_PATTERN,
  nameMessages,
  nameProblem,
  normaliseName,
  OTP_PATTERN,
  passwordMessages,
} from './auth-rules.ts';
export {
  OTP_LENGTH,
  OTP_PATTERN,
  isOtpCode,
  otpLifetimeSeconds,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_MAX_ATTEMPTS,
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_FAMILY_TTL_SECONDS,
  LOGIN_MAX_FAILURES,
  LOGIN_FAILURE_WINDOW_MS,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  authMessages,
  EMAIL_PATTERN,
  GUEST_ID_PATTERN,
  isGuestId,
  classifyAuthError,
  passwordMessages,
  nameMessages,
  normaliseName,
  nameProblem,
} from './auth-rules.ts';
export type { OtpPurpose, AuthErrorKind, NameProblem } from './auth-rules.ts';

/**
 * Shapes of the account calls (account spec §7) shared by server and web. Request schemas carry
 * the spec's validation wording (account spec §5); the server answers the first broken rule as
 * `error` and `message`, and every broken field in `fields`.
 */

// ---------------------------------------------------------------- constants (account spec §9)

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
  .check(z.regex(OTP_PATTERN, { error: authMessages.otpIncomplete }));

export const userRoleSchema = z.enum(['user'], { error: authMessages.roleUser });

/** The roles an account can hold: customers are `user`, back-office staff `support` or `admin`. */
export const accountRoles = ['user', 'support', 'admin'] as const;
export type AccountRole = (typeof accountRoles)[number];

// ---------------------------------------------------------------- requests

/** Characters of a login proof: a challenge and its solution, base64url JSON (about 700). */
export const LOGIN_PROOF_MAX_LENGTH = 2048;

/**
 * Login: {email, password} or {phoneNumber, password}. Output names which one was used, with the
 * phone in 95 form and the email lower-cased.
 */
export const loginRequestSchema = z.pipe(
  z.object({
    email: z.optional(z.string({ error: authMessages.invalidEmail })),
    phoneNumber: z.optional(z.string({ error: authMessages.invalidPhone })),
    password: z.string({ error: authMessages.enterPassword }),
    /** A solved login challenge (ADR 0045), as the web app sends it after PROOF_REQUIRED. */
    proof: z.optional(z.string().check(z.maxLength(LOGIN_PROOF_MAX_LENGTH))),
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
    return {
      ...identity,
      password: body.password,
      ...(body.proof === undefined ? {} : { proof: body.proof }),
    };
  }),
);
export type LoginRequest = z.input<typeof loginRequestSchema>;
export type LoginInput = z.output<typeof loginRequestSchema>;

/**
 * phoneNumber is sent in 95 form; any spelling the phone rules accept is normalised to it. The
 * name is NFC-normalised and trimmed, and its characters are checked (nameProblem); validation
 * messages reach the user in their language (localizeMessage, ADR 0018).
 */
export const registerRequestSchema = z.object({
  name: z.pipe(
    z.string({ error: authMessages.enterName }),
    z.pipe(
      z.transform(normaliseName),
      z.string().check(
        z.minLength(1, { error: authMessages.enterName }),
        z.maxLength(100, { error: authMessages.nameTooLong }),
        // Control, text-direction and invisible-only names (ADR 0016), in the browser too.
        z.superRefine((name, ctx) => {
          const problem = nameProblem(name);
          if (problem && name !== '')
            ctx.addIssue({ code: 'custom', message: nameMessages[problem].en, input: name });
        }),
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

/**
 * PUT /api/v1/users/password. Only the types and a size cap here: empty fields, the current
 * password and the password rules are checked by the server, in the request's language.
 */
export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ error: passwordMessages.enterCurrent.en })
    .check(z.maxLength(1024, { error: passwordMessages.currentWrong.en })),
  newPassword: z
    .string({ error: passwordMessages.enterNew.en })
    .check(z.maxLength(1024, { error: passwordMessages.tooLong.en })),
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const refreshTokenRequestSchema = z.object({
  refreshToken: z
    .string({ error: authMessages.refreshMissing })
    .check(
      z.minLength(1, { error: authMessages.refreshMissing }),
      z.maxLength(512, { error: authMessages.refreshInvalid }),
    ),
});
/**
 * What the refresh route accepts: {refreshToken} from API clients, or no token at all when the
 * HttpOnly refresh cookie carries it (the web app sends {}; ADR 0015).
 */
export const refreshTokenBodySchema = z.object({
  refreshToken: z.optional(refreshTokenRequestSchema.shape.refreshToken),
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
  role: z.enum(accountRoles),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  createdAt: z.string(),
});
export type User = z.output<typeof userSchema>;

export const membershipTierNames = ['bronze', 'silver', 'gold', 'platinum'] as const;
export type MembershipTierName = (typeof membershipTierNames)[number];

/**
 * Shopping spec §3 "Membership". The tier follows `tierPoints` (every point ever earned), so
 * spending points on an order never lowers the tier; `pointsBalance` is what can be spent.
 * Progress to the next tier is tierPoints / currentTier.maxPoints, capped at 100% (spec §5).
 */
export const membershipSchema = z.object({
  pointsBalance: z.int(),
  /** Points earned in total (never lowered by spending): what decides the tier. */
  tierPoints: z.int(),
  currentTier: z.object({
    name: z.enum(membershipTierNames),
    minPoints: z.int(),
    /** The next tier's minPoints (reaching it promotes); null for the highest tier. */
    maxPoints: z.nullable(z.int()),
    isHighestTier: z.boolean(),
  }),
  nextTier: z.nullable(z.enum(membershipTierNames)),
  /** null when the highest tier is reached. */
  pointsToNextTier: z.nullable(z.int()),
  /** Percent taken off every order at checkout for this tier. */
  tierDiscountPercent: z.number(),
  /** Points earned per 1,000 MMK paid, and kyat one point is worth when paying by points. */
  pointsPer1000Mmk: z.number(),
  pointValueMmk: z.number(),
});
export type Membership = z.output<typeof membershipSchema>;

export const messageResponseSchema = plainSuccessSchema;
export type MessageResponse = z.output<typeof messageResponseSchema>;

/** An OTP was sent (or, for an unknown reset email, pretended to be): the countdown figures. */
export const otpSentResponseSchema = successResponse(
  z.object({
    /** Seconds until the code expires (900 registration, 300 reset/verify). */
    expiresIn: z.int(),
    /** Seconds until a new code may be requested. */
    resendAfter: z.int(),
  }),
);
export type OtpSentResponse = z.output<typeof otpSentResponseSchema>;

export const registerResponseSchema = successResponse(
  z.object({
    user: userSchema,
    /** Seconds the emailed registration code lives. */
    expiresIn: z.int(),
    resendAfter: z.int(),
  }),
);
export type RegisterResponse = z.output<typeof registerResponseSchema>;

export const tokenDataSchema = z.object({
  accessToken: z.string(),
  /**
   * Absent when the refresh credential travels only in the HttpOnly cookie (ADR 0015): a refresh
   * made with the cookie, or a login that sent `x-refresh-transport: cookie` (the web app).
   */
  refreshToken: z.optional(z.string()),
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
  refreshToken: z.optional(z.string()),
  user: userSchema,
});
export type TokenResponse = z.output<typeof tokenResponseSchema>;

/**
 * An ALTCHA v2 proof-of-work challenge (ADR 0045), signed by the server: find the counter whose
 * SHA-256 of salt + nonce + counter starts with keyPrefix. Sent back unchanged with the solution.
 */
export const loginChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.optional(z.string()),
    expiresAt: z.optional(z.number()),
    data: z.optional(z.record(z.string(), z.string())),
  }),
  signature: z.string(),
});
export type LoginChallenge = z.output<typeof loginChallengeSchema>;

/** 428 PROOF_REQUIRED: the error body and the challenge to solve before the login is tried. */
export const loginProofRequiredSchema = z.extend(errorBodySchema, {
  code: z.literal('PROOF_REQUIRED'),
  challenge: loginChallengeSchema,
});

export const profileResponseSchema = z.object({
  success: z.literal(true),
  user: userSchema,
  /** Always present for a signed-in user; nullable so older answers still parse. */
  membership: z.nullable(membershipSchema),
});
export type ProfileResponse = z.output<typeof profileResponseSchema>;

// ---------------------------------------------------------------- guest sessions

export const guestSessionResponseSchema = z.object({
  success: z.literal(true),
  gid: z.string(),
});
export type GuestSessionResponse = z.output<typeof guestSessionResponseSchema>;
