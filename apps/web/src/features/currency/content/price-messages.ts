import { addLazyMessages } from '../../../lib/i18n.ts';
import en from './price-messages.en.json';
import my from './price-messages.my.json';

/**
 * Strings of the approximate amount and the rate note, loaded with them once a buyer has chosen a
 * currency: none of them is in a page's first JavaScript.
 */
addLazyMessages(en, my);
