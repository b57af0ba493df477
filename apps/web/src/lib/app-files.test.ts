import { describe, expect, it } from 'vitest';
import { isAppFilePath, mayWarmAppFiles, parseAppFileList } from './app-files.ts';

describe('the files a first visit leaves to later (issue 29)', () => {
  it('downloads the rest in the background only on a connection that allows it', () => {
    expect(mayWarmAppFiles({ effectiveType: '4g' })).toBe(true);
    expect(mayWarmAppFiles({ effectiveType: '4g', type: 'wifi' })).toBe(true);
    expect(mayWarmAppFiles(undefined)).toBe(true);
    expect(mayWarmAppFiles({ effectiveType: '4g', saveData: true })).toBe(false);
    expect(mayWarmAppFiles({ effectiveType: '3g' })).toBe(false);
    expect(mayWarmAppFiles({ effectiveType: 'slow-2g' })).toBe(false);
    expect(mayWarmAppFiles({ effectiveType: '4g', type: 'cellular' })).toBe(false);
  });

  it('reads only a list of built assets and icons', () => {
    expect(
      parseAppFileList({ files: ['/assets/orders-page-AbC1.js', '/icons/icon-192.png'] }),
    ).toEqual(['/assets/orders-page-AbC1.js', '/icons/icon-192.png']);
    expect(parseAppFileList({ files: ['/api/v1/orders'] })).toBeNull();
    expect(parseAppFileList({ files: ['https://elsewhere.example/x.js'] })).toBeNull();
    expect(parseAppFileList({ files: '/assets/a.js' })).toBeNull();
    expect(parseAppFileList(null)).toBeNull();
    expect(isAppFilePath('/assets/vendor-DYj6LF0n.js')).toBe(true);
    expect(isAppFilePath('/assets/../sw.js')).toBe(false);
    expect(isAppFilePath('/orders')).toBe(false);
  });
});
