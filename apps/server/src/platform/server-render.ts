import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  fallbackLanguage,
  languageFromHeader,
  languageOfTag,
  type Language,
} from '@shop/contracts/languages';
import { webAppManifestPath } from '@shop/contracts/web-app-manifest';
import { cachedResponse, type CachedResponse, type ResponseCache } from './cache.ts';

/** What apps/web/src/entry-server.tsx exports (built to apps/web/dist-ssr/entry-server.js). */
interface ServerEntry {
  isServerPage(path: string): boolean;
  /** False for pages rendered afresh on every visit (shared orders). */
  isCacheablePage(path: string): boolean;
  renderPage(request: {
    path: string;
    search: string;
    language: Language;
    origin: string;
    api: (path: string, headers: Record<string, string>) => Promise<Response>;
  }): Promise<{
    html: string;
    state: string;
    modules: string[];
    head?: string;
    status?: number;
    /** The page's document title, not escaped. */
    title?: string;
  } | null>;
}

/**
 * A rendered page and its HTTP status (200; 404 for a shared page whose link is gone or a category
 * that does not exist).
 */
export interface RenderedPage {
  response: CachedResponse;
  status: number;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * What a rendered page needs besides the entry, from the web build's manifest: its route's
 * stylesheets (in <head>), and the chunks its route and the Burmese strings run (preloaded with the
 * entry, so the app takes the page over without a second round of downloads).
 */
function createPageNeeds(webRoot: string) {
  const manifestPath = path.join(webRoot, '.vite', 'manifest.json');
  const manifest = fs.existsSync(manifestPath)
    ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>)
    : {};
  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (seen.has(key) || !chunk) return;
      seen.add(key);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return seen;
  };
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const inEntry = closure(entryKeys);
  const entryCss = new Set([...inEntry].flatMap((key) => manifest[key]?.css ?? []));
  return (modules: string[]) => {
    const chunks = [...closure(modules)].filter((key) => !inEntry.has(key));
    // The route's styles, which the app would add only once its chunk has run: without them the
    // page would show unstyled until then (and without JavaScript, for ever).
    const css = new Set(chunks.flatMap((key) => manifest[key]?.css ?? []));
    return {
      stylesheets: [...css]
        .filter((file) => !entryCss.has(file))
        .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
        .join(''),
      chunks: chunks.map((key) => `/${manifest[key]?.file ?? ''}`),
    };
  };
}

/** The web build's server entry, beside its browser build (apps/web: npm run build). */
const serverEntryOf = (webRoot: string) => path.join(webRoot, '..', 'dist-ssr', 'entry-server.js');

/** The language cookie the web app writes (apps/web/src/lib/i18n.ts LANGUAGE_COOKIE). */
const LANGUAGE_COOKIE = 'lang';
const SERVER_LANGUAGE_ATTRIBUTE = 'data-server-language';
const SERVER_STATE_ELEMENT_ID = 'server-state';

/**
 * The page's language, in the web app's own order (src/lib/i18n.ts detectLanguage): ?lang=, the
 * reader's stored choice (cookie), the browser's languages by preference, else English.
 */
export function pageLanguage(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = typeof query?.lang === 'string' ? languageOfTag(query.lang) : undefined;
  const fromCookie = languageOfTag(request.cookies[LANGUAGE_COOKIE]);
  const header = request.headers['accept-language'];
  const fromBrowser = header ? languageFromHeader(header) : fallbackLanguage;
  return fromQuery ?? fromCookie ?? fromBrowser;
}

/** JSON inside <script type="application/json">: nothing in it may close the element. */
const scriptSafeJson = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const escapeAttribute = (value: string) =>
  value.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

