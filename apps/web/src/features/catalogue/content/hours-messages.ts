import { addLazyMessages } from '../../../lib/i18n.ts';
import en from './hours-messages.en.json';
import my from './hours-messages.my.json';

/**
 * The call-centre hours as words (formatBusinessHours) and Home's support claim that shows them:
 * apart from the catalogue's other lazy strings, because Home's highlights load with the page and
 * need only these (issue 29: the rest, ~2.5 KiB gzip, stays off Home's initial JavaScript).
 */
addLazyMessages(en, my);
