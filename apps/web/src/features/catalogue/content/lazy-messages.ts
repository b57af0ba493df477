import { addLazyMessages } from '../../../lib/i18n.ts';
import en from './lazy-messages.en.json';
import my from './lazy-messages.my.json';

/**
 * Strings of the product listing (its products, phone field and filters), still under the
 * "catalogue" key, merged into i18n when the first of those modules loads. Keeping them out of
 * locales/*.json keeps them out of Home's initial JavaScript; the dialogs' strings are apart
 * (dialog-messages.ts), out of the listing's (issue 29).
 */
addLazyMessages(en, my);
