import { addLazyMessages } from '../../../lib/i18n.ts';
import en from './lazy-messages.en.json';
import my from './lazy-messages.my.json';

/**
 * Strings of the catalogue's lazily loaded parts (listing, dialogs, call centre), still under the
 * "catalogue" key, merged into i18n when the first of those modules loads. Keeping them out of
 * locales/*.json keeps them out of the Home route's initial JavaScript (120 KiB budget).
 */
addLazyMessages(en, my);