/** The page's own <title> in place of index.html's (issue 26: every page has its own title). */
const withTitle = (head: string, title: string | undefined) =>
  title === undefined
    ? head
    : head.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttribute(title)}</title>`);

/**
 * A page of the web build (index.html, or its head) as the installable app in each language: its
 * <html lang> (the app page's "still loading" words show in it), the link to that language's web
 * app manifest, and the name iOS suggests for the home screen
 * (apple-mobile-web-app-title) set to the manifest's short_name. The web build writes a manifest
 * per language (apps/web src/features/install/web-app-manifest.ts); index.html names the English
 * one.
 */
export function installableInEachLanguage(webRoot: string, html: string): Record<Language, string> {
  /** Sets an attribute's value in the first tag that starts with `tagStart` (as Vite wrote it). */
  const setValue = (page: string, tagStart: string, value: string) =>
    page.replace(new RegExp(`(${tagStart}")[^"]*"`), (_tag, start: string) => `${start}${value}"`);
  const shortNameOf = (language: Language) => {
    const file = path.join(webRoot, webAppManifestPath(language));
    if (!fs.existsSync(file)) return undefined;
    const { short_name: shortName } = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      short_name?: unknown;
    };
    return typeof shortName === 'string' ? shortName : undefined;
  };
  const inLanguage = (language: Language) => {
    const linked = setValue(
      html.replace(/<html lang="[^"]*"/, `<html lang="${language}"`),
      '<link rel="manifest" href=',
      webAppManifestPath(language),
    );
    const shortName = shortNameOf(language);
    return shortName === undefined
      ? linked
      : setValue(
          linked,
          '<meta name="apple-mobile-web-app-title" content=',
          escapeAttribute(shortName),
        );
  };
  return { en: inLanguage('en'), my: inLanguage('my') };
}

export interface ServerRenderer {
  /** The page for a first visit (HTML, also br/gzip), or null when the browser renders this route. */
  render(request: FastifyRequest): Promise<RenderedPage | null>;
}

/**
 * Server rendering of the pages a first visit lands on (ADR 0027): the web build's entry renders
 * the React app with the catalogue answers it needs, which it asks of this server's own API
 * (app.inject: the same cached answers, the same request limits keyed by the visitor's address).
 * A page holds no customer's data (it is rendered as a guest's), so it is kept with the catalogue
 * answers it was made from, per address and language, compressed once: it goes when they change,
 * on every instance. Null when the web build has no server entry (as in server tests).
 */
export async function loadServerRenderer(
  app: FastifyInstance,
  webRoot: string,
  indexHtml: string,
  cache: ResponseCache,
  /** The shop's public address (config.publicUrl), for absolute URLs (og:url, og:image). */
  publicUrl: string,
): Promise<ServerRenderer | null> {
  const entryPath = serverEntryOf(webRoot);
  if (!fs.existsSync(entryPath)) return null;
  const entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
  const pageNeeds = createPageNeeds(webRoot);
  const shell = shellOf(indexHtml);
  const pages: PageMaker = {
    app,
    entry,
    publicUrl,
    pageNeeds,
    shell,
    heads: installableInEachLanguage(webRoot, shell.head),
  };

  return {
    render(request) {
      const pathname = request.url.split('?')[0] ?? '/';
      if (!entry.isServerPage(pathname)) return Promise.resolve(null);
      const language = pageLanguage(request);
      // A page whose data can change behind the catalogue's back (a share link disabled or expired)
      // is rendered for every visit, never kept.
      if (!entry.isCacheablePage(pathname)) return renderPage(pages, request, language);
      // A kept page keeps its status with it (a category that does not exist stays a 404).
      return cache
        .getOrCompute(`page:${language}:${request.url}`, async () => {
          const page = await renderPage(pages, request, language);
          return { ...page.response, status: page.status };
        })
        .then((response) => ({ response, status: response.status ?? 200 }));
    },
  };
}

/** index.html around the root element, without the app's script tags (start.js adds them). */
interface Shell {
  head: string;
  tail: string;
  /** The app's module script, and the scripts index.html preloads for it. */
  entrySrc: string;
  preloadSrcs: string[];
}

function shellOf(indexHtml: string): Shell {
  // The app's script and its chunks start after the page's first paint (public/start.js): the
  // rendered page is read without them, so they must not compete with its styles and images.
  const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(
    indexHtml,
  );
  const entryPreloads = [
    ...indexHtml.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g),
  ];
  if (!entryScript) throw new Error('index.html has no module script');
  let template = indexHtml.replace(entryScript[0], '');
  for (const [tag] of entryPreloads) template = template.replace(tag, '');
  const [head, shellTail] = template.split('<div id="root"></div>');
  if (shellTail === undefined || head === undefined)
    throw new Error('index.html has no <div id="root">');
  // A rendered page is read before any script: the app page's "still loading" part is not needed.
  const tail = shellTail.replace(/<!-- boot-wait[\s\S]*?<!-- \/boot-wait -->\s*/, '');
  return {
    head,
    tail,
    entrySrc: entryScript[1] ?? '',
    preloadSrcs: entryPreloads.map((match) => match[1] ?? ''),
  };
}

/** What a page is rendered with: the web build's entry and what it needs, and this server. */
interface PageMaker {
  app: FastifyInstance;
  entry: ServerEntry;
  publicUrl: string;
  pageNeeds: ReturnType<typeof createPageNeeds>;
  shell: Shell;
  heads: Record<Language, string>;
}

/** A page rendered as a guest's, its catalogue answers asked of this server's own API. */
async function renderPage(
  { app, entry, publicUrl, pageNeeds, shell, heads }: PageMaker,
  request: FastifyRequest,
  language: Language,
): Promise<RenderedPage> {
  const [pathname = '/', search = ''] = request.url.split(/\?(.*)/s);
  const page = await entry.renderPage({
    path: pathname,
    search,
    language,
    origin: publicUrl,
    api: async (apiPath, headers) => {
      const answer = await app.inject({
        method: 'GET',
        url: apiPath,
        headers,
        remoteAddress: request.ip,
      });
      return new Response(answer.rawPayload, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
      });
    },
  });
  if (!page) throw new Error(`${pathname} is not a server-rendered page`);
  // React puts the preloads it found (images of the first screen) first: they go in <head>.
  const preloads = /^(?:<link [^>]*>)*/.exec(page.html)?.[0] ?? '';
  const { stylesheets, chunks } = pageNeeds(page.modules);
  const starter =
    `<script src="/start.js" data-entry="${shell.entrySrc}" ` +
    `data-preload="${[...shell.preloadSrcs, ...chunks].join(' ')}"></script>`;
  const response = cachedResponse(
    withTitle(heads[language], page.title)
      .replace(/<html lang="[^"]*"/, `<html lang="${language}" ${SERVER_LANGUAGE_ATTRIBUTE}`)
      .replace('</head>', `${page.head ?? ''}${preloads}${stylesheets}</head>`) +
      `<div id="root">${page.html.slice(preloads.length)}</div>` +
      `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${scriptSafeJson(page.state)}</script>` +
      shell.tail.replace('</body>', `${starter}</body>`),
    'text/html; charset=utf-8',
  );
  return { response, status: page.status ?? 200 };
}
