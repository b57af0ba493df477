import {
  CANCEL_LIBRARY_CACHING,
  LIBRARY_LIST_URL,
  parseLibraryCacheReply,
  parseLibraryList,
  type CacheLibrariesRequest,
  type LibraryFile,
} from '../../lib/library-files.ts';
import { LIBRARY_CACHE_VERSION, LIBRARY_CACHE_VERSION_KEY } from './library-cache-rules.ts';

/** No word from the worker for this long: the download is taken as failed (tried again next start). */
const SILENCE_LIMIT_MS = 30_000;

export function readLibraryMarker(): string | null {
  try {
    return localStorage.getItem(LIBRARY_CACHE_VERSION_KEY);
  } catch {
    return null;
  }
}

/** This version's step is done: downloaded, skipped, or skipped for want of space. */
export function markLibrariesDone() {
  try {
    localStorage.setItem(LIBRARY_CACHE_VERSION_KEY, LIBRARY_CACHE_VERSION);
  } catch {
    // Storage blocked: the step is offered again next start.
  }
}

/** This build's library files (precached with the app, so the page's own build's list). */
export async function fetchLibraryList(): Promise<LibraryFile[] | null> {
  try {
    const response = await fetch(LIBRARY_LIST_URL);
    return response.ok ? parseLibraryList(await response.json()) : null;
  } catch {
    return null;
  }
}

export async function estimateStorage(): Promise<StorageEstimate | null> {
  // navigator.storage is missing outside secure contexts.
  if (!('storage' in navigator)) return null;
  try {
    return await navigator.storage.estimate();
  } catch {
    return null;
  }
}

/**
 * Asks the service worker to keep these library files (src/sw.ts, CACHE_LIBRARIES). Resolves when
 * all are kept, rejects when one fails, the worker falls silent, or `signal` aborts (the worker is
 * then told to stop).
 */
export function keepLibraries(
  worker: ServiceWorker,
  urls: string[],
  { signal }: { signal: AbortSignal },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    let silence: ReturnType<typeof setTimeout> | undefined;
    const finish = (error?: Error) => {
      clearTimeout(silence);
      signal.removeEventListener('abort', onAbort);
      channel.port1.close();
      if (error) reject(error);
      else resolve();
    };
    const listen = () => {
      clearTimeout(silence);
      silence = setTimeout(
        finish,
        SILENCE_LIMIT_MS,
        new Error('The service worker did not answer'),
      );
    };
    const onAbort = () => {
      channel.port1.postMessage(CANCEL_LIBRARY_CACHING);
      finish(new DOMException('Skipped', 'AbortError'));
    };
    channel.port1.onmessage = (event: MessageEvent<unknown>) => {
      const reply = parseLibraryCacheReply(event.data);
      if (!reply) return;
      if (reply.type === 'LIBRARY_CACHED') {
        listen();
      } else if (reply.type === 'LIBRARIES_CACHED') finish();
      else finish(new Error('Library download failed'));
    };
    if (signal.aborted) {
      finish(new DOMException('Skipped', 'AbortError'));
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    listen();
    const request: CacheLibrariesRequest = { type: 'CACHE_LIBRARIES', urls };
    worker.postMessage(request, [channel.port2]);
  });
}
