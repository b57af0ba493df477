import { describe, expect, it } from 'vitest';
import { emailSchema, newPasswordSchema, registerRequestSchema } from './auth.ts';
import { myanmarPhoneSchema } from './phone-schemas.ts';
import { knownMessages, localizeMessage } from './validation-messages.ts';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message ?? '';

describe('localizeMessage: one schema, the message in the page or request language', () => {
  it('every known English message has Burmese text with no Latin letters (names and codes aside)', () => {
    for (const pair of knownMessages()) {
      const rest = pair.my.replace(/\{\w+\}|role|'user'/g, '');
      expect(rest, pair.en).toMatch(/[\u1000-\u109F]/);
      expect(rest, pair.en).not.toMatch(/[A-Za-z0-9]/);
      expect(localizeMessage(pair.en, 'en')).toBe(pair.en);
    }
  });

  it('the contract schemas’ own messages come out in Burmese', () => {
    expect(localizeMessage(firstMessage(emailSchema.safeParse('nope')), 'my')).toBe(
      'မှန်ကန်သော အီးမေးလ်လိပ်စာ ထည့်ပါ',
    );
    expect(localizeMessage(firstMessage(newPasswordSchema.safeParse('short')), 'my')).toBe(
      'စကားဝှက်သည် အနည်းဆုံး စာလုံး ၈ လုံး ရှိရပါမည်',
    );
  });

  it('templates keep their values, numbers in Burmese digits on Burmese pages', () => {
    const message = firstMessage(myanmarPhoneSchema.safeParse('0925000000'));
    expect(message).toBe('MPT numbers should be 11 digits long');
    expect(localizeMessage(message, 'my')).toBe('MPT နံပါတ်များသည် ဂဏန်း ၁၁ လုံး ရှိရပါမည်');
    expect(localizeMessage(message, 'en')).toBe(message);
    expect(localizeMessage('Phone number does not match MyTel format', 'my')).toBe(
      'ဖုန်းနံပါတ်သည် MyTel ပုံစံနှင့် မကိုက်ညီပါ',
    );
  });

  it('a text it does not know (a server answer already translated) passes through', () => {
    expect(localizeMessage('ကုဒ် မမှန်ကန်ပါ။', 'my')).toBe('ကုဒ် မမှန်ကန်ပါ။');
    expect(localizeMessage('Something new', 'my')).toBe('Something new');
  });

  it('the register schema refuses text-direction names like the server does (ADR 0016)', () => {
    const result = registerRequestSchema.safeParse({
      name: 'Su\u202ESu',
      email: 'su@example.com',
      phoneNumber: '09250000000',
      password: 'long-enough-password',
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['name']);
    expect(localizeMessage(firstMessage(result), 'my')).toBe(
      'အမည်တွင် စာကြောင်းဦးတည်ရာ ပြောင်းသည့်စာလုံးများ မပါဝင်ရပါ',
    );
  });
});
