import { describe, expect, it } from 'vitest';
import {
  isLibraryPath,
  libraryCacheChanges,
  parseCacheLibrariesRequest,
  parseLibraryCacheReply,
  parseLibraryList,
} from './library-files.ts';

describe('library files (ADR 0032)', () => {
  it('knows a library chunk by its path', () => {
    expect(isLibraryPath('/assets/library-qr-code-BBXw-lkx.js')).toBe(true);
    expect(isLibraryPath('/assets/qr-code-BBXw-lkx.js')).toBe(false);
    expect(isLibraryPath('/assets/library-qr-code-BBXw-lkx.js.map')).toBe(false);
    expect(isLibraryPath('/api/library-x.js')).toBe(false);
    expect(isLibraryPath('/assets/library-../sw.js')).toBe(false);
  });

  it('reads libraries.json and refuses anything else', () => {
    expect(
      parseLibraryList({ files: [{ url: '/assets/library-qr-code-a1.js', bytes: 23870 }] }),
    ).toEqual([{ url: '/assets/library-qr-code-a1.js', bytes: 23870 }]);
    expect(parseLibraryList({ files: [] })).toEqual([]);
    expect(parseLibraryList({ files: [{ url: '/sw.js', bytes: 1 }] })).toBeNull();
    expect(parseLibraryList({ files: [{ url: '/assets/library-a.js', bytes: -1 }] })).toBeNull();
    expect(parseLibraryList({ files: [{ url: '/assets/library-a.js' }] })).toBeNull();
    expect(parseLibraryList(null)).toBeNull();
    expect(parseLibraryList({})).toBeNull();
  });

  it('tells stale kept files from missing listed ones after a new build', () => {
    const listed = [
      { url: '/assets/library-qr-code-new.js', bytes: 10 },
      { url: '/assets/library-scan-same.js', bytes: 20 },
    ];
    expect(
      libraryCacheChanges(
        ['/assets/library-qr-code-old.js', '/assets/library-scan-same.js'],
        listed,
      ),
    ).toEqual({
      stale: ['/assets/library-qr-code-old.js'],
      missing: [{ url: '/assets/library-qr-code-new.js', bytes: 10 }],
    });
    expect(libraryCacheChanges([], listed)).toEqual({ stale: [], missing: listed });
  });

  it('lets a page ask the worker for library chunks only', () => {
    expect(
      parseCacheLibrariesRequest({ type: 'CACHE_LIBRARIES', urls: ['/assets/library-a-1.js'] }),
    ).toEqual({ type: 'CACHE_LIBRARIES', urls: ['/assets/library-a-1.js'] });
    expect(parseCacheLibrariesRequest({ type: 'CACHE_LIBRARIES', urls: [] })).toBeNull();
    expect(
      parseCacheLibrariesRequest({ type: 'CACHE_LIBRARIES', urls: ['https://evil.example/x.js'] }),
    ).toBeNull();
    expect(parseCacheLibrariesRequest({ type: 'START_PAYMENT_TIMER' })).toBeNull();
  });

  it('reads the worker answers', () => {
    expect(parseLibraryCacheReply({ type: 'LIBRARY_CACHED', url: '/assets/library-a.js' })).toEqual(
      { type: 'LIBRARY_CACHED', url: '/assets/library-a.js' },
    );
    expect(parseLibraryCacheReply({ type: 'LIBRARIES_CACHED' })).toEqual({
      type: 'LIBRARIES_CACHED',
    });
    expect(parseLibraryCacheReply({ type: 'LIBRARIES_FAILED' })).toEqual({
      type: 'LIBRARIES_FAILED',
    });
    expect(parseLibraryCacheReply({ type: 'LIBRARY_CACHED' })).toBeNull();
    expect(parseLibraryCacheReply('x')).toBeNull();
  });
});
