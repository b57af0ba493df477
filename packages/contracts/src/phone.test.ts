import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  detectOperator,
  formatPhoneDisplay,
  formatRecipientNumber,
  maskPhoneNumber,
  normalizePhone,
  operatorCodes,
  phonePrefixTable,
  shownRecipientNumber,
  toInternationalPhone,
  topUpToText,
  validatePhone,
  type OperatorCode,
  type PhoneValidation,
} from './phone.ts';
import { myanmarPhoneSchema, recipientPhoneSchema } from './phone-schemas.ts';

/** Account spec §9, transcribed independently of phone.ts so a typo in either shows up. */
const specTable: Record<string, [string[], number][]> = {
  MPT: [
    [['0920', '0921', '0922', '0923', '0924'], 9],
    [['0925', '0926'], 11],
    [['0940'], 11],
    [['0941'], 10],
    [['0942'], 11],
    [['0943'], 10],
    [['0944', '0945'], 11],
    [['0947'], 10],
    [['0948'], 11],
    [['0949'], 10],
    [['0950', '0951', '0952', '0953', '0954', '0955', '0956'], 9],
    [['0973'], 10],
    [['0983', '0985', '0986', '0987'], 9],
    [['0988', '0989'], 11],
    [['0991'], 10],
  ],
  OOREDOO: [[['0994', '0995', '0996', '0997', '0998', '0999'], 11]],
  ATOM: [[['0974', '0975', '0976', '0977', '0978', '0979'], 11]],
  MYTEL: [[['0965', '0966', '0967', '0968', '0969'], 11]],
  MEC: [
    [['0930', '0931', '0932', '0933'], 10],
    [['0934', '0935'], 11],
    [['0936'], 10],
  ],
};
const displayName: Record<OperatorCode, string> = {
  MPT: 'MPT',
  OOREDOO: 'Ooredoo',
  ATOM: 'ATOM',
  MYTEL: 'MyTel',
  MEC: 'MEC',
};

const rows = Object.entries(specTable).flatMap(([operator, groups]) =>
  groups.flatMap(([prefixes, length]) =>
    prefixes.map((prefix) => ({ operator: operator as OperatorCode, prefix, length })),
  ),
);

/** A number with the given prefix and total length; the filler digits vary with the seed. */
const numberOf = (prefix: string, length: number, seed = 7) =>
  (prefix + Array.from({ length: 12 }, (_, i) => String((seed + i * 3) % 10)).join('')).slice(
    0,
    length,
  );

const errorOf = (result: PhoneValidation) => (result.valid ? null : result.error);

describe('operator prefix table', () => {
  it('has exactly the rows of account spec §9', () => {
    expect(
      [...phonePrefixTable].map((r) => `${r.operator}:${r.prefix}:${r.length}`).sort(),
    ).toEqual(rows.map((r) => `${r.operator}:${r.prefix}:${r.length}`).sort());
    expect(new Set(phonePrefixTable.map((r) => r.prefix)).size).toBe(phonePrefixTable.length);
  });

  it.each(rows)('$prefix is $operator with $length digits', ({ operator, prefix, length }) => {
    const exact = numberOf(prefix, length);
    const ok = validatePhone(exact);
    expect(ok).toEqual({
      valid: true,
      local: exact,
      international: `95${exact.slice(1)}`,
      operator,
      display: `${exact.slice(1, 2)} ${exact.slice(2, 5)} ${exact.slice(5)}`,
    });
    expect(detectOperator(exact)).toBe(operator);
    expect(validatePhone(exact, { operator }).valid).toBe(true);
    // The same number written in 95 form, with +, spaces, hyphens and parentheses.
    expect(
      validatePhone(`+95 (${exact.slice(1, 4)}) ${exact.slice(4, 7)}-${exact.slice(7)}`),
    ).toEqual(ok);

    const wrongLength = {
      code: 'wrong_length',
      params: { operator: displayName[operator], n: length },
      message: `${displayName[operator]} numbers should be ${length} digits long`,
    };
    // One digit short / long: the table's length rule, unless the 9..11 bound speaks first.
    const short = numberOf(prefix, length - 1);
    expect(errorOf(validatePhone(short))).toEqual(
      length === 9
        ? { code: 'too_short', params: {}, message: 'Phone number is too short' }
        : wrongLength,
    );
    const long = numberOf(prefix, length + 1);
    expect(errorOf(validatePhone(long))).toEqual(
      length === 11
        ? { code: 'too_long', params: {}, message: 'Phone number is too long' }
        : wrongLength,
    );
    // With an operator filter naming another operator.
    const other = operatorCodes.find((code) => code !== operator) ?? 'MPT';
    expect(errorOf(validatePhone(exact, { operator: other }))).toEqual({
      code: 'operator_mismatch',
      params: { operator: displayName[other] },
      message: `Phone number does not match ${displayName[other]} format`,
    });
  });
});

