import { addLazyMessages } from '../../../lib/i18n.ts';
import en from './dialog-messages.en.json';
import my from './dialog-messages.my.json';

/**
 * Strings of the catalogue's dialogs (a banner's, the external link's, the call centre's, the
 * exchange rates') and the info pages' call-centre block, merged into i18n when the first of them
 * loads: apart from the listing's strings (lazy-messages.ts), which a listing loads with the page
 * (issue 29).
 */
addLazyMessages(en, my);
