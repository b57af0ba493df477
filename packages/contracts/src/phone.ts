import { formatNumber, type Language } from './languages.ts';

/**
 * Myanmar phone-number rules (account spec §5) and the operator prefix table (account spec §9).
 * This is the ONE implementation: the server validates and stores with it, the web validates and
 * formats with it. Errors carry a stable `code` and `params` so the web can show them in Burmese,
 * plus the spec's English `message`.
 */

export const operatorCodes = ['MPT', 'OOREDOO', 'ATOM', 'MYTEL', 'MEC'] as const;
export type OperatorCode = (typeof operatorCodes)[number];
export const isOperatorCode = (value: string | null | undefined): value is OperatorCode =>
  (operatorCodes as readonly (string | null | undefined)[]).includes(value);

/** Names as the spec writes them; they appear inside the error messages. */
export const operatorNames: Record<OperatorCode, string> = {
  MPT: 'MPT',
  OOREDOO: 'Ooredoo',
  ATOM: 'ATOM',
  MYTEL: 'MyTel',
  MEC: 'MEC',
};

/**
 * What a customer dials to load a top-up card's PIN onto the SIM: every Myanmar operator takes
 * *123*PIN# (the demo catalogue's instructions say the same). As a tel: URI the # is %23.
 */
export const rechargeDialPattern = '*123*PIN#';

export const rechargeTelHref = (pin: string): string =>
  `tel:${rechargeDialPattern.replace('PIN', pin.replace(/\D/g, '')).replace('#', '%23')}`;

/** A PIN or serial in groups of four for reading aloud and typing: "1234 5678 9012 3456". */
export const groupInFours = (code: string): string =>
  code.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

export interface PrefixRule {
  operator: OperatorCode;
  /** Four digits starting 09. */
  prefix: string;
  /** Required total length in the local form (with the leading 0). */
  length: 9 | 10 | 11;
}

/** Ranges exactly as account spec §9 lists them, expanded below into one row per prefix. */
const prefixRanges: readonly [OperatorCode, number, number, 9 | 10 | 11][] = [
  ['MPT', 920, 924, 9],
  ['MPT', 925, 926, 11],
  ['MPT', 940, 940, 11],
  ['MPT', 941, 941, 10],
  ['MPT', 942, 942, 11],
  ['MPT', 943, 943, 10],
  ['MPT', 944, 945, 11],
  ['MPT', 947, 947, 10],
  ['MPT', 948, 948, 11],
  ['MPT', 949, 949, 10],
  ['MPT', 950, 956, 9],
  ['MPT', 973, 973, 10],
  ['MPT', 983, 983, 9],
  ['MPT', 985, 987, 9],
  ['MPT', 988, 989, 11],
  ['MPT', 991, 991, 10],
  ['OOREDOO', 994, 999, 11],
  ['ATOM', 974, 979, 11],
  ['MYTEL', 965, 969, 11],
  ['MEC', 930, 933, 10],
  ['MEC', 934, 935, 11],
  ['MEC', 936, 936, 10],
];

export const phonePrefixTable: readonly PrefixRule[] = prefixRanges.flatMap(
  ([operator, from, to, length]) =>
    Array.from({ length: to - from + 1 }, (_, i) => ({
      operator,
      prefix: `0${from + i}`,
      length,
    })),
);

const prefixIndex = new Map(phonePrefixTable.map((rule) => [rule.prefix, rule]));

export const PHONE_MIN_LENGTH = 9;
export const PHONE_MAX_LENGTH = 11;
export const COUNTRY_CODE = '95';

export const phoneErrorCodes = [
  'required',
  'digits_only',
  'too_short',
  'too_long',
  'invalid',
  'operator_mismatch',
  'wrong_length',
] as const;
export type PhoneErrorCode = (typeof phoneErrorCodes)[number];

export interface PhoneErrorParams {
  /** Display name of the operator (operator_mismatch, wrong_length). */
  operator?: string;
  /** Required number of digits (wrong_length). */
  n?: number;
}

export interface PhoneError {
  code: PhoneErrorCode;
  message: string;
  params: PhoneErrorParams;
}

/** English templates, word for word from account spec §5; {operator} and {n} are filled in. */
export const phoneErrorMessages: Record<PhoneErrorCode, string> = {
  required: 'Phone number is required',
  digits_only: 'Please use English digits only',
  too_short: 'Phone number is too short',
  too_long: 'Phone number is too long',
  invalid: 'Enter a valid Myanmar phone number.',
  operator_mismatch: 'Phone number does not match {operator} format',
  wrong_length: '{operator} numbers should be {n} digits long',
};

