import type { Cart } from '@shop/contracts/cart';

/** Carts for client tests. No lines: */
export const emptyCart: Cart = {
  items: [],
  totalItems: 0,
  totalAmount: 0,
  currency: 'MMK',
  hasUnavailableItems: false,
};

/** One MPT top-up line (l1, product p1) of the given quantity and recipient number (95 form). */
export function cartWith(quantity: number, phoneNumber: string | null = null): Cart {
  return {
    ...emptyCart,
    totalItems: quantity,
    totalAmount: quantity * 1000,
    items: [
      {
        id: 'p1',
        lineId: 'l1',
        productId: 'p1',
        quantity,
        price: 1000,
        discountPrice: null,
        unitPrice: 1000,
        lineTotal: quantity * 1000,
        name: 'MPT 1000',
        title: 'MPT 1000',
        _nameMultilingual: { en: 'MPT 1000', my: 'MPT 1000' },
        image: 'https://example.com/p1.png',
        type: 'topup',
        fx: null,
        currencySymbol: 'Ks',
        discountAmount: 0,
        discountType: null,
        discountValue: 0,
        available: true,
        status: 'active',
        phoneNumber,
        recipientMasked: false,
        requiresPhoneNumber: true,
        operator: 'MPT',
      },
    ],
  };
}
