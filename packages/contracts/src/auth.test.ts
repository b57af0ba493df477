import { describe, expect, it } from 'vitest';
import {
  changePasswordRequestSchema,
  classifyAuthError,
  nameMessages,
  nameProblem,
  normaliseName,
  passwordMessages,
  isGuestId,
  loginRequestSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  registerRequestSchema,
  verifyOtpRequestSchema,
} from './auth.ts';
import { authTexts, authTextWith } from './auth-rules.ts';

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

describe('names (issue 11)', () => {
  it('register NFC-normalises the name: a decomposed é is stored composed', () => {
    const parsed = registerRequestSchema.parse({
      name: ' Rene\u0301 ',
      email: 'r@example.com',
      phoneNumber: '09250000000',
      password: 'long-enough',
    });
    expect(parsed.name).toBe('Ren\u00e9');
    expect(normaliseName('\u1000\u102D\u102F')).toBe('\u1000\u102D\u102F');
  });

  it.each([
    ['Mg\u0000Mg', 'control'],
    ['Mg\tMg', 'control'],
    ['Mg\nMg', 'control'],
    ['Mg\u007FMg', 'control'],
    ['Mg\u0085Mg', 'control'],
    ['Mg\u009BMg', 'control'],
    ['Mg\uD800', 'control'],
    ['Admin\u202Egnp.exe', 'bidi'],
    ['\u202AMg Mg\u202C', 'bidi'],
    ['\u2066Mg\u2069', 'bidi'],
    ['Mg \u2067Hla\u2069', 'bidi'],
    ['\u200B', 'invisible'],
    ['\u200C\u200D', 'invisible'],
    ['\u2060\uFEFF', 'invisible'],
    ['\u3164', 'invisible'],
    ['\u115F\u1160', 'invisible'],
    ['\uFFA0', 'invisible'],
    ['\u00AD\u034F', 'invisible'],
    ['\u200B \u200B', 'invisible'],
    ['\u2800', 'invisible'],
    ['\u0301\u0301', 'invisible'],
    ['\uFE0F', 'invisible'],
  ] as const)('nameProblem(%j) is %s', (name, problem) => {
    expect(nameProblem(name)).toBe(problem);
  });

  it.each([
    'Aung Aung',
    'Ma Hla',
    'René Müller',
    'မောင်မောင်',
    // Burmese text may carry ZWSP/ZWNJ/ZWJ between syllables and words: allowed among letters.
    'မောင်\u200Bမောင်',
    'ဒေါ်\u200Cခင်',
    'ကြ\u200Dည်',
    "O'Brien-Smith",
    '李小龍',
    'محمد',
    'Mg Mg \u{1F600}',
  ])('nameProblem(%j) is null', (name) => {
    expect(nameProblem(name)).toBeNull();
  });

  it('every name, password and auth answer has English and Burmese (Burmese digits, no Latin)', () => {
    for (const text of [
      ...Object.values(nameMessages),
      ...Object.values(passwordMessages),
      ...Object.values(authTexts),
    ]) {
      expect(text.en).not.toBe('');
      expect(text.my).not.toMatch(/[A-Za-z0-9]/);
      expect(text.my).toMatch(/[\u1000-\u109F]/);
    }
  });
});

describe('auth answers with a value', () => {
  it('keep the spec English and write numbers in Burmese digits', () => {
    expect(authTextWith.otpCooldown(42, 'en')).toBe(
      'Please wait 42 seconds before requesting a new code.',
    );
    expect(authTextWith.otpCooldown(42, 'my')).toBe('ကုဒ်အသစ် မတောင်းဆိုမီ ၄၂ စက္ကန့် စောင့်ပါ။');
    expect(authTextWith.phoneCodeSent('959123456789', 'en')).toBe(
      "We've sent a verification code to +959123456789",
    );
    expect(authTextWith.phoneCodeSent('959123456789', 'my')).toBe(
      '+၉၅၉၁၂၃၄၅၆၇၈၉ သို့ အတည်ပြုကုဒ် ပို့ထားပါသည်',
    );
    for (const make of [
      authTextWith.registered,
      authTextWith.emailCodeSent,
      authTextWith.resetCodeSent,
    ])
      expect(make('a@b.co', 'my').replace('a@b.co', '')).not.toMatch(/[A-Za-z0-9]/);
  });
});

describe('change password request', () => {
  it('takes the current and the new password as given', () => {
    expect(
      changePasswordRequestSchema.parse({ currentPassword: ' a ', newPassword: 'b c' }),
    ).toEqual({ currentPassword: ' a ', newPassword: 'b c' });
  });

  it('refuses a missing field or an oversized one', () => {
    expect(firstMessage(changePasswordRequestSchema.safeParse({ newPassword: 'x' }))).toBe(
      'Please enter your current password',
    );
    expect(
      changePasswordRequestSchema.safeParse({ currentPassword: 'x', newPassword: 'y'.repeat(1025) })
        .success,
    ).toBe(false);
  });
});
