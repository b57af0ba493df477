import { checkoutMessages, isCodesEmail } from '@shop/contracts/checkout';
import { addValidationMessages } from '@shop/contracts/validation-messages';

// The contract's message, in the page's language where a form shows it (formMessage). Added by the
// (lazy) forms that ask for a codes address: checkout and sending the codes again (ADR 0050).
addValidationMessages({ invalidEmail: checkoutMessages.invalidEmail });

/**
 * The codes address as typed, trimmed and lower-cased as the server keeps it, or the contract's
 * (English) invalid-email message, which the form shows in the page's language.
 */
export function readCodesEmail(
  value: string,
): { email: string; error: null } | { email: null; error: string } {
  return isCodesEmail(value)
    ? { email: value.trim().toLowerCase(), error: null }
    : { email: null, error: checkoutMessages.invalidEmail.en };
}
