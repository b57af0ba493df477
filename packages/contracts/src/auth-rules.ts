import { verificationRequiredMessages } from './auth-session-rules.ts';
import { toBurmeseDigits, type Language } from './languages.ts';

export {
  REFRESH_TRANSPORT_HEADER,
  GUEST_ID_PATTERN,
  isGuestId,
  classifyAuthError,
  type AuthErrorKind,
} from './auth-session-rules.ts';

// Constants and plain functions of the account area, free of the schema library so the web app can
// use them in its first bundle; auth.ts re-exports them beside the schemas.

export const OTP_LENGTH = 6;
/** A code as the boxes take it: exactly six digits. */
export const OTP_PATTERN = /^\d{6}$/;
export const isOtpCode = (code: string): boolean => OTP_PATTERN.test(code);
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
// Login throttling (ADR 0013). Failures are counted per (account, client address), or per device
// for a browser that has logged in to that account before; each lockout of the same pair lasts
// twice as long as the one before. A refused attempt counts against no limit.
/** Failures of one account from one address (or one known device) within the window... */
export const LOGIN_MAX_FAILURES = 5;
/** ...of this length (spec: "5 failed attempts within 15 minutes") lock that pair for a while. */
export const LOGIN_FAILURE_WINDOW_MS = 900_000;
/** The first lockout is the window itself; each further one doubles, up to this cap. */
export const LOGIN_MAX_LOCKOUT_MS = 24 * 60 * 60 * 1000;
/** Lockouts are remembered (for the doubling) until this long after the last one. */
export const LOGIN_LOCKOUT_MEMORY_MS = 24 * 60 * 60 * 1000;
/**
 * Different accounts that may fail from one address within the window before that address's
 * unknown devices are refused (a password spray is stopped within this many tries + 1).
 * Refused means asked for a proof of work (428 PROOF_REQUIRED, ADR 0045), never a flat 429.
 */
export const LOGIN_ADDRESS_MAX_ACCOUNTS = 25;
/**
 * Failures of one account from all unknown devices together before they are refused (NIST
 * 800-63B §5.2.2: at most 100 consecutive); known devices can still log in. Cleared by a success
 * or a password reset, else after a day without failures.
 */
export const LOGIN_ACCOUNT_MAX_FAILURES = 100;
export const LOGIN_ACCOUNT_FAILURE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Lifetime of the device cookie a successful login leaves (ADR 0013). */
export const LOGIN_DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

// ---------------------------------------------------------------- messages

/** Server wording the client matches on or shows (account spec §4, §5, §8). */
export const authMessages = {
  phoneVerificationRequired: verificationRequiredMessages.phone,
  emailVerificationRequired: verificationRequiredMessages.email,
  tooManyLoginAttempts: 'Too many failed login attempts. Please try again later.',
  otherDeviceLogin: 'Your account was signed in on another device. Please log in again.',
  invalidCredentials: 'Invalid phone number, email or password',
  /** The shop blocked the account (issue 17); said only once the password was right. */
  accountBlocked: 'This account is blocked. Please contact support.',
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
} as const;

/**
 * What the server answers in auth errors and successes, in English and Burmese (chosen by the
 * request's Accept-Language). The English texts are authMessages' (the spec's wording); the
 * Burmese reuse the web app's translations where it has them.
 */
