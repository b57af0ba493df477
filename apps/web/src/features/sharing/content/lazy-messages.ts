import { addLazyMessages } from '../../../lib/i18n.ts';
import en from './lazy-messages.en.json';
import my from './lazy-messages.my.json';

/**
 * Strings of the sharing feature (the share dialog, the order page's share section, the shared
 * page), under the "sharing" key, merged into i18n when the first of those modules loads: none of
 * them is in any route's first JavaScript.
 */
addLazyMessages(en, my);
