import { recipientSchemaMessages } from '@shop/contracts/recipient-messages';
import { addValidationMessages } from '@shop/contracts/validation-messages';
import { addLazyMessages } from '../../../lib/i18n.ts';
import en from './lazy-messages.en.json';
import my from './lazy-messages.my.json';

/**
 * Strings of the saved numbers (issue 31), under the "recipients" key, merged into i18n when the
 * first of the feature's modules loads: none of them is in a page's first JavaScript.
 */
addLazyMessages(en, my);
addValidationMessages(recipientSchemaMessages);
