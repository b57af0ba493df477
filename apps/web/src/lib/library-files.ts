/**
 * The library chunks the essential-libraries step keeps on the device (spec §4 "Library cache",
 * ADR 0032), and the messages that ask the service worker to keep them. One definition for the
 * build (vite.config.ts names the chunks and writes the list), the worker and the page.
 */

/** Name of the build's code-splitting groups of on-demand libraries (`library-qr-code`). */
export const LIBRARY_CHUNK_PREFIX = 'library-';
/** This build's library files with their sizes, written by the build at the web root. */
export const LIBRARY_LIST_FILE = 'libraries.json';
export const LIBRARY_LIST_URL = `/${LIBRARY_LIST_FILE}`;
/** The worker's cache of library files (cache-first): filled by the step, or on first use. */
export const LIBRARY_CACHE = 'libraries';

export interface LibraryFile {
  /** Path on this origin, /assets/library-….js */
  url: string;
  bytes: number;
}

const LIBRARY_PATH = new RegExp(`^/assets/${LIBRARY_CHUNK_PREFIX}[\\w-]+\\.js$`);

/** A library chunk's path (fingerprinted, so a stored copy never goes stale). */
export const isLibraryPath = (pathname: string): boolean => LIBRARY_PATH.test(pathname);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Reads libraries.json; anything malformed is null. */
export function parseLibraryList(data: unknown): LibraryFile[] | null {
  if (!isRecord(data) || !Array.isArray(data.files)) return null;
  const files: LibraryFile[] = [];
  for (const file of data.files as unknown[]) {
    if (!isRecord(file)) return null;
    const { url, bytes } = file;
    if (typeof url !== 'string' || !isLibraryPath(url)) return null;
    if (typeof bytes !== 'number' || !Number.isInteger(bytes) || bytes < 0) return null;
    files.push({ url, bytes });
  }
  return files;
}

/**
 * What to do with the worker's library cache for this build's list: files kept from an earlier
 * build (their fingerprint changed) are `stale`; listed files not kept yet are `missing`.
 */
export function libraryCacheChanges(
  keptPaths: readonly string[],
  listed: readonly LibraryFile[],
): { stale: string[]; missing: LibraryFile[] } {
  const listedPaths = new Set(listed.map((file) => file.url));
  const kept = new Set(keptPaths);
  return {
    stale: keptPaths.filter((path) => !listedPaths.has(path)),
    missing: listed.filter((file) => !kept.has(file.url)),
  };
}

/**
 * Page → worker, with a MessagePort for the answers: keep these library files. The worker answers
 * LIBRARY_CACHED per file, then LIBRARIES_CACHED, or LIBRARIES_FAILED at the first that fails.
 * The page may post CANCEL on the port (Skip while downloading).
 */
export interface CacheLibrariesRequest {
  type: 'CACHE_LIBRARIES';
  urls: string[];
}
export type LibraryCacheReply =
  | { type: 'LIBRARY_CACHED'; url: string }
  | { type: 'LIBRARIES_CACHED' }
  | { type: 'LIBRARIES_FAILED' };
export const CANCEL_LIBRARY_CACHING = { type: 'CANCEL' } as const;

/** A worker never fetches what a page names unless it is one of this origin's library chunks. */
export function parseCacheLibrariesRequest(data: unknown): CacheLibrariesRequest | null {
  if (!isRecord(data) || data.type !== 'CACHE_LIBRARIES' || !Array.isArray(data.urls)) return null;
  const urls = data.urls as unknown[];
  if (urls.length === 0 || urls.length > 20) return null;
  if (!urls.every((url): url is string => typeof url === 'string' && isLibraryPath(url)))
    return null;
  return { type: 'CACHE_LIBRARIES', urls };
}

export function parseLibraryCacheReply(data: unknown): LibraryCacheReply | null {
  if (!isRecord(data)) return null;
  if (data.type === 'LIBRARY_CACHED')
    return typeof data.url === 'string' ? { type: 'LIBRARY_CACHED', url: data.url } : null;
  if (data.type === 'LIBRARIES_CACHED' || data.type === 'LIBRARIES_FAILED')
    return { type: data.type };
  return null;
}
