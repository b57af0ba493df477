import type { OrderCard } from '@shop/contracts/orders';

/**
 * A delivered Steam US$10 card as an order's documents (card list, invoice) are given it, scratched
 * and without expiry unless `over` says otherwise.
 */
export const documentCard = (over: Partial<OrderCard> = {}): OrderCard => ({
  cardId: 'c1',
  code: 'G-STEAM-10',
  name: 'Steam 10',
  serialNumber: 'S1',
  pin: '1234',
  scratched: true,
  expiresAt: null,
  cardPrice: 45000,
  sellingPrice: 45000,
  faceValue: null,
  openedByRecipientAt: null,
  ...over,
});
