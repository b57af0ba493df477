import { formatNumber, type Language } from '@shop/contracts/languages';
import type { LibraryFile } from '../../lib/library-files.ts';

/** Spec §9 "Library cache version": the set of libraries this app keeps. */
export const LIBRARY_CACHE_VERSION = 'v1.0.0';
/** Spec §3: the library-cache version marker among the local settings keys. */
export const LIBRARY_CACHE_VERSION_KEY = 'library-cache-version';
/** Spec §5, §9: free space must exceed the download plus this margin. */
export const STORAGE_MARGIN_BYTES = 50 * 1024 * 1024;

/** Spec §4: an update is needed when the stored version differs from the current one. */
export const needsLibraryUpdate = (stored: string | null): boolean =>
  stored !== LIBRARY_CACHE_VERSION;

export const downloadSize = (files: readonly LibraryFile[]): number =>
  files.reduce((sum, file) => sum + file.bytes, 0);

export interface StorageCheck {
  sufficient: boolean;
  /** Bytes the browser still allows this site (quota − usage). */
  free: number;
  /** Download size plus the margin. */
  needed: number;
}

/**
 * Spec §5: "free space must exceed the download size plus 50 MB", free space being what
 * navigator.storage.estimate() leaves this site (quota − usage). Null when the browser does not
 * say: then nothing is downloaded (and nothing is shown), and the next start asks again.
 */
export function checkStorage(
  estimate: { quota?: number; usage?: number } | null,
  size: number,
): StorageCheck | null {
  const quota = estimate?.quota;
  const usage = estimate?.usage;
  if (typeof quota !== 'number' || typeof usage !== 'number') return null;
  if (!Number.isFinite(quota) || !Number.isFinite(usage)) return null;
  const free = Math.max(0, quota - usage);
  const needed = size + STORAGE_MARGIN_BYTES;
  return { sufficient: free > needed, free, needed };
}

export type SizeUnit = 'kb' | 'mb' | 'gb';

const KIB = 1024;
const MIB = 1024 * KIB;
const GIB = 1024 * MIB;

/**
 * A size for people, in the page's digits (formatNumber): whole KB below 1 MB (at least 1 when
 * not 0), MB
 * with up to two decimals (50.02 MB: a download on top of the 50 MB margin still shows), GB with one.
 */
export function formatSize(bytes: number, language: Language): { amount: string; unit: SizeUnit } {
  if (bytes < MIB) {
    const kib = bytes === 0 ? 0 : Math.max(1, Math.round(bytes / KIB));
    return { amount: formatNumber(kib, language), unit: 'kb' };
  }
  if (bytes < GIB)
    return {
      amount: formatNumber(bytes / MIB, language, { maximumFractionDigits: 2 }),
      unit: 'mb',
    };
  return { amount: formatNumber(bytes / GIB, language, { maximumFractionDigits: 1 }), unit: 'gb' };
}