export const authTexts = {
  phoneVerificationRequired: {
    en: authMessages.phoneVerificationRequired,
    my: 'ဖုန်းနံပါတ်ကို အတည်ပြုရန် လိုအပ်ပါသည်',
  },
  emailVerificationRequired: {
    en: authMessages.emailVerificationRequired,
    my: 'အီးမေးလ်ကို အတည်ပြုရန် လိုအပ်ပါသည်',
  },
  tooManyLoginAttempts: {
    en: authMessages.tooManyLoginAttempts,
    my: 'အကောင့်ဝင်ရန် မှားယွင်းစွာ ကြိုးစားမှု များလွန်းပါသည်။ ခဏနေမှ ထပ်ကြိုးစားပါ။',
  },
  otherDeviceLogin: {
    en: authMessages.otherDeviceLogin,
    my: 'သင့်အကောင့်ကို အခြားစက်တစ်ခုတွင် ဝင်ရောက်ထားပါသည်။ ထပ်မံ အကောင့်ဝင်ပါ။',
  },
  accountBlocked: {
    en: authMessages.accountBlocked,
    my: 'ဤအကောင့်ကို ပိတ်ထားပါသည်။ ဖောက်သည်ဝန်ဆောင်မှုဌာနကို ဆက်သွယ်ပါ။',
  },
  invalidCredentials: {
    en: authMessages.invalidCredentials,
    my: 'ဖုန်းနံပါတ်၊ အီးမေးလ် သို့မဟုတ် စကားဝှက် မမှန်ကန်ပါ',
  },
  refreshInvalid: {
    en: authMessages.refreshInvalid,
    my: 'အသုံးပြုချိန် သက်တမ်းတိုးရန် အထောက်အထား သက်တမ်းကုန်သွားပြီ သို့မဟုတ် မမှန်ကန်ပါ',
  },
  refreshMissing: {
    en: authMessages.refreshMissing,
    my: 'အသုံးပြုချိန် သက်တမ်းတိုးရန် အထောက်အထား မရှိပါ',
  },
  sessionExpired: {
    en: authMessages.sessionExpired,
    my: 'သင်၏ အသုံးပြုချိန် ကုန်ဆုံးသွားပါပြီ။ ဆက်လက်အသုံးပြုရန် ထပ်မံ အကောင့်ဝင်ပါ။',
  },
  unauthorized: { en: authMessages.unauthorized, my: 'ဆက်လက်လုပ်ဆောင်ရန် အကောင့်ဝင်ပါ' },
  accessTokenExpired: {
    en: 'Access token expired',
    my: 'အကောင့်ဝင်ထားမှု သက်တမ်းကုန်သွားပါပြီ',
  },
  accessTokenInvalid: {
    en: 'Invalid access token',
    my: 'အကောင့်ဝင်ထားမှု အထောက်အထား မမှန်ကန်ပါ',
  },
  otpInvalid: { en: authMessages.otpInvalid, my: 'ကုဒ် မမှန်ကန်ပါ။ ထပ်မံကြိုးစားပါ။' },
  otpExpired: {
    en: authMessages.otpExpired,
    my: 'ကုဒ် သက်တမ်းကုန်သွားပါပြီ။ ကုဒ်အသစ် တောင်းဆိုပါ။',
  },
  otpTooManyAttempts: {
    en: authMessages.otpTooManyAttempts,
    my: 'ကုဒ် မှားယွင်းမှု များလွန်းပါသည်။ ကုဒ်အသစ် တောင်းဆိုပါ။',
  },
  loginSuccessful: { en: 'Login successful', my: 'အကောင့်ဝင်ခြင်း အောင်မြင်ပါသည်' },
  tokenRefreshed: {
    en: 'Token refreshed successfully',
    my: 'အသုံးပြုချိန်ကို သက်တမ်းတိုးပြီးပါပြီ',
  },
  loggedOut: { en: 'Logged out successfully', my: 'အကောင့်မှ အောင်မြင်စွာ ထွက်ပြီးပါပြီ' },
  emailVerified: {
    en: 'Email verified successfully',
    my: 'အီးမေးလ်ကို အောင်မြင်စွာ အတည်ပြုပြီးပါပြီ',
  },
  phoneVerified: {
    en: 'Phone number verified successfully',
    my: 'ဖုန်းနံပါတ်ကို အောင်မြင်စွာ အတည်ပြုပြီးပါပြီ',
  },
  /**
   * A login without a device cookie from an address past its spray limit (ADR 0045): the web app
   * solves the challenge by itself; an API client reads this.
   */
  loginProofRequired: {
    en: 'Many failed logins came from your network. Please complete the connection check and try again.',
    my: 'သင့်ကွန်ရက်မှ အကောင့်ဝင်ရန် မှားယွင်းစွာ ကြိုးစားမှု များနေပါသည်။ ချိတ်ဆက်မှု စစ်ဆေးချက်ကို ပြီးဆုံးအောင် လုပ်ပြီး ထပ်ကြိုးစားပါ။',
  },
  passwordReset: {
    en: 'Password reset successful. Please log in with your new password.',
    my: 'စကားဝှက်ကို ပြန်သတ်မှတ်ပြီးပါပြီ။ စကားဝှက်အသစ်ဖြင့် အကောင့်ဝင်ပါ။',
  },
} as const satisfies Record<string, Record<Language, string>>;

/** Auth answers that carry a value (an address, a number of seconds), in the given language. */
export const authTextWith = {
  otpCooldown: (seconds: number, language: Language): string =>
    language === 'en'
      ? authMessages.otpCooldown.replace('{seconds}', String(seconds))
      : `ကုဒ်အသစ် မတောင်းဆိုမီ ${toBurmeseDigits(String(seconds))} စက္ကန့် စောင့်ပါ။`,
  registered: (email: string, language: Language): string =>
    language === 'en'
      ? `Registration successful. We've sent a verification code to ${email}`
      : `စာရင်းသွင်းခြင်း အောင်မြင်ပါသည်။ ${email} သို့ အတည်ပြုကုဒ် ပို့ထားပါသည်`,
  emailCodeSent: (email: string, language: Language): string =>
    language === 'en'
      ? `We've sent a verification code to ${email}`
      : `${email} သို့ အတည်ပြုကုဒ် ပို့ထားပါသည်`,
  /** `phoneNumber` without the +, e.g. 959123456789. */
  phoneCodeSent: (phoneNumber: string, language: Language): string =>
    language === 'en'
      ? `We've sent a verification code to +${phoneNumber}`
      : `+${toBurmeseDigits(phoneNumber)} သို့ အတည်ပြုကုဒ် ပို့ထားပါသည်`,
  resetCodeSent: (email: string, language: Language): string =>
    language === 'en'
      ? `If an account exists for ${email}, we've sent a password reset code to it.`
      : `${email} ဖြင့် အကောင့်ရှိပါက စကားဝှက် ပြန်သတ်မှတ်ရန် ကုဒ်ကို ထိုလိပ်စာသို့ ပို့ထားပါသည်။`,
};

