import { addLazyMessages } from '../../../lib/i18n.ts';
import en from './lazy-messages.en.json';
import my from './lazy-messages.my.json';

/**
 * Strings of the lazily loaded payment QR modal and sandbox bank page, under the "payment" key, merged (deep) into i18n when the first of those modules
 * loads; keeping them out of locales/*.json keeps them out of the Home route's initial JavaScript.
 */
addLazyMessages(en, my);
