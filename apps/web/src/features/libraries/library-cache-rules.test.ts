import { describe, expect, it } from 'vitest';
import {
  checkStorage,
  downloadSize,
  formatSize,
  LIBRARY_CACHE_VERSION,
  needsLibraryUpdate,
  STORAGE_MARGIN_BYTES,
} from './library-cache-rules.ts';

const MB = 1024 * 1024;

describe('library cache version (spec §4, §9)', () => {
  it('needs an update unless the stored marker is v1.0.0', () => {
    expect(LIBRARY_CACHE_VERSION).toBe('v1.0.0');
    expect(needsLibraryUpdate(null)).toBe(true);
    expect(needsLibraryUpdate('v0.9.0')).toBe(true);
    expect(needsLibraryUpdate('')).toBe(true);
    expect(needsLibraryUpdate('v1.0.0')).toBe(false);
  });
});

describe('download size', () => {
  it('adds up the files of the list', () => {
    expect(downloadSize([])).toBe(0);
    expect(
      downloadSize([
        { url: '/assets/library-qr-code-a1.js', bytes: 23_870 },
        { url: '/assets/library-scan-b2.js', bytes: 130_000 },
      ]),
    ).toBe(153_870);
  });
});

describe('storage check (spec §5: free space must exceed the download plus 50 MB)', () => {
  const size = 24 * 1024;

  it('is sufficient only above the download plus the margin', () => {
    expect(STORAGE_MARGIN_BYTES).toBe(50 * MB);
    const needed = size + 50 * MB;
    expect(checkStorage({ quota: 1000 * MB, usage: 10 * MB }, size)).toEqual({
      sufficient: true,
      free: 990 * MB,
      needed,
    });
    expect(checkStorage({ quota: needed + 1, usage: 0 }, size)?.sufficient).toBe(true);
    // Exactly the download plus the margin does not exceed it.
    expect(checkStorage({ quota: needed, usage: 0 }, size)?.sufficient).toBe(false);
    expect(checkStorage({ quota: 100 * MB, usage: 60 * MB }, size)).toEqual({
      sufficient: false,
      free: 40 * MB,
      needed,
    });
  });

  it('counts a usage above the quota as no free space', () => {
    expect(checkStorage({ quota: 10 * MB, usage: 12 * MB }, size)).toMatchObject({
      sufficient: false,
      free: 0,
    });
  });

  it('cannot tell without a quota and a usage', () => {
    expect(checkStorage(null, size)).toBeNull();
    expect(checkStorage({ quota: 100 * MB }, size)).toBeNull();
    expect(checkStorage({ usage: 0 }, size)).toBeNull();
    expect(checkStorage({ quota: Number.POSITIVE_INFINITY, usage: 0 }, size)).toBeNull();
  });
});

describe('sizes for people, in the page digits', () => {
  it('writes KB, MB and GB', () => {
    expect(formatSize(23_870, 'en')).toEqual({ amount: '23', unit: 'kb' });
    expect(formatSize(100, 'en')).toEqual({ amount: '1', unit: 'kb' });
    expect(formatSize(0, 'en')).toEqual({ amount: '0', unit: 'kb' });
    expect(formatSize(50 * MB, 'en')).toEqual({ amount: '50', unit: 'mb' });
    expect(formatSize(50 * MB + 23_870, 'en')).toEqual({ amount: '50.02', unit: 'mb' });
    expect(formatSize(12.34 * 1024 * MB, 'en')).toEqual({ amount: '12.3', unit: 'gb' });
    expect(formatSize(50 * MB + 23_870, 'my')).toEqual({ amount: '၅၀.၀၂', unit: 'mb' });
    expect(formatSize(23_870, 'my')).toEqual({ amount: '၂၃', unit: 'kb' });
  });
});
