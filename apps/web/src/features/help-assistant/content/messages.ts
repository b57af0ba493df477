import { addLazyMessages } from '../../../lib/i18n.ts';
import en from './messages.en.json';
import my from './messages.my.json';

/** The help assistant's strings (button, dialog, settings), added when first loaded. */
addLazyMessages(en, my);
