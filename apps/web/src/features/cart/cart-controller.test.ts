import type { Cart } from '@shop/contracts/cart';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts, toast } from '../../components/ui/toast-store.ts';
import { initI18n } from '../../lib/i18n.ts';
import { cartBadge, badgeText } from './cart-badge-store.ts';
import { createCartController } from './cart-controller.ts';

const emptyCart: Cart = {
  items: [],
  totalItems: 0,
  totalAmount: 0,
  currency: 'MMK',
  hasUnavailableItems: false,
};

function cartWith(quantity: number): Cart {
  return {
    ...emptyCart,
    totalItems: quantity,
    totalAmount: quantity * 1000,
    items: [
      {
        id: 'p1',
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
        phoneNumber: null,
        requiresPhoneNumber: true,
        operator: 'MPT',
      },
    ],
  };
}

const ok = (cart: Cart, message = 'Item added to cart') =>
  new Response(JSON.stringify({ success: true, message, data: cart }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
const failure = (status: number, error: string) =>
  new Response(JSON.stringify({ success: false, error, message: error, code: 'X' }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const lastToast = () => getToasts().at(-1);

describe('cart controller', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const sleeps: number[] = [];
  let clock = 0;
  let online = true;
  const make = () =>
    createCartController({
      sleep: (ms) => {
        sleeps.push(ms);
        return Promise.resolve();
      },
      now: () => clock,
      isOnline: () => online,
    });

  beforeAll(async () => {
    await initI18n().changeLanguage('en');
  });
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    sleeps.length = 0;
    clock = 10_000;
    online = true;
    toast.clear();
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('adds, shows the server message, updates the badge and bounces it', async () => {
    fetchMock.mockResolvedValueOnce(ok(cartWith(1)));
    const controller = make();
    const bounceBefore = cartBadge.get().bounce;
    await expect(controller.add('p1')).resolves.toBe(true);
    expect(controller.getState().cart?.totalItems).toBe(1);
    expect(cartBadge.get().totalItems).toBe(1);
    expect(cartBadge.get().bounce).toBe(bounceBefore + 1);
    expect(lastToast()).toMatchObject({ type: 'success', message: 'Item added to cart' });
  });

  it('shares an identical add in flight and refuses one within 1 s after it', async () => {
    let resolve: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(
      new Promise<Response>((r) => {
        resolve = r;
      }),
    );
    const controller = make();
    const first = controller.add('p1', 2);
    const second = controller.add('p1', 2);
    expect(second).toBe(first);
    expect(controller.getState().busy.has('p1')).toBe(true);
    resolve(ok(cartWith(2)));
    await expect(first).resolves.toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(controller.getState().busy.has('p1')).toBe(false);

    clock += 500;
    await expect(controller.add('p1', 2)).resolves.toBe(false);
    expect(lastToast()).toMatchObject({
      type: 'error',
      message: 'Request too frequent, please wait a moment',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // A different quantity is not identical; after 1 s the same add is allowed again.
    fetchMock.mockResolvedValueOnce(ok(cartWith(3)));
    await expect(controller.add('p1', 1)).resolves.toBe(true);
    clock += 1000;
    fetchMock.mockResolvedValueOnce(ok(cartWith(5)));
    await expect(controller.add('p1', 2)).resolves.toBe(true);
  });

  it('retries server errors twice, 1 s then 2 s, then shows the spec message', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(failure(500, 'boom')));
    const controller = make();
    await expect(controller.add('p1')).resolves.toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(sleeps).toEqual([1000, 2000]);
    expect(lastToast()).toMatchObject({ message: 'Server error. Please try again.' });
  });

  it('retries network errors and succeeds on the second attempt', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockResolvedValueOnce(ok(cartWith(1)));
    const controller = make();
    await expect(controller.add('p1')).resolves.toBe(true);
    expect(sleeps).toEqual([1000]);
  });

  it('shows the network message after the retries are used up', async () => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(make().load()).resolves.toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(lastToast()).toMatchObject({ message: 'Network error. Please check your connection.' });
  });

  it('does not retry a refusal and shows the server message', async () => {
    fetchMock.mockResolvedValueOnce(failure(404, 'Product not found'));
    await expect(make().add('nope')).resolves.toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(lastToast()).toMatchObject({ message: 'Product not found' });
  });

  it('blocks cart actions while offline', async () => {
    online = false;
    await expect(make().add('p1')).resolves.toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(lastToast()).toMatchObject({
      message: 'Network connection lost. Please check your internet connection.',
    });
  });

  it('keeps quantities within 1 to 20 and treats 0 or less as removal', async () => {
    const controller = make();
    await expect(controller.updateQuantity('p1', 21)).resolves.toBe(false);
    expect(lastToast()).toMatchObject({ message: 'Quantity must be between 1 and 20' });
    await expect(controller.add('p1', 0)).resolves.toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(ok(emptyCart, 'Item removed from cart'));
    await expect(controller.updateQuantity('p1', 0)).resolves.toBe(true);
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/v1/cart/remove/p1');
    expect(init?.method).toBe('DELETE');

    fetchMock.mockResolvedValueOnce(ok(cartWith(20), 'Cart updated'));
    await expect(controller.updateQuantity('p1', 20)).resolves.toBe(true);
    expect(JSON.parse(fetchMock.mock.calls[1]?.[1]?.body as string)).toEqual({
      productId: 'p1',
      quantity: 20,
    });
  });

  it('caps the badge at 99+', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