describe('numbers as people paste them (issue 26)', () => {
  it.each([
    ['၀၉၄၅၀၁၂၃၄၅၆', '09450123456'],
    ['+95 9 450 123 456', '09450123456'],
    ['+၉၅ ၉ ၄၅၀ ၁၂၃ ၄၅၆', '09450123456'],
    ['09.450.123.456', '09450123456'],
    ['(09) 450-123-456', '09450123456'],
    ['\u00a009 450 123 456\u00a0', '09450123456'],
    ['႐႙႔႕႐႑႒႓႔႕႖', '09450123456'],
  ])('%s is %s', (input, local) => {
    expect(normalizePhone(input)).toBe(local);
    expect(validatePhone(input)).toMatchObject({
      valid: true,
      local,
      international: '959450123456',
    });
  });
});

describe('validatePhone messages (account spec §5)', () => {
  it.each([
    ['', 'required', 'Phone number is required'],
    ['  - ( ) +', 'required', 'Phone number is required'],
    ['09a2500000', 'digits_only', 'Please use English digits only'],
    // Thai digits are not read as a number's digits (Burmese ones are, below).
    ['๐๙๒๕๐๐๐๐๐๐๐', 'digits_only', 'Please use English digits only'],
    ['09 250 ၀၀၀ 00x', 'digits_only', 'Please use English digits only'],
    ['09250000', 'too_short', 'Phone number is too short'],
    ['092500000000', 'too_long', 'Phone number is too long'],
    ['09100000000', 'invalid', 'Enter a valid Myanmar phone number.'],
    ['09460000000', 'invalid', 'Enter a valid Myanmar phone number.'],
    ['0984000000', 'invalid', 'Enter a valid Myanmar phone number.'],
    ['08123456789', 'invalid', 'Enter a valid Myanmar phone number.'],
  ])('%j → %s', (input, code, message) => {
    expect(errorOf(validatePhone(input))).toMatchObject({ code, message });
  });

  it('treats null and undefined as empty', () => {
    expect(errorOf(validatePhone(null))?.code).toBe('required');
    expect(errorOf(validatePhone(undefined))?.code).toBe('required');
  });

  it('names the operator and the length in the length message', () => {
    expect(errorOf(validatePhone('0965000000'))?.message).toBe(
      'MyTel numbers should be 11 digits long',
    );
    expect(errorOf(validatePhone('0997000000'))?.message).toBe(
      'Ooredoo numbers should be 11 digits long',
    );
    expect(errorOf(validatePhone('09300000000'))?.message).toBe(
      'MEC numbers should be 10 digits long',
    );
  });

  it('reports the filter mismatch before the length', () => {
    expect(errorOf(validatePhone('0965', { operator: 'ATOM' }))?.code).toBe('too_short');
    expect(errorOf(validatePhone('096500000', { operator: 'ATOM' }))?.message).toBe(
      'Phone number does not match ATOM format',
    );
  });
});

