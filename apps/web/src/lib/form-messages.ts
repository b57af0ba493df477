import { localizeMessage } from '@shop/contracts/validation-messages';
import type { Translator } from './translator.ts';

/**
 * The text of a form error in the page's language. Form errors hold what produced them: a message
 * key (rules of the form itself, e.g. "auth.errors.passwordsMismatch"), a contract schema's English
 * message (the same schema the server validates with, translated by the contracts' table), or a
 * server answer, which is already in the request's language and passes through unchanged.
 * Translating when shown (not when validated) keeps an error right after a language switch.
 */
export function formMessage(i18n: Translator, message: string): string {
  if (/^[a-z][\w-]*(\.[\w-]+)+$/i.test(message) && i18n.exists(message)) return i18n.t(message);
  return localizeMessage(message, i18n.language);
}
