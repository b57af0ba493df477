import type { Language } from '@shop/contracts/i18n';
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { App, createQueryClient } from './app/app.tsx';
import { prefetchServerPage } from './app/route-data.ts';

export { isServerPage } from './app/route-data.ts';
import { setServerTransport, type ServerTransport } from './lib/api-client.ts';
import type { ImagePreload } from './features/catalogue/image-source.ts';
import { burmeseMessageModules, i18n, i18nReady } from './lib/i18n.ts';
import { writeTranslateAttribute } from './lib/preact-setup.ts';

writeTranslateAttribute();

export interface RenderedPage {
  /** The app's HTML, for inside <div id="root">. */
  html: string;
  /** Links for <head>: the first screen's images, preloaded. */
  head: string;
  /** The query cache the page was rendered from (TanStack Query dehydrated state), as JSON. */
  state: string;
  /** Source modules the page runs besides the entry (its route; the Burmese strings), to preload. */
  modules: string[];
}

export interface RenderRequest {
  path: string;
  /** The query string without "?" ('' when none). */
  search: string;
  language: Language;
  /** How this server answers its own API (the same cached catalogue answers the browser gets). */
  api: ServerTransport;
}

/**
 * One render at a time: the app reads its language from the one i18next instance (as it does in
 * the browser), so a Burmese render must not interleave with an English one. A render takes a
 * few milliseconds of CPU, which one process spends one at a time anyway.
 */
let queue: Promise<unknown> = Promise.resolve();
const RENDER_TIMEOUT_MS = 5_000;

/**
 * Renders a page a first visit lands on (app/route-data.ts) as HTML, with the catalogue data it
 * needs; null for routes the browser renders. Waits for the whole page (onAllReady) before
 * returning: every Suspense boundary is then complete, so the HTML needs no inline script to
 * reveal late boundaries, and the strict CSP (no inline script) holds.
 */
export function renderPage(request: RenderRequest): Promise<RenderedPage | null> {
  const result = queue.then(() => render(request));
  queue = result.catch(() => undefined);
  return result;
}

async function render({
  path,
  search,
  language,
  api,
}: RenderRequest): Promise<RenderedPage | null> {
  await i18nReady();
  await i18n.changeLanguage(language);
  setServerTransport(api);
  const queryClient = createQueryClient();
  const page = await prefetchServerPage(queryClient, path, search, language);
  if (!page) return null;
  const html = await renderToString(
    <StrictMode>
      <App queryClient={queryClient} serverLocation={{ path, search }} />
    </StrictMode>,
  );
  const modules = [
    ...(page.module ? [page.module] : []),
    ...(language === 'my' ? burmeseMessageModules : []),
  ];
  return {
    html,
    head: imagePreloadLinks(page.images),
    state: JSON.stringify(dehydrate(queryClient)),
    modules,
  };
}

/** Renders the whole page, every lazy part loaded (no fallback left, so no inline script). */
async function renderToString(element: React.ReactNode): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A render that cannot finish (a part that never loads) must not hold the queue: it fails,
  // and the server sends the app page instead.
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`server render took over ${String(RENDER_TIMEOUT_MS)} ms`));
    }, RENDER_TIMEOUT_MS);
  });
  try {
    return await Promise.race([renderToStringAsync(element as VNode), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** <link rel="preload"> for the first screen's images. */
const imagePreloadLinks = (images: ImagePreload[]) =>
  images
    .map(
      ({ href, media }) =>
        `<link rel="preload" as="image" fetchpriority="high" href="${attribute(href)}" media="${attribute(media)}">`,
    )
    .join('');
