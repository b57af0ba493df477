import { describe, expect, it } from 'vitest';
import {
  classifyAuthError,
  isGuestId,
  loginRequestSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  registerRequestSchema,
  verifyOtpRequestSchema,
} from './auth.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('auth request schemas', () => {
  it('login: phone in 95 form or lower-cased email, and which one was used', () => {
    expect(loginRequestSchema.parse({ phoneNumber: '09 970 000 001', password: 'p' })).toEqual({
      kind: 'phone',
      phoneNumber: '959970000001',
      password: 'p',
    });
    expect(loginRequestSchema.parse({ email: ' Mg@Example.COM ', password: 'p' })).toEqual({
      kind: 'email',
      email: 'mg@example.com',
      password: 'p',
    });
  });

  it.each([
    [{ phoneNumber: ' ', password: 'p' }, 'Please enter your phone number'],
    [{ phoneNumber: '0997', password: 'p' }, 'Please enter a valid Myanmar phone number'],
    [{ email: '', password: 'p' }, 'Please enter your email address'],
    [{ email: 'a@b', password: 'p' }, 'Please enter a valid email address'],
    [{ email: 'a@b.co', password: '' }, 'Please enter your password'],
  ])('login %j → %s', (body, message) => {
    expect(firstMessage(loginRequestSchema.safeParse(body))).toBe(message);
  });

  it('register: normalises name, email and phone', () => {
    expect(
      registerRequestSchema.parse({
        name: '  Ma Hla ',
        email: 'Hla@Example.com',
        phoneNumber: '+95 9 250 000 000',
        password: 'long-enough',
      }),
    ).toEqual({
      name: 'Ma Hla',
      email: 'hla@example.com',
      phoneNumber: '959250000000',
      password: 'long-enough',
    });
  });

  it('verify otp: {email, otp} or {phoneNumber, otp}, six digits', () => {
    expect(verifyOtpRequestSchema.parse({ email: 'A@b.co', otp: '012345' })).toEqual({
      email: 'a@b.co',
      otp: '012345',
    });
    expect(verifyOtpRequestSchema.parse({ phoneNumber: '09970000001', otp: '012345' })).toEqual({
      phoneNumber: '959970000001',
      otp: '012345',
    });
    expect(firstMessage(verifyOtpRequestSchema.safeParse({ otp: '012345' }))).toBe(
      'Please enter your email address',
    );
    expect(firstMessage(verifyOtpRequestSchema.safeParse({ email: 'a@b.co', otp: '1234' }))).toBe(
      'Please enter the complete 6-digit code.',
    );
  });

  it("password reset: role defaults to 'user' and nothing else is accepted", () => {
    expect(passwordResetRequestSchema.parse({ email: 'a@b.co' })).toEqual({
      email: 'a@b.co',
      role: 'user',
    });
    expect(
      firstMessage(passwordResetRequestSchema.safeParse({ email: 'a@b.co', role: 'admin' })),
    ).toBe("role must be 'user'");
    expect(
      firstMessage(
        passwordResetConfirmSchema.safeParse({ email: 'a@b.co', otp: '123456', newPassword: '' }),
      ),
    ).toBe('Please enter a new password');
  });
});

describe('classifyAuthError', () => {
  it.each([
    [{ code: 'PHONE_VERIFICATION_REQUIRED', error: 'x' }, 'phone_verification_required'],
    [{ code: 'EMAIL_VERIFICATION_REQUIRED', error: 'x' }, 'email_verification_required'],
    [{ code: 'OTHER_DEVICE_LOGIN', error: 'x' }, 'other_device_login'],
    [{ code: 'TOO_MANY_REQUESTS', error: 'x' }, 'rate_limited'],
    [{ code: 'FORBIDDEN', error: 'Phone verification required' }, 'phone_verification_required'],
    [{ code: 'FORBIDDEN', error: 'Email verification required' }, 'email_verification_required'],
    [{ code: 'UNAUTHORIZED', error: 'Logged in on another device' }, 'other_device_login'],
    [{ code: 'UNAUTHORIZED', error: 'Concurrent session detected' }, 'other_device_login'],
    [{ code: 'UNAUTHORIZED', error: 'Multiple sessions are not allowed' }, 'other_device_login'],
    [{ code: 'UNAUTHORIZED', error: 'Invalid phone number, email or password' }, 'other'],
  ] as const)('%j → %s', (body, kind) => {
    expect(classifyAuthError(body)).toBe(kind);
  });
});

describe('guest ids', () => {
  it('need guest_{timestamp}_{at least 128 random bits}', () => {
    expect(isGuestId('guest_1893456000000_0123456789abcdef0123456789abcdef')).toBe(true);
    expect(isGuestId('guest_1893456000000_AbCdEfGhIjKlMnOpQrStUv')).toBe(true);
    expect(isGuestId('guest_1893456000000_abc123def')).toBe(false);
    expect(isGuestId('user_1893456000000_0123456789abcdef0123456789abcdef')).toBe(false);
    expect(isGuestId(undefined)).toBe(false);
  });
});
