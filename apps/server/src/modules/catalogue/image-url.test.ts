import { describe, expect, it } from 'vitest';
import { createMediaUrls } from '../../platform/media.ts';
import { sanitizeImageUrl } from './image-url.ts';

const media = createMediaUrls('https://shop.example');
const placeholder = '/media/default.svg';

describe('sanitizeImageUrl (shopping spec §5)', () => {
  it('keeps http(s) and protocol-relative URLs as they are', () => {
    for (const url of [
      'https://cdn.example/a.png',
      'http://cdn.example/a.png?w=300&q=80',
      '//cdn.example/a.png',
    ]) {
      expect(sanitizeImageUrl(url, media)).toBe(url);
    }
  });

  it('trims whitespace, quotes and backticks around the URL', () => {
    expect(sanitizeImageUrl('  "https://cdn.example/a.png"  ', media)).toBe(
      'https://cdn.example/a.png',
    );
    expect(sanitizeImageUrl("'https://cdn.example/a.png'", media)).toBe(
      'https://cdn.example/a.png',
    );
    expect(sanitizeImageUrl('`https://cdn.example/a.png`', media)).toBe(
      'https://cdn.example/a.png',
    );
    expect(sanitizeImageUrl('"`//cdn.example/a.png`"', media)).toBe('//cdn.example/a.png');
  });

  it("keeps the shop's own images root-relative, so any host name the shop is opened at loads them", () => {
    expect(sanitizeImageUrl('/media/banners/1.svg', media)).toBe('/media/banners/1.svg');
    expect(sanitizeImageUrl('"/media/banners/1.svg"', media)).toBe('/media/banners/1.svg');
    // Stored absolute on PUBLIC_URL (e.g. by an older version): made root-relative as well.
    expect(sanitizeImageUrl('https://shop.example/media/banners/1.svg', media)).toBe(
      '/media/banners/1.svg',
    );
    // Another host's URL is not ours to shorten.
    expect(sanitizeImageUrl('https://shop.example.evil/media/1.svg', media)).toBe(
      'https://shop.example.evil/media/1.svg',
    );
  });

  it('replaces anything else with the placeholder image', () => {
    for (const bad of [
      '',
      '   ',
      '""',
      null,
      undefined,
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'ftp://cdn.example/a.png',
      'cdn.example/a.png',
      'images/a.png',
      'https://',
      'https://cdn.example/a b.png',
      'https://cdn.example/"onerror="x',
      '/\\evil.example/a.png',
      '/media/a b.png',
    ]) {
      expect(sanitizeImageUrl(bad, media), String(bad)).toBe(placeholder);
    }
  });
});
