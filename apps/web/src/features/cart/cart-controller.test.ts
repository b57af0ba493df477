import type { Cart } from '@shop/contracts/cart';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts, toast } from '../../components/ui/toast-store.ts';
import { initI18n } from '../../lib/i18n.ts';
import { cartWith, emptyCart } from '../../test/cart-fixture.ts';
import { cartBadge, badgeText } from './cart-badge-store.ts';
import { ADDS_KEPT_MS, createCartController, PHONE_SAVE_DELAY_MS } from './cart-controller.ts';

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

  it('tells onAdded followers of an add the server confirmed, never of a refused one', async () => {
    const controller = make();
    const added = vi.fn();
    const stop = controller.onAdded(added);
    fetchMock.mockResolvedValueOnce(failure(404, 'Product not found'));
    await controller.add('p1', 2);
    expect(added).not.toHaveBeenCalled();
    clock += 5000;
    fetchMock.mockResolvedValueOnce(ok(cartWith(2)));
    await controller.add('p1', 2);
    expect(added).toHaveBeenCalledWith(
      expect.objectContaining({ productId: 'p1', price: 1000 }),
      2,
    );
    stop();
    clock += 5000;
    fetchMock.mockResolvedValueOnce(ok(cartWith(3)));
    await controller.add('p1', 1);
    expect(added).toHaveBeenCalledTimes(1);
  });

  it('tells the first onAdded follower of the adds of the last 10 s made before it listened (issue 29)', async () => {
    const controller = make();
    fetchMock.mockResolvedValueOnce(ok(cartWith(1)));
    await controller.add('p1', 1);
    clock += ADDS_KEPT_MS + 1;
    fetchMock.mockResolvedValueOnce(ok(cartWith(3)));
    await controller.add('p1', 2);
    clock += 2000;
    const added = vi.fn();
    controller.onAdded(added);
    // The older add is forgotten; the recent one is told once, to the first follower only.
    expect(added).toHaveBeenCalledTimes(1);
    expect(added).toHaveBeenCalledWith(expect.objectContaining({ productId: 'p1' }), 2);
    const later = vi.fn();
    controller.onAdded(later);
    expect(later).not.toHaveBeenCalled();
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
    await expect(controller.updateQuantity('l1', 21)).resolves.toBe(false);
    expect(lastToast()).toMatchObject({ message: 'Quantity must be between 1 and 20' });
    await expect(controller.add('p1', 0)).resolves.toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(ok(cartWith(1)));
    await controller.load();
    fetchMock.mockResolvedValueOnce(ok(emptyCart, 'Item removed from cart'));
    await expect(controller.updateQuantity('l1', 0)).resolves.toBe(true);
    const [path, init] = fetchMock.mock.calls[1] ?? [];
    // The line, not every line of the product (a top-up is one line per number, issue 26).
    expect(path).toBe('/api/v1/cart/remove/p1?lineId=l1');
    expect(init?.method).toBe('DELETE');

    fetchMock.mockResolvedValueOnce(ok(cartWith(1)));
    await controller.load();
    fetchMock.mockResolvedValueOnce(ok(cartWith(20), 'Cart updated'));
    await expect(controller.updateQuantity('l1', 20)).resolves.toBe(true);
    expect(JSON.parse(fetchMock.mock.calls[3]?.[1]?.body as string)).toEqual({
      productId: 'p1',
      lineId: 'l1',
      quantity: 20,
    });
  });

  describe('the recipient number typed in the cart (issue 12)', () => {
    const timers: { fn: () => void; ms: number }[] = [];
    const makeWithTimers = () =>
      createCartController({
        sleep: () => Promise.resolve(),
        now: () => clock,
        isOnline: () => online,
        setTimer: (fn, ms) => {
          timers.push({ fn, ms });
          return timers.length - 1;
        },
        clearTimer: (id) => {
          const timer = timers[id as number];
          if (timer) timer.fn = () => undefined;
        },
      });
    const bodies = () =>
      fetchMock.mock.calls.map(([, init]) => JSON.parse(init?.body as string) as unknown);
    const runTimers = async () => {
      for (const timer of timers.splice(0)) timer.fn();
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    const loaded = async (cart: Cart) => {
      fetchMock.mockResolvedValueOnce(ok(cart));
      const controller = makeWithTimers();
      await controller.load();
      fetchMock.mockClear();
      return controller;
    };
    beforeEach(() => {
      timers.length = 0;
    });

    it('saves a typed number by itself after the last keystroke, and keeps what was typed', async () => {
      const controller = await loaded(cartWith(1));
      controller.typePhoneNumber('l1', '0942');
      controller.typePhoneNumber('l1', '09421234567');
      expect(controller.getState().phones.get('l1')?.value).toBe('09421234567');
      expect(timers.at(-1)?.ms).toBe(PHONE_SAVE_DELAY_MS);
      expect(fetchMock).not.toHaveBeenCalled();
      fetchMock.mockResolvedValueOnce(ok(cartWith(1, '959421234567'), 'Cart updated'));
      await runTimers();
      expect(bodies()).toEqual([
        { productId: 'p1', lineId: 'l1', quantity: 1, phoneNumber: '959421234567' },
      ]);
      expect(controller.getState().cart?.items[0]?.phoneNumber).toBe('959421234567');
      // Saved: the field shows the line's number now.
      expect(controller.getState().phones.has('l1')).toBe(false);
      expect(getToasts()).toHaveLength(0);
    });

    it('does not save a wrong number, and checkout waits on that line', async () => {
      const controller = await loaded(cartWith(1));
      controller.typePhoneNumber('l1', '09970000001'); // Ooredoo, on an MPT line
      await runTimers();
      expect(fetchMock).not.toHaveBeenCalled();
      await expect(controller.flushPhoneNumbers()).resolves.toEqual({ ok: false, lineId: 'l1' });
      expect(controller.getState().phones.get('l1')?.value).toBe('09970000001');
    });

    it('checkout saves a number typed a moment ago before it starts (no lost number)', async () => {
      const controller = await loaded(cartWith(1));
      await expect(controller.flushPhoneNumbers()).resolves.toEqual({ ok: false, lineId: 'l1' });
      controller.typePhoneNumber('l1', '+95 9 421 234 567');
      fetchMock.mockResolvedValueOnce(ok(cartWith(1, '959421234567'), 'Cart updated'));
      await expect(controller.flushPhoneNumbers()).resolves.toEqual({ ok: true });
      expect(bodies()).toEqual([
        { productId: 'p1', lineId: 'l1', quantity: 1, phoneNumber: '959421234567' },
      ]);
      // The debounced save that was cancelled does not call again.
      await runTimers();
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('a save after a quantity change sends the new quantity (one change at a time per line)', async () => {
      const controller = await loaded(cartWith(1));
      let answer: (response: Response) => void = () => undefined;
      fetchMock.mockReturnValueOnce(
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
      );
      const plus = controller.updateQuantity('l1', 2);
      controller.typePhoneNumber('l1', '09421234567');
      fetchMock.mockResolvedValueOnce(ok(cartWith(2, '959421234567'), 'Cart updated'));
      const saved = controller.savePhoneNumber('l1');
      answer(ok(cartWith(2), 'Cart updated'));
      await Promise.all([plus, saved]);
      expect(bodies()).toEqual([
        { productId: 'p1', lineId: 'l1', quantity: 2 },
        { productId: 'p1', lineId: 'l1', quantity: 2, phoneNumber: '959421234567' },
      ]);
      expect(controller.getState().cart?.items[0]).toMatchObject({
        quantity: 2,
        phoneNumber: '959421234567',
      });
    });

    it('shows a failed save on the field and keeps the number for another try', async () => {
      const controller = await loaded(cartWith(1));
      controller.typePhoneNumber('l1', '09421234567');
      fetchMock.mockResolvedValue(failure(503, 'down'));
      await expect(controller.savePhoneNumber('l1')).resolves.toBe(false);
      expect(controller.getState().phones.get('l1')).toEqual({
        value: '09421234567',
        saving: false,
        error: 'Server error. Please try again.',
      });
      await expect(controller.flushPhoneNumbers()).resolves.toEqual({ ok: false, lineId: 'l1' });
    });
  });

  it('caps the badge at 99+', () => {
    expect(badgeText(7, 'en')).toBe('7');
    expect(badgeText(99, 'en')).toBe('99');
    expect(badgeText(100, 'en')).toBe('99+');
    expect(badgeText(12, 'my')).toBe('၁၂');
  });
});