/**
 * Password and name rules of issue 11 (ADR 0016), in English and Burmese: the server answers in
 * the request's language. The English texts of the first three are the ones authMessages had.
 */
export const passwordMessages = {
  tooShort: {
    en: authMessages.passwordTooShort,
    my: 'စကားဝှက်သည် အနည်းဆုံး စာလုံး ၈ လုံး ရှိရပါမည်',
  },
  tooLong: {
    en: authMessages.passwordTooLong,
    my: 'စကားဝှက်သည် စာလုံး ၁၂၈ လုံးထက် မပိုရပါ',
  },
  tooCommon: {
    en: authMessages.passwordTooCommon,
    my: 'ဤစကားဝှက်သည် အလွန်အသုံးများပြီး ပေါက်ကြားဖူးသော စကားဝှက်ဖြစ်ပါသည်။ အခြားစကားဝှက်တစ်ခုကို ရွေးချယ်ပါ။',
  },
  hasPersonalInfo: {
    en: 'Password must not contain your name, email address or phone number',
    my: 'စကားဝှက်တွင် သင့်အမည်၊ အီးမေးလ်လိပ်စာ သို့မဟုတ် ဖုန်းနံပါတ် မပါဝင်ရပါ',
  },
  hasShopName: {
    en: "Password must not contain the shop's name",
    my: 'စကားဝှက်တွင် ဆိုင်၏အမည် မပါဝင်ရပါ',
  },
  enterNew: { en: authMessages.enterNewPassword, my: 'စကားဝှက်အသစ်ကို ထည့်ပါ' },
  enterCurrent: {
    en: 'Please enter your current password',
    my: 'လက်ရှိစကားဝှက်ကို ထည့်ပါ',
  },
  currentWrong: { en: 'Current password is incorrect', my: 'လက်ရှိစကားဝှက် မှားယွင်းနေပါသည်' },
  unchanged: {
    en: 'New password must be different from the current one',
    my: 'စကားဝှက်အသစ်သည် လက်ရှိစကားဝှက်နှင့် မတူရပါ',
  },
  tooManyWrong: {
    en: 'Too many wrong passwords. Please try again later.',
    my: 'စကားဝှက် မှားယွင်းမှု များလွန်းပါသည်။ ခဏနေမှ ထပ်ကြိုးစားပါ။',
  },
  changed: {
    en: 'Password changed. Your other devices have been signed out.',
    my: 'စကားဝှက်ကို ပြောင်းပြီးပါပြီ။ သင့်အခြားစက်များမှ ထွက်ပြီးပါပြီ။',
  },
} as const satisfies Record<string, Record<Language, string>>;

export const nameMessages = {
  control: {
    en: 'Name must not contain control characters',
    my: 'အမည်တွင် ထိန်းချုပ်စာလုံးများ မပါဝင်ရပါ',
  },
  bidi: {
    en: 'Name must not contain text-direction characters',
    my: 'အမည်တွင် စာကြောင်းဦးတည်ရာ ပြောင်းသည့်စာလုံးများ မပါဝင်ရပါ',
  },
  invisible: {
    en: 'Please enter a name with visible letters',
    my: 'မြင်ရသော စာလုံးများဖြင့် အမည်ကို ထည့်ပါ',
  },
} as const satisfies Record<string, Record<Language, string>>;

// ---------------------------------------------------------------- names

export type NameProblem = keyof typeof nameMessages;

// C0 and C1 controls, DEL, and lone UTF-16 surrogates (which PostgreSQL text cannot hold).
// eslint-disable-next-line no-control-regex
const NAME_CONTROL = /[\u0000-\u001F\u007F-\u009F]|\p{Cs}/u;
/** Bidi embeddings and overrides (U+202A–202E) and isolates (U+2066–2069): "Trojan Source" text. */
const NAME_BIDI = /[\u202A-\u202E\u2066-\u2069]/u;
/**
 * What shows nothing on its own: white space, default-ignorable code points (ZWSP, ZWNJ, ZWJ,
 * U+2060, U+FEFF, soft hyphen, variation selectors, Hangul fillers...), the braille blank, and
 * combining marks with no letter to sit on.
 */
const NAME_INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{M}\u2800]/gu;

/** A name as stored: NFC, so one spelling is one name, and trimmed. */
export const normaliseName = (name: string): string => name.normalize('NFC').trim();

/**
 * What is wrong with a (normalised) name, or null. ZWNJ/ZWJ/ZWSP are allowed inside a name with
 * visible letters (Burmese and other scripts use them between syllables and words).
 */
export function nameProblem(name: string): NameProblem | null {
  if (NAME_CONTROL.test(name)) return 'control';
  if (NAME_BIDI.test(name)) return 'bidi';
  if (name.replace(NAME_INVISIBLE, '') === '') return 'invisible';
  return null;
}

// ---------------------------------------------------------------- field schemas

export { EMAIL_PATTERN } from './email.ts';

// ---------------------------------------------------------------- guest sessions
