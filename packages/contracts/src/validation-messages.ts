// The schemas' validation messages in every shop language. Schemas carry the spec's English
// wording (the API's contract and the server's tests read it); the server and the web app turn a
// message into the request's or the page's language with localizeMessage, so one schema yields the
// Burmese message on a Burmese page and in a Burmese API answer (issue 12, ADR 0018).
import { authMessages, authTexts, nameMessages, passwordMessages } from './auth-rules.ts';
import { toBurmeseDigits, type Language } from './languages.ts';
import { orderMessages } from './order-messages.ts';
import { phoneErrorCodes, phoneErrorMessages, phoneErrorMessagesMy } from './phone.ts';

type Bilingual = Readonly<Record<Language, string>>;

/** The phone rules' messages, with {operator} or {n}: the English template and the Burmese one. */
const templates: readonly Bilingual[] = phoneErrorCodes.map((code) => ({
  en: phoneErrorMessages[code],
  my: phoneErrorMessagesMy[code],
}));

/** Schema messages of the account area that have no {en, my} pair elsewhere. */
const authPairs: readonly Bilingual[] = [
  { en: authMessages.enterPhone, my: 'ဖုန်းနံပါတ် ထည့်ပါ' },
  { en: authMessages.enterEmail, my: 'အီးမေးလ်လိပ်စာ ထည့်ပါ' },
  { en: authMessages.invalidPhone, my: 'မှန်ကန်သော မြန်မာဖုန်းနံပါတ် ထည့်ပါ' },
  { en: authMessages.invalidEmail, my: 'မှန်ကန်သော အီးမေးလ်လိပ်စာ ထည့်ပါ' },
  { en: authMessages.enterPassword, my: 'စကားဝှက် ထည့်ပါ' },
  { en: authMessages.enterName, my: 'အမည်အပြည့်အစုံ ထည့်ပါ' },
  { en: authMessages.nameTooLong, my: 'အမည်သည် စာလုံး ၁၀၀ ထက် မပိုရပါ' },
  { en: authMessages.otpIncomplete, my: 'ဂဏန်း ၆ လုံး အပြည့်အစုံ ထည့်ပါ။' },
  { en: authMessages.otpRequired, my: 'ဂဏန်း ၆ လုံးပါ အတည်ပြုကုဒ်ကို ထည့်ပါ' },
  { en: authMessages.roleUser, my: "role သည် 'user' ဖြစ်ရပါမည်" },
];

const pairs: readonly Bilingual[] = [
  ...authPairs,
  ...Object.values(authTexts),
  ...Object.values(passwordMessages),
  ...Object.values(nameMessages),
  orderMessages.feedbackRating,
  orderMessages.feedbackCommentTooLong,
];

const exact = new Map<string, Bilingual>(pairs.map((pair) => [pair.en, pair]));

/**
 * Adds a feature's schema messages to the table. The table above holds what the customer's forms
 * validate on every page; a feature's own messages are added where they are used — all of them by
 * the server (platform/errors.ts), a web feature's in its own lazily loaded chunk — so they stay
 * out of the first JavaScript of pages that never show them.
 */
export function addValidationMessages(messages: Readonly<Record<string, Bilingual>>): void {
  for (const pair of Object.values(messages)) {
    // The table is keyed by the English text: one English message with two translations would
    // give one of them at random (by load order). Refused at start, so a test finds it.
    const known = exact.get(pair.en);
    if (known && known.my !== pair.my)
      throw new Error(`"${pair.en}" has two Burmese translations: "${known.my}" and "${pair.my}"`);
    exact.set(pair.en, pair);
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const compiled = templates.map((pair) => {
  const names: string[] = [];
  const source = escape(pair.en).replace(/\\\{(\w+)\\\}/g, (_, name: string) => {
    names.push(name);
    return '(.+?)';
  });
  return { pair, names, pattern: new RegExp(`^${source}$`) };
});

/** A template filled in: numbers inside Burmese text in Burmese digits. */
function fill(template: string, values: Record<string, string>, language: Language): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name] ?? '';
    return language === 'my' ? toBurmeseDigits(value) : value;
  });
}

/**
 * A schema's (English) validation message in the given language; a message the table does not
 * know is returned as it is.
 */
export function localizeMessage(message: string, language: Language): string {
  const pair = exact.get(message);
  if (pair) return pair[language];
  for (const { pair: template, names, pattern } of compiled) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
    return fill(template[language], values, language);
  }
  return message;
}

/** Every English message the table knows (for tests: each must have a Burmese text). */
export const knownMessages = (): readonly Bilingual[] => [...pairs, ...templates];