describe('normalising and formatting', () => {
  it.each([
    ['09250000000', '09250000000'],
    ['9250000000', '09250000000'],
    ['959250000000', '09250000000'],
    ['+95 9 250 000 000', '09250000000'],
    ['(09) 250-000-000', '09250000000'],
    // MPT 0950.. typed without its 0 starts with "95" but is not in 95 form.
    ['95012345', '095012345'],
    ['9595012345', '095012345'],
    ['', ''],
    ['09x', null],
  ])('normalizePhone(%j) → %j', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it('sends the 95 form without the leading 0', () => {
    expect(toInternationalPhone('09 250 000 000')).toBe('959250000000');
    expect(toInternationalPhone('959250000000')).toBe('959250000000');
    expect(toInternationalPhone('095012345')).toBe('9595012345');
    expect(toInternationalPhone('0912')).toBeNull();
  });

  it('displays first digit, space, next 3 digits, space, the rest', () => {
    expect(formatPhoneDisplay('09250000000')).toBe('9 250 000000');
    expect(formatPhoneDisplay('959250000000')).toBe('9 250 000000');
    expect(formatPhoneDisplay('095012345')).toBe('9 501 2345');
    expect(formatPhoneDisplay('92')).toBe('9 2');
    expect(formatPhoneDisplay('abc')).toBe('abc');
  });

  it('detects the operator from the prefix alone', () => {
    expect(detectOperator('0997')).toBe('OOREDOO');
    expect(detectOperator('+95 9 77')).toBe('ATOM');
    expect(detectOperator('09')).toBeNull();
    expect(detectOperator('0946')).toBeNull();
  });

  it('the request-body schema answers the 95 form or the first broken rule', () => {
    expect(myanmarPhoneSchema.parse('09 250 000 000')).toBe('959250000000');
    const bad = myanmarPhoneSchema.safeParse('09650000000000');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Phone number is too long');
    expect(myanmarPhoneSchema.safeParse(12).error?.issues[0]?.message).toBe(
      'Phone number is required',
    );
  });

  it('a cart line’s recipient: blank is no number, else a number of the line’s operator', () => {
    const mpt = recipientPhoneSchema('MPT');
    expect(mpt.parse('  ')).toBeNull();
    expect(mpt.parse('+95 9 421 234 567')).toBe('959421234567');
    expect(mpt.safeParse('09970000001').error?.issues[0]?.message).toBe(
      'Phone number does not match MPT format',
    );
    // Issue 26: Burmese digits are the same number.
    expect(mpt.parse('၀၉၄၂၁၂၃၄၅၆၇')).toBe('959421234567');
    expect(mpt.safeParse('09a21234567').error?.issues[0]?.message).toBe(
      'Please use English digits only',
    );
    expect(mpt.safeParse('0942123456').error?.issues[0]?.message).toBe(
      'MPT numbers should be 11 digits long',
    );
    // A line of no operator takes any valid Myanmar number.
    expect(recipientPhoneSchema(null).parse('09970000001')).toBe('959970000001');
  });
});

/**
 * Property tests (fast-check): for any digit string, in any of the three spellings a customer types
 * (0 9…, 95 9…, 9…), the verdict agrees with a direct reading of the operator table; valid numbers
 * round-trip through their 95 form; and punctuation never changes the verdict.
 */
describe('property: the rules agree with the operator table', () => {
  const byPrefix = new Map(rows.map((r) => [r.prefix, r]));
  const digit = fc.constantFrom(...'0123456789'.split(''));
  /** A local number: mostly a known prefix, sometimes any 09xx, then 2 to 10 more digits. */
  const localNumber = fc
    .tuple(
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...rows.map((r) => r.prefix)) },
        { weight: 1, arbitrary: fc.tuple(digit, digit).map(([a, b]) => `09${a}${b}`) },
      ),
      fc.array(digit, { minLength: 2, maxLength: 10 }),
    )
    .map(([head, tail]) => head + tail.join(''))
    // "0959…" typed without its 0 reads as the 95 form; no such prefix exists in the table.
    .filter((digits) => !digits.startsWith('0959'));
  const spelling = fc.constantFrom('local', 'international', 'bare');
  const spell = (digits: string, form: string) =>
    form === 'local' ? digits : form === 'international' ? `95${digits.slice(1)}` : digits.slice(1);

  it('gives the table’s verdict for every spelling', () => {
    fc.assert(
      fc.property(localNumber, spelling, (digits, form) => {
        const result = validatePhone(spell(digits, form));
        const rule = byPrefix.get(digits.slice(0, 4));
        if (digits.length < 9) expect(errorOf(result)?.code).toBe('too_short');
        else if (digits.length > 11) expect(errorOf(result)?.code).toBe('too_long');
        else if (!rule) expect(errorOf(result)?.code).toBe('invalid');
        else if (digits.length !== rule.length) expect(errorOf(result)?.code).toBe('wrong_length');
        else
          expect(result).toMatchObject({
            valid: true,
            local: digits,
            international: `95${digits.slice(1)}`,
            operator: rule.operator,
          });
      }),
      { numRuns: 5000 },
    );
  });

  it('round-trips every valid number through its stored 95 form', () => {
    const valid = fc
      .tuple(fc.constantFrom(...rows), fc.array(digit, { minLength: 7, maxLength: 7 }))
      .map(([rule, tail]) =>
        (rule.prefix + tail.join('')).slice(0, rule.length).padEnd(rule.length, '1'),
      );
    fc.assert(
      fc.property(valid, (digits) => {
        const result = validatePhone(digits);
        expect(result.valid).toBe(true);
        expect(validatePhone(`95${digits.slice(1)}`)).toEqual(result);
      }),
    );
  });

  it('ignores spaces, hyphens, parentheses and plus signs', () => {
    const separator = fc.constantFrom(' ', '-', '(', ')', '+', '');
    fc.assert(
      fc.property(
        localNumber,
        fc.array(separator, { minLength: 12, maxLength: 12 }),
        (digits, seps) => {
          const noisy = digits
            .split('')
            .map((d, i) => `${seps[i] ?? ''}${d}`)
            .join('');
          expect(validatePhone(noisy)).toEqual(validatePhone(digits));
        },
      ),
    );
  });
});

