import { use, type ComponentType } from 'react';

/** A page's chunk that fails to download is asked for again this many times, this far apart. */
export const CHUNK_RETRIES = 2;
export const CHUNK_RETRY_DELAY_MS = 1000;

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/** Loads a module, asking again after a failure (a dropped connection on a patchy network). */
export async function loadWithRetries<T>(
  load: () => Promise<T>,
  retries = CHUNK_RETRIES,
  delayMs = CHUNK_RETRY_DELAY_MS,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= retries) throw error;
      await wait(delayMs * (attempt + 1));
    }
  }
}

/** Failed loads, forgotten when the person (or the crash screen's timer) tries again. */
const failedLoads = new Set<() => void>();

/**
 * Lets every page whose code failed to download load it again on its next render: the crash
 * screen's Try Again calls this before drawing the page anew (React.lazy would keep the failure
 * for good, and Try Again could never work).
 */
export function retryFailedPages() {
  for (const forget of failedLoads) forget();
  failedLoads.clear();
}

/**
 * A lazily loaded page (or part) that can be loaded ahead of rendering: `preload()` fetches the
 * module and, once it has arrived, the component renders it directly instead of suspending. A
 * server-rendered page preloads its lazy parts before React takes over the HTML (main.tsx): a part
 * still loading then would make React drop its server HTML for the fallback at the first update
 * (content vanishing and coming back, a layout shift), and hydration waits for nothing.
 *
 * Its chunk is asked for up to CHUNK_RETRIES more times; if it still cannot be had, rendering
 * throws the error, so the page's error boundary shows the crash screen (never a blank page), and
 * after `retryFailedPages()` the next render asks again.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  let failure: { error: unknown } | undefined;
  const preload = (): Promise<void> => {
    if (loaded) return Promise.resolve();
    loading ??= loadWithRetries(load).then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        failure = { error };
        failedLoads.add(() => {
          failure = undefined;
          loading = undefined;
        });
        throw error;
      },
    );
    return loading;
  };
  function LazyPage(props: P) {
    if (failure) throw failure.error;
    if (!loaded) use(preload());
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : null;
  }
  LazyPage.preload = preload;
  return LazyPage;
}
