import { topupRequestSchemaMessages } from '@shop/contracts/topup-request-messages';
import { addValidationMessages } from '@shop/contracts/validation-messages';
import { addLazyMessages } from '../../../lib/i18n.ts';
import en from './lazy-messages.en.json';
import my from './lazy-messages.my.json';

/**
 * Strings of the "top me up" request links (issue 31), under the "topmeup" key, merged into i18n
 * when the first of the feature's modules loads: none of them is in a page's first JavaScript.
 */
addLazyMessages(en, my);
addValidationMessages(topupRequestSchemaMessages);
