import { addLazyMessages } from '../../../lib/i18n.ts';
import en from './messages.en.json';
import my from './messages.my.json';

/** The notification prompt's and settings' strings, added when they are first loaded. */
addLazyMessages(en, my);
