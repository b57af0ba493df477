import { describe, expect, it, vi } from 'vitest';
import { setConsent, subscribeConsent } from './consent-store.ts';
import { ANALYTICS_CONSENT_KEY, readConsent } from './consent.ts';

describe('the consent store', () => {
  it('tells its followers of an answer given here and of one given in another tab', () => {
    const listener = vi.fn();
    const stop = subscribeConsent(listener);
    setConsent('granted');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(readConsent()).toBe('granted');

    localStorage.setItem(ANALYTICS_CONSENT_KEY, 'denied');
    window.dispatchEvent(new StorageEvent('storage', { key: ANALYTICS_CONSENT_KEY }));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(readConsent()).toBe('denied');

    window.dispatchEvent(new StorageEvent('storage', { key: 'language' }));
    expect(listener).toHaveBeenCalledTimes(2);

    stop();
    setConsent('granted');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
