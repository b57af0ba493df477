import type { Language } from '@shop/contracts/i18n';
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'node:stream';
import { App, createQueryClient } from './app/app.tsx';
import { prefetchServerPage } from './app/route-data.ts';

export { isCacheablePage, isServerPage } from './app/route-data.ts';
import { setServerTransport, type ServerTransport } from './lib/api-client.ts';
import { burmeseMessageModules, i18n, i18nReady } from './lib/i18n.ts';
import { ServerPageTitle } from './lib/page-title.tsx';
import { burmeseFontPreload } from './styles/burmese-font.ts';

export interface RenderedPage {
  /** The app's HTML, for inside <div id="root">. */
  html: string;
  /** The query cache the page was rendered from (TanStack Query dehydrated state), as JSON. */
  state: string;
  /** Source modules the page runs besides the entry (its route; the Burmese strings), to preload. */
  modules: string[];
  /** Extra tags for <head> (e.g. a shared page's Open Graph), every value HTML-escaped; or ''. */
  head: string;
  /** The HTTP status (404: a shared page whose link is gone, a category that does not exist). */
  status: number;
  /** The page's document title ("Mobile Top-up · MyanTopup"), in its language, not escaped. */
  title: string;
}

export interface RenderRequest {
  path: string;
  /** The query string without "?" ('' when none). */
  search: string;
  language: Language;
  /** The shop's public origin (https://host, no path), for absolute URLs in <head>. */
  origin: string;
  /** How this server answers its own API (the same cached catalogue answers the browser gets). */
  api: ServerTransport;
}

/**
 * One render at a time: the app reads its language from the one translator (as it does in
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
  origin,
  api,
}: RenderRequest): Promise<RenderedPage | null> {
  await i18nReady();
  await i18n.changeLanguage(language);
  setServerTransport(api);
  const queryClient = createQueryClient();
  const page = await prefetchServerPage(queryClient, path, search, language, origin);
  if (!page) return null;
  // The page's <PageTitle> writes its title here while it renders (lib/page-title.tsx).
  const found: { title?: string } = {};
  const setTitle = (text: string) => {
    found.title = text;
  };
  const html = await renderToString(
    <StrictMode>
      <ServerPageTitle value={setTitle}>
        <App queryClient={queryClient} serverLocation={{ path, search }} />
      </ServerPageTitle>
    </StrictMode>,
  );
  const modules = [
    ...(page.module ? [page.module] : []),
    ...(language === 'my' ? burmeseMessageModules : []),
  ];
  return {
    html,
    state: JSON.stringify(dehydrate(queryClient)),
    modules,
    // A Burmese page's text waits for its font: the regular weight starts with the page.
    head: language === 'my' ? `${burmeseFontPreload}${page.head}` : page.head,
    status: page.status,
    title: found.title ?? i18n.t('app.name'),
  };
}

function renderToString(element: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    let failed: unknown;
    // A render that cannot finish (a part that never loads) must not hold the queue: it fails,
    // and the server sends the app page instead.
    const timer = setTimeout(() => {
      stream.abort(new Error(`server render took over ${String(RENDER_TIMEOUT_MS)} ms`));
    }, RENDER_TIMEOUT_MS);
    const stream = renderToPipeableStream(element, {
      onAllReady() {
        clearTimeout(timer);
        if (failed !== undefined)
          reject(failed instanceof Error ? failed : new Error('server render failed'));
        else stream.pipe(sink);
      },
      // Never move a finished boundary out of line (React does so for large ones, which then
      // needs an inline script to put it back, and JavaScript to see it at all).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError(error) {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error('server render failed'));
      },
      onError(error) {
        failed ??= error;
      },
    });
  });
}
