import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ordersApi, useCachedOrder, useInvalidateOrders, useOrder } from './orders-api.ts';

type Answer = Awaited<ReturnType<typeof ordersApi.get>>;
const answer = (status: string) => ({ data: { orderId: 'o1', status } }) as unknown as Answer;

describe('an order read by the page and by its title', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is read again after a change (a cancel), whichever observer mounted last', async () => {
    const get = vi
      .spyOn(ordersApi, 'get')
      .mockResolvedValueOnce(answer('pending'))
      .mockResolvedValueOnce(answer('cancelled'));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);
    // The page's detail (useOrder) mounts first, the title's read-only copy after it, as on
    // /orders/{id}: the copy's options are the last the query was given.
    const { result } = renderHook(
      () => ({
        live: useOrder('o1'),
        cached: useCachedOrder('o1'),
        invalidate: useInvalidateOrders(),
      }),
      { wrapper },
    );
    await waitFor(() => {
      expect(result.current.live.data?.status).toBe('pending');
    });
    await act(() => result.current.invalidate());
    await waitFor(() => {
      expect(result.current.cached?.status).toBe('cancelled');
    });
    expect(result.current.live.data?.status).toBe('cancelled');
    expect(get).toHaveBeenCalledTimes(2);
  });
});
