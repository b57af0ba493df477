import { addLazyMessages } from '../../../lib/i18n.ts';
import en from './lazy-messages.en.json';
import my from './lazy-messages.my.json';

/**
 * Strings of the account dialogs, forms and pages (login, sign-up, codes, settings), still under
 * the "auth" key, merged into i18n when the first of them loads. Only the account menu's strings
 * (locales/*.json) are on every page: the rest, ~2.3 KiB gzip in English and ~3 KiB in Burmese,
 * stays off the first visit's JavaScript (issue 29).
 */
addLazyMessages(en, my);
