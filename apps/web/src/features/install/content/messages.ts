import { addLazyMessages } from '../../../lib/i18n.ts';
import en from './messages.en.json';
import my from './messages.my.json';

/** The install page's strings, added when the page is opened (Home's JavaScript stays small). */
addLazyMessages(en, my);
