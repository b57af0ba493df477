import { describe, expect, it } from 'vitest';
import { contrastWithWhite, headerTintFor } from '../../components/layout/header-tint.ts';
import enHours from './content/hours-messages.en.json';
import myHours from './content/hours-messages.my.json';
import enDialogs from './content/dialog-messages.en.json';
import myDialogs from './content/dialog-messages.my.json';
import enInfo from './content/info-pages.en.json';
import myInfo from './content/info-pages.my.json';
import enLazy from './content/lazy-messages.en.json';
import myLazy from './content/lazy-messages.my.json';
import { PLACEHOLDER_IMAGE, safeImageSource } from '../../lib/image-source.ts';
import en from './locales/en.json';
import my from './locales/my.json';
import { formatFaceValue, formatKyat } from '../../lib/money-format.ts';
import { resolveSafeUrl } from './safe-url.ts';

const origin = 'https://shop.example';

describe('safe URLs (spec §5: only safe URLs are opened)', () => {
  it('accepts http(s) URLs and paths on this site', () => {
    expect(resolveSafeUrl('https://example.org/promo', origin)).toEqual({
      href: 'https://example.org/promo',
      external: true,
      host: 'example.org',
    });
    expect(resolveSafeUrl('/product/mobile-topup', origin)).toMatchObject({
      href: 'https://shop.example/product/mobile-topup',
      external: false,
    });
    expect(resolveSafeUrl('https://shop.example/orders', origin)?.external).toBe(false);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/x',
    '/\\evil.example',
    'ftp://example.org',
    'promo',
    'https://user:pass@example.org/',
    '',
  ])('refuses %j', (url) => {
    expect(resolveSafeUrl(url, origin)).toBeNull();
  });
});

describe('image sources (spec §5)', () => {
  it('trims quotes and backticks and keeps http and // URLs', () => {
    expect(safeImageSource(' "https://cdn.example/a.png" ')).toBe('https://cdn.example/a.png');
    expect(safeImageSource('`//cdn.example/a.png`')).toBe('//cdn.example/a.png');
  });

  it("keeps the shop's own root-relative images (any host name loads them)", () => {
    expect(safeImageSource('/media/banners/1.svg')).toBe('/media/banners/1.svg');
    expect(safeImageSource(' "/media/a.png" ')).toBe('/media/a.png');
  });

  it('uses the placeholder for anything else', () => {
    for (const bad of [
      'javascript:alert(1)',
      '/\\evil.example/a.png',
      '/media/a b.png',
      'a.png',
      '',
      null,
      undefined,
    ]) {
      expect(safeImageSource(bad)).toBe(PLACEHOLDER_IMAGE);
    }
  });
});

describe('money', () => {
  it('formats kyat in both languages', () => {
    expect(formatKyat(1000, 'en')).toBe('1,000 Ks');
    expect(formatKyat(250000, 'my')).toBe('၂၅၀,၀၀၀ ကျပ်');
  });

  it('formats a gift card face value from minor units', () => {
    expect(formatFaceValue({ amount: 1000, currency: 'USD' }, 'en')).toBe('US$10');
    expect(formatFaceValue({ amount: 1050, currency: 'USD' }, 'en')).toBe('US$10.50');
    expect(formatFaceValue({ amount: 5000, currency: 'MYR' }, 'en')).toBe('MYR 50');
    expect(formatFaceValue({ amount: 1050, currency: 'USD' }, 'my')).toBe('US$၁၀.၅၀');
  });
});

describe('header tint', () => {
  it('darkens a light banner colour until white text has 7:1 contrast', () => {
    const tint = headerTintFor([250, 220, 120]);
    const rgb = [1, 3, 5].map((i) => parseInt(tint.slice(i, i + 2), 16)) as [
      number,
      number,
      number,
    ];
    expect(contrastWithWhite(rgb)).toBeGreaterThanOrEqual(7);
  });

  it('keeps an already dark colour', () => {
    expect(headerTintFor([11, 42, 91])).toBe('#0b2a5b');
  });
});

function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [`${prefix}[${String(value.length)}]`];
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keyPaths(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe('translations', () => {
  it.each([
    ['locales', en, my],
    ['lazy messages', enLazy, myLazy],
    ['hours messages', enHours, myHours],
    ['dialog messages', enDialogs, myDialogs],
    ['info pages', enInfo, myInfo],
  ])('%s have the same keys in English and Burmese', (_name, english, burmese) => {
    expect(keyPaths(burmese).sort()).toEqual(keyPaths(english).sort());
  });

  it('Burmese texts are written in Myanmar script', () => {
    const strings = JSON.stringify([my, myLazy, myHours, myDialogs, myInfo]);
    expect(strings).toMatch(/[\u1000-\u109F]/);
    expect(myInfo.infoPages.legal.terms.title).toMatch(/^[\u1000-\u109F ]+$/);
  });
});
