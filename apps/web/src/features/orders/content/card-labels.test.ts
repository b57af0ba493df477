import { cardLabels } from '@shop/contracts/order-messages';
import { describe, expect, it } from 'vitest';
import sharingEn from '../../sharing/content/lazy-messages.en.json';
import sharingMy from '../../sharing/content/lazy-messages.my.json';
import ordersEn from './lazy-messages.en.json';
import ordersMy from './lazy-messages.my.json';

/*
 * A delivered card is labelled the same on the order page, the shared-order page, the codes e-mail
 * and the card-list PDF. The server's two take contracts' cardLabels; the pages keep their own
 * copy in their lazily loaded messages, held to it here (it once read "Serial" and "no expiry").
 */
describe('the card labels of the order and shared-order pages are those of the e-mail and PDF', () => {
  const pages = [
    ['order page', ordersEn.orders.detail, ordersMy.orders.detail],
    ['shared-order page', sharingEn.sharing.page, sharingMy.sharing.page],
  ] as const;
  it.each(pages)('%s', (_page, en, my) => {
    for (const key of Object.keys(cardLabels) as (keyof typeof cardLabels)[]) {
      expect({ key, en: en[key], my: my[key] }).toEqual({ key, ...cardLabels[key] });
    }
  });
});
