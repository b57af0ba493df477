import type { Language } from '@shop/contracts/i18n';
import type { QueryClient } from '@tanstack/react-query';
import { bannersQuery } from '../features/catalogue/api/banners.ts';
import { callCentreContactQuery } from '../features/catalogue/api/call-centre-contact.ts';
import {
  categoryProductsQuery,
  listingParamsFromSearch,
} from '../features/catalogue/api/category-products.ts';
import { parentCategoriesQuery } from '../features/catalogue/api/parent-categories.ts';
import { shopClaimsQuery } from '../features/catalogue/api/shop-claims.ts';
import { festivalsQuery } from '../features/festival/api/festivals-api.ts';
import { sharedOrderQuery } from '../features/sharing/api/sharing-api.ts';
import { sharedPageHead } from '../features/sharing/share-head.ts';
import { isAppPath } from '../lib/app-pages.ts';
import { i18n } from '../lib/i18n.ts';

/** The products of the category a /product/{slug} path names (its query string's page and sort). */
const categoryPageQuery = (language: Language, match: RegExpExecArray, search: string) =>
  categoryProductsQuery(
    { category: decodeSegment(match[1] ?? ''), ...listingParamsFromSearch(search) },
    language,
  );

/** A failed call leaves that part of the page to load in the browser. */
const inBrowser = () => undefined;

const decodeSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

type Prefetch = (
  queryClient: QueryClient,
  language: Language,
  match: RegExpExecArray,
  search: string,
) => Promise<unknown>;

/** What a page adds to <head> (escaped HTML), from the data it was rendered with. */
type Head = (
  queryClient: QueryClient,
  context: { language: Language; match: RegExpExecArray; origin: string },
) => string;

/** A page the server renders: its path, the source module of its lazily loaded route, its data. */
interface ServerPage {
  pattern: RegExp;
  /**
   * Source path of the lazily loaded module the page runs before it is live (its route's chunk,
   * router.tsx preloadPage), preloaded with the page; null: all in the entry.
   */
  module: string | null;
  prefetch: Prefetch;
  /** Extra <head> tags (Open Graph of a shared page); none when absent. */
  head?: Head;
  /**
   * The page's HTTP status from its data (a shared page whose link is gone, a category that does
   * not exist: 404, for browsers and link previews alike); 200 when absent. A kept page keeps its
   * status with it (server-render.ts).
   */
  status?: (
    queryClient: QueryClient,
    context: { language: Language; match: RegExpExecArray; search: string },
  ) => number;
  /**
   * false: render it afresh for every visit, never from the server's page cache (which is
   * dropped only with the catalogue answers): a share link can be disabled at any moment.
   */
  cache?: false;
}

const ROUTES = 'src/app/routes';

/**
 * The pages a first visit lands on, rendered by the server (entry-server.tsx), with the catalogue
 * answers each needs (the same query options the page's hooks use, so hydration finds them).
 * Other routes (account, orders, checkout) are the signed-in customer's and render in the browser.
 */
