import { addLazyMessages } from '../../../lib/i18n.ts';
import en from './messages.en.json';
import my from './messages.my.json';

/** The essential-libraries card's strings, loaded with it after the page. */
addLazyMessages(en, my);