export function formatPhoneMessage(
  template: string,
  params: PhoneErrorParams,
  language: Language = 'en',
): string {
  return template
    .replace('{operator}', params.operator ?? '')
    .replace('{n}', params.n === undefined ? '' : formatNumber(params.n, language));
}

function phoneError(code: PhoneErrorCode, params: PhoneErrorParams = {}): PhoneError {
  return { code, params, message: formatPhoneMessage(phoneErrorMessages[code], params) };
}

export interface ValidPhone {
  valid: true;
  /** Local form with the leading 0, e.g. 09250000000. */
  local: string;
  /** 95 form without the leading 0 (what the API stores and sends), e.g. 959250000000. */
  international: string;
  operator: OperatorCode;
  /** e.g. "9 250 000000". */
  display: string;
}
export type PhoneValidation = ValidPhone | { valid: false; error: PhoneError };

/** Myanmar (U+1040–1049) and Myanmar Shan (U+1090–1099) digits as ASCII digits. */
const asciiDigits = (input: string): string =>
  input.replace(/[\u1040-\u1049\u1090-\u1099]/g, (d) => String(d.charCodeAt(0) & 0xf));

/** What people put between a number's digits: spaces, hyphens, dots, parentheses, plus signs. */
const SEPARATORS = /[\s\-().+]/g;

/**
 * A number as people type or paste it, in its local 09… form (account spec §5): Burmese digits
 * read as the same digits (issue 26: "၀၉၄၅၀…" is the number 09450…), separators dropped (spaces,
 * hyphens, dots, parentheses, plus signs), a leading 95 removed and a leading 0 added if absent.
 * Null when anything else remains (letters, other scripts' digits): 'Please use English digits
 * only' is the answer then.
 */
export function normalizePhone(input: string): string | null {
  const stripped = asciiDigits(input).replace(SEPARATORS, '');
  if (!/^[0-9]*$/.test(stripped)) return null;
  if (stripped === '') return '';
  // Every 95 form continues with 9 (959...). MPT 0950-0956 numbers typed without their 0 also
  // start "95" (e.g. 95012345), so the country code is only removed when a 9 follows it.
  const national = /^959/.test(stripped) ? stripped.slice(2) : stripped;
  return national.startsWith('0') ? national : `0${national}`;
}

export function validatePhone(
  input: string | null | undefined,
  options: { operator?: OperatorCode } = {},
): PhoneValidation {
  const raw = input ?? '';
  if (raw.replace(SEPARATORS, '') === '') return { valid: false, error: phoneError('required') };
  const local = normalizePhone(raw);
  if (local === null) return { valid: false, error: phoneError('digits_only') };
  if (local.length < PHONE_MIN_LENGTH) return { valid: false, error: phoneError('too_short') };
  if (local.length > PHONE_MAX_LENGTH) return { valid: false, error: phoneError('too_long') };
  const rule = prefixIndex.get(local.slice(0, 4));
  if (!rule) return { valid: false, error: phoneError('invalid') };
  if (options.operator && options.operator !== rule.operator) {
    return {
      valid: false,
      error: phoneError('operator_mismatch', { operator: operatorNames[options.operator] }),
    };
  }
  if (local.length !== rule.length) {
    return {
      valid: false,
      error: phoneError('wrong_length', { operator: operatorNames[rule.operator], n: rule.length }),
    };
  }
  return {
    valid: true,
    local,
    international: `${COUNTRY_CODE}${local.slice(1)}`,
    operator: rule.operator,
    display: formatPhoneDisplay(local),
  };
}

/** The operator owning the number's 4-digit prefix, whatever its length; null if none. */
export function detectOperator(input: string): OperatorCode | null {
  const local = normalizePhone(input);
  if (!local || local.length < 4) return null;
  return prefixIndex.get(local.slice(0, 4))?.operator ?? null;
}

/** 95 form of a valid number ("09 250 000 000" → "959250000000"), else null. */
export function toInternationalPhone(input: string): string | null {
  const result = validatePhone(input);
  return result.valid ? result.international : null;
}

/**
 * Display format of account spec §5: first digit, space, next 3 digits, space, the rest — of the
 * national number without the leading 0 (the login field shows "9 xxx xxxxxx" after "+95").
 * Anything that is not digits is returned unchanged.
 */
export function formatPhoneDisplay(input: string): string {
  const local = normalizePhone(input);
  if (!local) return input;
  const national = local.slice(1);
  return [national.slice(0, 1), national.slice(1, 4), national.slice(4)]
    .filter((part) => part !== '')
    .join(' ');
}

/**
 * The recipient of a top-up as the customer reads it everywhere after typing it (cart, checkout,
 * payment modal, order page, e-mails): the local 09 form in groups, "09 421 234 567" (11 digits),
 * "09 4112 3456" (10), "09 201 2345" (9). ASCII digits in both languages: it is the number the
 * customer typed and dials, not a quantity (ADR 0021). Anything that is not a number is returned
 * unchanged.
 */
