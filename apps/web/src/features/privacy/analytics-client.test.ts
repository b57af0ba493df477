import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  analytics,
  createAnalyticsClient,
  FLUSH_DELAY_MS,
  toServerParams,
  type AnalyticsDeps,
  type AnalyticsRecord,
} from './analytics-client.ts';
import { ANALYTICS_CONSENT_KEY, readConsent, saveConsent } from './consent.ts';
import { track } from './track.ts';

const event = (name: string, params: AnalyticsRecord['params'] = {}): AnalyticsRecord => ({
  name,
  params,
  at: '2025-10-01T08:00:00.000Z',
});

describe('the consent answer kept on the device', () => {
  it('is unanswered until the banner is answered, and only granted or denied counts', () => {
    expect(readConsent()).toBeNull();
    localStorage.setItem(ANALYTICS_CONSENT_KEY, 'yes please');
    expect(readConsent()).toBeNull();
    saveConsent('denied');
    expect(localStorage.getItem(ANALYTICS_CONSENT_KEY)).toBe('denied');
    expect(readConsent()).toBe('denied');
    saveConsent('granted');
    expect(readConsent()).toBe('granted');
  });

  it('holds for the visit when storage is blocked', () => {
    const get = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    saveConsent('granted');
    expect(readConsent()).toBe('granted');
    saveConsent('denied');
    expect(readConsent()).toBe('denied');
    expect(get).toHaveBeenCalled();
    vi.restoreAllMocks();
    // Storage back: it is the answer again (cleared after each test: unanswered).
    saveConsent('granted');
    localStorage.clear();
    expect(readConsent()).toBeNull();
  });
});

describe('the analytics client', () => {
  let granted = true;
  const send = vi.fn<AnalyticsDeps['send']>();
  const make = () =>
    createAnalyticsClient({
      send,
      granted: () => granted,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (id) => {
        clearTimeout(id as ReturnType<typeof setTimeout>);
      },
    });

  beforeEach(() => {
    vi.useFakeTimers();
    granted = true;
    send.mockReset();
    send.mockResolvedValue(undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps nothing and sends nothing without consent', () => {
    granted = false;
    const client = make();
    client.record(event('page_view', { page_path: '/' }));
    expect(client.pending()).toBe(0);
    vi.advanceTimersByTime(FLUSH_DELAY_MS * 10);
    client.flush({ keepalive: true });
    expect(send).not.toHaveBeenCalled();
  });

  it('sends a page’s events together, once, after a short wait', () => {
    const client = make();
    client.record(event('page_view', { page_path: '/' }));
    client.record(event('add_to_cart', { item_id: 'p1', quantity: 2, value: 6000 }));
    vi.advanceTimersByTime(FLUSH_DELAY_MS - 1);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0].map((e) => e.name)).toEqual(['page_view', 'add_to_cart']);
    expect(send.mock.calls[0]?.[1]).toEqual({ keepalive: false });
    vi.advanceTimersByTime(FLUSH_DELAY_MS * 5);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends at once when 20 events wait (the server’s batch limit)', () => {
    const client = make();
    for (let i = 0; i < 25; i += 1) client.record(event('page_view', { page_path: `/${i}` }));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0]).toHaveLength(20);
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]?.[0]).toHaveLength(5);
  });

  it('drops what waits when consent is withdrawn before it is sent', () => {
    const client = make();
    client.record(event('page_view', { page_path: '/' }));
    granted = false;
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(send).not.toHaveBeenCalled();
    expect(client.pending()).toBe(0);
    granted = true;
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends what waits with a request that outlives the page when the page is left', () => {
    const client = make();
    client.record(event('purchase', { value: 3000, payment_method: 'mmqr' }));
    client.flush({ keepalive: true });
    expect(send).toHaveBeenCalledWith([expect.objectContaining({ name: 'purchase' })], {
      keepalive: true,
    });
  });

  it('a failed send is not retried and does not throw', async () => {
    send.mockRejectedValueOnce(new Error('offline'));
    const client = make();
    client.record(event('page_view', { page_path: '/' }));
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    await Promise.resolve();
    vi.advanceTimersByTime(FLUSH_DELAY_MS * 5);
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('parameters as the server takes them', () => {
  it('gives money in kyat the currency MMK (shopping spec §9), whatever the caller said', () => {
    expect(toServerParams({ value: 5000, currency: 'USD', payment_method: 'mmqr' })).toEqual({
      value: 5000,
      payment_method: 'mmqr',
      currency: 'MMK',
    });
    expect(toServerParams({ page_path: '/' })).toEqual({ page_path: '/' });
  });

  it('keeps at most 10 parameters, the currency of a money event among them, strings ≤ 100', () => {
    const many = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`p${i}`, i]));
    expect(Object.keys(toServerParams(many))).toHaveLength(10);
    const money = toServerParams({ value: 1000, ...many });
    expect(Object.keys(money)).toHaveLength(10);
    expect(money.currency).toBe('MMK');
    expect(money.value).toBe(1000);
    expect(toServerParams({ page_path: 'x'.repeat(150) }).page_path).toHaveLength(100);
  });
});

describe('track()', () => {
  let record: MockInstance<typeof analytics.record>;
  beforeEach(() => {
    record = vi.spyOn(analytics, 'record').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('keeps nothing before the banner is answered or after Decline', async () => {
    track('page_view', { page_path: '/' });
    saveConsent('denied');
    track('add_to_cart', { value: 1000 });
    await settle();
    expect(record).not.toHaveBeenCalled();
  });

  it('hands the event to the client, stamped with the time it happened, after Accept', async () => {
    saveConsent('granted');
    track('add_to_cart', { item_id: 'p1', quantity: 1, value: 1000 });
    await settle();
    expect(record).toHaveBeenCalledWith({
      name: 'add_to_cart',
      params: { item_id: 'p1', quantity: 1, value: 1000 },
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
    });
  });
});