describe('the recipient as every screen and e-mail shows it (issue 12)', () => {
  it.each([
    ['09421234567', '09 421 234 567'],
    ['959421234567', '09 421 234 567'],
    ['+95 9 421 234 567', '09 421 234 567'],
    ['+95-9-421-234-567', '09 421 234 567'],
    ['0941123456', '09 4112 3456'],
    ['092012345', '09 201 2345'],
  ])('formats %s as %s', (input, shown) => {
    expect(formatRecipientNumber(input)).toBe(shown);
  });

  it('leaves what is not a number alone', () => {
    expect(formatRecipientNumber('09a4212')).toBe('09a4212');
  });

  it('says "Top-up to 09 421 234 567 (MPT)" in English and the same in Burmese', () => {
    expect(topUpToText('959421234567', 'MPT', 'en')).toBe('Top-up to 09 421 234 567 (MPT)');
    expect(topUpToText('959421234567', 'MPT', 'my')).toBe('09 421 234 567 (MPT) သို့ ငွေဖြည့်ခြင်း');
    expect(topUpToText('959971234567', null, 'en')).toBe('Top-up to 09 971 234 567 (Ooredoo)');
  });

  it.each([
    ['+95 9 421 234 567'],
    ['959421234567'],
    ['09-421-234-567'],
    ['09 421 234 567'],
    ['(09) 421-234-567'],
  ])('accepts the pasted %s as 09421234567', (pasted) => {
    expect(normalizePhone(pasted)).toBe('09421234567');
    expect(validatePhone(pasted)).toMatchObject({ valid: true, local: '09421234567' });
  });
});

describe('a number shown but not given away (issue 31, ADR 0080)', () => {
  it('keeps "09", the next digit and the last four of the local form', () => {
    expect(maskPhoneNumber('959250008881')).toBe('09 2•••• 8881');
    expect(maskPhoneNumber('09250008881')).toBe('09 2•••• 8881');
    // Shorter numbers: fewer dots, never a digit more.
    expect(maskPhoneNumber('95941123456')).toBe('09 4••• 3456');
    expect(maskPhoneNumber('959201234')).toBe('09 2• 1234');
    expect(maskPhoneNumber('0912')).toBe('09••••');
  });

  it('never shows more than the start and the last four digits of any number', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^9592[0-9]{6,8}$/), (phone) => {
        const masked = maskPhoneNumber(phone);
        expect(masked.replace(/[^0-9]/g, '')).toHaveLength(7);
        expect(masked.endsWith(phone.slice(-4))).toBe(true);
        expect(masked).toMatch(/^09 2•+ [0-9]{4}$/);
        expect(masked.length).toBe(phone.length + 1);
      }),
    );
  });

  it('masks a line’s number only when the line pays a request', () => {
    expect(shownRecipientNumber({ phoneNumber: '959250008881', topupRequestId: 'r1' })).toBe(
      '09 2•••• 8881',
    );
    expect(shownRecipientNumber({ phoneNumber: '959250008881', topupRequestId: null })).toBe(
      '959250008881',
    );
    expect(shownRecipientNumber({ phoneNumber: '959250008881' })).toBe('959250008881');
    expect(shownRecipientNumber({ phoneNumber: null, topupRequestId: 'r1' })).toBeNull();
  });
});
