import { addLazyMessages } from '../../../lib/i18n.ts';
import en from './messages.en.json';
import my from './messages.my.json';

/** The offline dialog's and restored toast's strings, added when the connectivity host loads. */
addLazyMessages(en, my);
