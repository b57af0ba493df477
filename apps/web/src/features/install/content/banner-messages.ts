import { addLazyMessages } from '../../../lib/i18n.ts';
import en from './banner-messages.en.json';
import my from './banner-messages.my.json';

/** The install banner's strings, loaded with it after the page. */
addLazyMessages(en, my);
