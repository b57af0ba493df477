import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearPersistedOrders,
  persistOrders,
  PERSIST_DELAY_MS,
  PERSISTED_ORDERS_MAX_AGE_MS,
  PERSISTED_ORDERS_PREFIX,
} from './orders-persistence.ts';

const order = {
  orderId: 'o-1',
  items: [
    {
      itemId: 'i-1',
      cards: [
        { cardId: 'c-1', serialNumber: 'SN1', pin: '1234-5678-9012', scratched: true },
        { cardId: 'c-2', serialNumber: 'SN2', pin: null, scratched: false },
      ],
    },
  ],
};

describe('orders kept on the device', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const stored = (userId: string) => localStorage.getItem(`${PERSISTED_ORDERS_PREFIX}${userId}`);

  it('keeps the orders queries of the user, without PINs, and nothing else', async () => {
    const client = new QueryClient();
    const stop = persistOrders(client, 'user-a');
    client.setQueryData(['orders', 'detail', 'o-1', 'en'], order);
    client.setQueryData(['cart'], { secret: 'not an order' });
    await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS);
    stop();

    const text = stored('user-a') ?? '';
    expect(text).toContain('SN1');
    expect(text).not.toContain('1234-5678-9012');
    expect(text).not.toContain('not an order');
    // The query in memory keeps its PIN: only the copy on the device has none.
    expect(
      client.getQueryData<typeof order>(['orders', 'detail', 'o-1', 'en'])?.items[0]?.cards[0]?.pin,
    ).toBe('1234-5678-9012');

    // Restored for the same user in a new visit, the card is there without its PIN.
    const next = new QueryClient();
    persistOrders(next, 'user-a');
    const restored = next.getQueryData<typeof order>(['orders', 'detail', 'o-1', 'en']);
    expect(restored?.items[0]?.cards.map((card) => [card.serialNumber, card.pin])).toEqual([
      ['SN1', null],
      ['SN2', null],
    ]);

    // Another user gets nothing of it.
    const other = new QueryClient();
    persistOrders(other, 'user-b');
    expect(other.getQueryData(['orders', 'detail', 'o-1', 'en'])).toBeUndefined();
  });

  it('a copy older than its maximum age is not restored', async () => {
    let now = 1_000_000;
    const client = new QueryClient();
    const stop = persistOrders(client, 'user-a', { now: () => now });
    client.setQueryData(['orders', 'list', 1, 'all', 'en'], { data: [order] });
    await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS);
    stop();
    now += PERSISTED_ORDERS_MAX_AGE_MS + 1;
    const next = new QueryClient();
    persistOrders(next, 'user-a', { now: () => now });
    expect(next.getQueryData(['orders', 'list', 1, 'all', 'en'])).toBeUndefined();
    expect(stored('user-a')).toBeNull();
  });

  it('sign-out clears every user’s copy; an account switch all but the new user’s', async () => {
    for (const userId of ['user-a', 'user-b']) {
      const client = new QueryClient();
      const stop = persistOrders(client, userId);
      client.setQueryData(['orders', 'detail', 'o-1', 'en'], order);
      await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS);
      stop();
    }
    localStorage.setItem('language', 'my');
    clearPersistedOrders({ keepUserId: 'user-b' });
    expect(stored('user-a')).toBeNull();
    expect(stored('user-b')).not.toBeNull();
    clearPersistedOrders();
    expect(stored('user-b')).toBeNull();
    expect(localStorage.getItem('language')).toBe('my');
  });
});
