import { describe, expect, it } from 'vitest';
import { installBannerKind, isIos } from './install-banner-rules.ts';

const base = {
  promptAvailable: false,
  installed: false,
  standalone: false,
  dismissed: false,
  ios: false,
  iosDelayPassed: false,
  path: '/',
};

describe('install banner', () => {
  it("shows on the browser's install-prompt event", () => {
    expect(installBannerKind(base)).toBeNull();
    expect(installBannerKind({ ...base, promptAvailable: true })).toBe('prompt');
  });

  it('shows on iOS after the 3-second delay only', () => {
    expect(installBannerKind({ ...base, ios: true })).toBeNull();
    expect(installBannerKind({ ...base, ios: true, iosDelayPassed: true })).toBe('ios');
    expect(installBannerKind({ ...base, iosDelayPassed: true })).toBeNull();
  });

  it('never shows when installed, running installed, dismissed before, or on the install page', () => {
    for (const hide of [
      { installed: true },
      { standalone: true },
      { dismissed: true },
      { path: '/webapp/install' },
    ]) {
      expect(installBannerKind({ ...base, promptAvailable: true, ...hide })).toBeNull();
      expect(installBannerKind({ ...base, ios: true, iosDelayPassed: true, ...hide })).toBeNull();
    }
  });
});

describe('iOS detection', () => {
  it('knows iPhone and iPad (also iPadOS reporting a Mac) and nothing else', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
    const mac =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
    expect(isIos(iphone, 5)).toBe(true);
    expect(isIos(mac, 5)).toBe(true);
    expect(isIos(mac, 0)).toBe(false);
    expect(isIos(android, 5)).toBe(false);
  });
});
