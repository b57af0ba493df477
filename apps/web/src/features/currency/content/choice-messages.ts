import { addLazyMessages } from '../../../lib/i18n.ts';
import en from './choice-messages.en.json';
import my from './choice-messages.my.json';

/** Strings of the "Show prices also in" choice, loaded with the exchange-rates dialog. */
addLazyMessages(en, my);
