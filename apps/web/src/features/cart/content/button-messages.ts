import { addLazyMessages } from '../../../lib/i18n.ts';
import en from './button-messages.en.json';
import my from './button-messages.my.json';

/**
 * The Add button's own words ("Add to cart", its label, "Adding…"), apart from the cart's other
 * lazy strings: the button is on the listing's first paint, while the cart controller that brought
 * them before arrives only when the page is idle (issue 29) — without them the button showed its
 * keys, and its visible text was not in its accessible name.
 */
addLazyMessages(en, my);