const serverPages: readonly ServerPage[] = [
  {
    pattern: /^\/$/,
    // Home is in the entry; its highlights below the grid are loaded before it is live.
    module: 'src/features/catalogue/components/shop-highlights.tsx',
    prefetch: (client, language) =>
      Promise.all([
        client.query(bannersQuery(language)).catch(inBrowser),
        client.query(parentCategoriesQuery(language)).catch(inBrowser),
        // The highlights below the grid: the owner's claims, so the HTML has them from the start,
        // and the call-centre hours their support claim reads: without them the browser fetches
        // them (and the schema library with their check) while the page starts (issue 29).
        client.query(shopClaimsQuery).catch(inBrowser),
        client.query(callCentreContactQuery).catch(inBrowser),
      ]),
  },
  {
    pattern: /^\/product\/?$/,
    module: `${ROUTES}/product-listing-page.tsx`,
    prefetch: (client, language) => client.query(parentCategoriesQuery(language)).catch(inBrowser),
  },
  {
    pattern: /^\/product\/([^/]+)\/?$/,
    module: `${ROUTES}/product-listing-page.tsx`,
    prefetch: (client, language, match, search) =>
      Promise.all([
        client.query(parentCategoriesQuery(language)).catch(inBrowser),
        client.query(categoryPageQuery(language, match, search)).catch(inBrowser),
      ]),
    // A mistyped category is the 404 page, with a 404 status (issue 26).
    status: (client, { language, match, search }) =>
      client.getQueryData(categoryPageQuery(language, match, search).queryKey)?.notFound
        ? 404
        : 200,
  },
  ...(['about-us', 'terms-of-service', 'privacy-policy'] as const).map((page) => ({
    pattern: new RegExp(`^/${page}$`),
    module: `${ROUTES}/${page}-page.tsx`,
    prefetch: () => Promise.resolve(),
  })),
  {
    pattern: /^\/webapp\/install$/,
    module: `${ROUTES}/install-page.tsx`,
    prefetch: () => Promise.resolve(),
  },
  {
    pattern: /^\/support$/,
    module: `${ROUTES}/support-page.tsx`,
    prefetch: (client) => client.query(callCentreContactQuery).catch(inBrowser),
  },
  {
    // The shared-order page (spec §2): its answer (or its absence: a 404 is the page's "invalid
    // link" state, rendered as such) and the chat-app preview tags.
    pattern: /^\/sharewith\/([^/]+)\/?$/,
    module: 'src/features/sharing/components/shared-order-page.tsx',
    prefetch: (client, language, match) =>
      client.query(sharedOrderQuery(decodeSegment(match[1] ?? ''), language)).catch(inBrowser),
    head: (client, { language, match, origin }) => {
      const shareId = decodeSegment(match[1] ?? '');
      return sharedPageHead(client.getQueryData(sharedOrderQuery(shareId, language).queryKey), {
        shareId,
        origin,
        language,
        t: i18n.getFixedT(language),
      });
    },
    status: (client, { language, match }) =>
      client.getQueryData(sharedOrderQuery(decodeSegment(match[1] ?? ''), language).queryKey)
        ?.found === false
        ? 404
        : 200,
    cache: false,
  },
];

/**
 * A path the shop does not have (lib/app-pages.ts): the 404 page, rendered with a 404 status so
 * browsers, crawlers and link previews are told (issue 26). Rendered for each visit, never kept:
 * anyone can make up paths, and none may fill the server's page cache.
 */
const notFoundPage: ServerPage = {
  pattern: /^.*$/s,
  module: `${ROUTES}/not-found-page.tsx`,
  prefetch: () => Promise.resolve(),
  status: () => 404,
  cache: false,
};

/** The server's page for `path` and its match: its own, the 404 page for a path the shop lacks. */
function serverPageOf(path: string): { page: ServerPage; match: RegExpExecArray } | undefined {
  const candidates = isAppPath(path) ? serverPages : [...serverPages, notFoundPage];
  for (const page of candidates) {
    const match = page.pattern.exec(path);
    if (match) return { page, match };
  }
  return undefined;
}

/** Whether the server renders the page at `path`. */
export const isServerPage = (path: string) => serverPageOf(path) !== undefined;

/** Whether the server may keep its rendering of `path` in its page cache. */
export const isCacheablePage = (path: string) => serverPageOf(path)?.page.cache !== false;

/**
 * Loads what the page at `path` shows into the query cache and tells which route module it
 * needs; null when it is not a page the server renders.
 */
export async function prefetchServerPage(
  queryClient: QueryClient,
  path: string,
  search: string,
  language: Language,
  origin: string,
): Promise<{ module: string | null; head: string; status: number } | null> {
  const found = serverPageOf(path);
  if (!found) return null;
  const { page, match } = found;
  // Every page's header asks whether today is a festival day: the windows come with the page, so
  // on other days the browser fetches nothing about festivals (issue 29).
  await Promise.all([
    page.prefetch(queryClient, language, match, search),
    queryClient.query(festivalsQuery),
  ]);
  return {
    module: page.module,
    head: page.head ? page.head(queryClient, { language, match, origin }) : '',
    status: page.status ? page.status(queryClient, { language, match, search }) : 200,
  };
}
