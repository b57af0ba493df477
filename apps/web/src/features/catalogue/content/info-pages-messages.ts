import { addLazyMessages } from '../../../lib/i18n.ts';
import en from './info-pages.en.json';
import my from './info-pages.my.json';

/**
 * The long texts of the info pages (about, support, terms, privacy) are added to i18n only when one
 * of those pages is opened, so they stay out of the Home route's initial JavaScript (120 KiB budget).
 */
addLazyMessages(en, my);
