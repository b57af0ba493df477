import { addLazyMessages } from '../../../lib/i18n.ts';
import en from './messages.en.json';
import my from './messages.my.json';

/** The festival greeting's strings, loaded with it (issue 16). */
addLazyMessages(en, my);
