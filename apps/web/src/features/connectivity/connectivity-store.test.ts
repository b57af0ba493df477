import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createConnectivityStore,
  PROBE_INTERVAL_MS,
  PROBE_TIMEOUT_MS,
  type ConnectivityDeps,
} from './connectivity-store.ts';

describe('connectivity store', () => {
  let browserOnline = true;
  let visible = true;
  let answer: 'ok' | 'fail' | 'hang' = 'ok';
  const probe = vi.fn<ConnectivityDeps['probe']>();
  let windowEvents = new EventTarget();
  let documentEvents = new EventTarget();

  const make = () =>
    createConnectivityStore({
      probe,
      isBrowserOnline: () => browserOnline,
      isVisible: () => visible,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (id) => {
        clearTimeout(id as ReturnType<typeof setTimeout>);
      },
      events: { window: windowEvents, document: documentEvents },
    });

  beforeEach(() => {
    vi.useFakeTimers();
    windowEvents = new EventTarget();
    documentEvents = new EventTarget();
    browserOnline = true;
    visible = true;
    answer = 'ok';
    probe.mockReset();
    probe.mockImplementation(() =>
      answer === 'ok'
        ? Promise.resolve({ status: 'ok' })
        : answer === 'fail'
          ? Promise.reject(new Error('Network connection lost'))
          : new Promise(() => undefined),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('probes every 30 s while visible and online, and only while someone listens', async () => {
    const store = make();
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 2);
    expect(probe).not.toHaveBeenCalled();

    const unsubscribe = store.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS - 1);
    expect(probe).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(probe).toHaveBeenCalledTimes(2);

    // Hidden: no probes; visible again: the 30 s start over.
    visible = false;
    documentEvents.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 3);
    expect(probe).toHaveBeenCalledTimes(2);
    visible = true;
    documentEvents.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(probe).toHaveBeenCalledTimes(3);

    unsubscribe();
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 3);
    expect(probe).toHaveBeenCalledTimes(3);
  });

  it('a failed probe sets offline, a probe that answers sets online again', async () => {
    const store = make();
    store.subscribe(() => undefined);
    answer = 'fail';
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(store.getSnapshot().online).toBe(false);
    answer = 'ok';
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(store.getSnapshot().online).toBe(true);
  });

  it('a probe with no answer in 6 s is a failure, and its request is aborted', async () => {
    const store = make();
    store.subscribe(() => undefined);
    answer = 'hang';
    const result = store.probe();
    expect(store.getSnapshot().checking).toBe(true);
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS - 1);
    expect(store.getSnapshot()).toMatchObject({ online: true, checking: true });
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe(false);
    expect(store.getSnapshot()).toMatchObject({ online: false, checking: false });
    const signal = probe.mock.calls[0]?.[0];
    expect(signal?.aborted).toBe(true);
  });

  it('the offline event sets offline at once and stops probing; online probes at once', async () => {
    const store = make();
    store.subscribe(() => undefined);
    browserOnline = false;
    windowEvents.dispatchEvent(new Event('offline'));
    expect(store.getSnapshot().online).toBe(false);
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 3);
    expect(probe).not.toHaveBeenCalled();

    browserOnline = true;
    windowEvents.dispatchEvent(new Event('online'));
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getSnapshot().online).toBe(true);
  });

  it('Try Again counts the tries and probes at once; the count is 0 once back online', async () => {
    const store = make();
    store.subscribe(() => undefined);
    browserOnline = false;
    windowEvents.dispatchEvent(new Event('offline'));
    answer = 'fail';
    await store.retry();
    expect(probe).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toMatchObject({ online: false, attempts: 1 });
    await store.retry();
    expect(store.getSnapshot()).toMatchObject({ online: false, attempts: 2 });
    answer = 'ok';
    await store.retry();
    expect(store.getSnapshot()).toMatchObject({ online: true, attempts: 0 });
  });

  it('runs one probe at a time', async () => {
    const store = make();
    answer = 'hang';
    void store.probe();
    void store.probe();
    void store.retry();
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS);
  });
});
