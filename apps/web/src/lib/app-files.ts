/**
 * A first visit does not download the shop (issue 29, ADR 0065): the service worker precaches
 * only what the landing pages need; the rest of the build's files (other pages' chunks, dialogs,
 * the Burmese font, the icons) are listed in app-files.json, cached when first used, and fetched
 * in the background only on a connection that is neither metered nor slow. One definition for the
 * build (vite.config.ts writes the list), the worker and the page.
 */

/** The build's files left out of the install-time precache, written by the build at the root. */
export const APP_FILES_LIST_FILE = 'app-files.json';
export const APP_FILES_LIST_URL = `/${APP_FILES_LIST_FILE}`;
/** The worker's cache of those files, one per build (their names carry a fingerprint). */
export const APP_FILES_CACHE_PREFIX = 'app-files-';
/** Page → worker: download the listed files now (the connection allows it). */
export const WARM_APP_FILES = { type: 'WARM_APP_FILES' } as const;

/** The paths the worker keeps cache-first once used: built assets and icons. */
export const isAppFilePath = (pathname: string): boolean =>
  /^\/(assets|icons)\/[\w.-]+$/.test(pathname);

/** Reads app-files.json ({files: ["/assets/…", …]}); anything malformed is null. */
export function parseAppFileList(data: unknown): string[] | null {
  if (typeof data !== 'object' || data === null) return null;
  const files = (data as { files?: unknown }).files;
  if (!Array.isArray(files)) return null;
  return files.every((file): file is string => typeof file === 'string' && isAppFilePath(file))
    ? files
    : null;
}

export const isWarmAppFilesRequest = (data: unknown): boolean =>
  typeof data === 'object' &&
  data !== null &&
  (data as { type?: unknown }).type === WARM_APP_FILES.type;

/** What the Network Information API tells (Chromium, Android); absent elsewhere. */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
  type?: string;
}

/**
 * Whether the rest of the shop may be downloaded in the background: never when the reader asked
 * to save data, on a mobile (metered) connection, or on one slower than 4G. A browser that tells
 * nothing (Safari, Firefox) is allowed: there is no sign of a cost, and offline use needs the files.
 */
export function mayWarmAppFiles(connection: ConnectionHints | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  if (connection.type === 'cellular') return false;
  return connection.effectiveType === undefined || connection.effectiveType === '4g';
}