export function formatRecipientNumber(input: string): string {
  const local = normalizePhone(input);
  if (!local?.startsWith('09') || local.length < 4) return input;
  const rest = local.slice(2);
  const groups =
    rest.length === 9
      ? [rest.slice(0, 3), rest.slice(3, 6), rest.slice(6)]
      : rest.length === 8
        ? [rest.slice(0, 4), rest.slice(4)]
        : [rest.slice(0, 3), rest.slice(3)];
  return ['09', ...groups.filter((group) => group !== '')].join(' ');
}

/** "Top-up to {number} ({operator})" of a top-up or data line, in each language. */
export const topUpToMessages = {
  en: 'Top-up to {number} ({operator})',
  my: '{number} ({operator}) သို့ ငွေဖြည့်ခြင်း',
} as const satisfies Record<Language, string>;
export const topUpToMessagesWithoutOperator = {
  en: 'Top-up to {number}',
  my: '{number} သို့ ငွေဖြည့်ခြင်း',
} as const satisfies Record<Language, string>;

/**
 * The one line every screen and e-mail shows per top-up or data line: "Top-up to 09 421 234 567
 * (MPT)"; the operator is the product's, else the one the number's prefix belongs to.
 */
export function topUpToText(
  phoneNumber: string,
  operator: OperatorCode | null,
  language: Language,
): string {
  const code = operator ?? detectOperator(phoneNumber);
  const template = (code ? topUpToMessages : topUpToMessagesWithoutOperator)[language];
  return template
    .replace('{number}', formatRecipientNumber(phoneNumber))
    .replace('{operator}', code ? operatorNames[code] : '');
}

/**
 * Burmese phone-rule messages, the same meaning as the English templates of phone.ts
 * (account spec §5); {operator} and {n} are filled in by formatPhoneMessage.
 */
export const phoneErrorMessagesMy: Record<PhoneErrorCode, string> = {
  required: 'ဖုန်းနံပါတ် ထည့်ရန် လိုအပ်ပါသည်',
  digits_only: 'အင်္ဂလိပ်ဂဏန်းများသာ အသုံးပြုပါ',
  too_short: 'ဖုန်းနံပါတ် တိုလွန်းပါသည်',
  too_long: 'ဖုန်းနံပါတ် ရှည်လွန်းပါသည်',
  invalid: 'မှန်ကန်သော မြန်မာဖုန်းနံပါတ် ထည့်ပါ။',
  operator_mismatch: 'ဖုန်းနံပါတ်သည် {operator} ပုံစံနှင့် မကိုက်ညီပါ',
  wrong_length: '{operator} နံပါတ်များသည် ဂဏန်း {n} လုံး ရှိရပါမည်',
};

/** A phone-rule error in the reader's language, its number in the language's digits. */
export function phoneErrorText(error: PhoneError, language: Language): string {
  const template = (language === 'my' ? phoneErrorMessagesMy : phoneErrorMessages)[error.code];
  return formatPhoneMessage(template, error.params, language);
}

/**
 * A number shown but not given away (issue 31, ADR 0080): "09 2•••• 8881", the start and the last
 * four digits of the local form, no more. What a "Top me up" link shows of its requester's number,
 * and what the payer sees of it on every line afterwards (cart, checkout, payment, orders, e-mails).
 */
export function maskPhoneNumber(phone: string): string {
  const local = phone.startsWith('95') ? `0${phone.slice(2)}` : phone;
  if (local.length < 8) return `${local.slice(0, 2)}••••`;
  return `${local.slice(0, 2)} ${local.slice(2, 3)}${'•'.repeat(local.length - 7)} ${local.slice(-4)}`;
}

/**
 * The recipient number a line shows its buyer: masked when the line pays a "Top me up" request
 * (the requester's number is not the payer's to see), else the number itself. Fulfilment always
 * uses the line's own number.
 */
export function shownRecipientNumber(line: {
  phoneNumber: string | null;
  topupRequestId?: string | null | undefined;
}): string | null {
  if (line.phoneNumber === null) return null;
  return line.topupRequestId ? maskPhoneNumber(line.phoneNumber) : line.phoneNumber;
}

/** What a buyer's view of a line says of its recipient: the number as shown, and whether masked. */
export function shownRecipient(line: {
  phoneNumber: string | null;
  topupRequestId?: string | null | undefined;
}): { phoneNumber: string | null; recipientMasked: boolean } {
  return { phoneNumber: shownRecipientNumber(line), recipientMasked: Boolean(line.topupRequestId) };
}
