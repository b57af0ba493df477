import type { Language } from '@shop/contracts/i18n';
import type { QueryClient } from '@tanstack/react-query';
import { bannersQuery } from '../features/catalogue/api/banners.ts';
import { callCentreContactQuery } from '../features/catalogue/api/call-centre-contact.ts';
import {
  categoryProductsQuery,
  listingParamsFromSearch,
} from '../features/catalogue/api/category-products.ts';
import { parentCategoriesQuery } from '../features/catalogue/api/parent-categories.ts';

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

/** A page the server renders: its path, the source module of its lazily loaded route, its data. */
interface ServerPage {
  pattern: RegExp;
  /** Source path of the route's chunk (router.tsx), preloaded with the page; null: in the entry. */
  module: string | null;
  prefetch: Prefetch;
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
    module: null,
    prefetch: (client, language) =>
      Promise.all([
        client.query(bannersQuery(language)).catch(inBrowser),
        client.query(parentCategoriesQuery(language)).catch(inBrowser),
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
        client
          .query(
            categoryProductsQuery(
              { category: decodeSegment(match[1] ?? ''), ...listingParamsFromSearch(search) },
              language,
            ),
          )
          .catch(inBrowser),
      ]),
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
];

/** Whether the server renders the page at `path`. */
export const isServerPage = (path: string) => serverPages.some(({ pattern }) => pattern.test(path));

/**
 * Loads what the page at `path` shows into the query cache and tells which route module it
 * needs; null when it is not a page the server renders.
 */
export async function prefetchServerPage(
  queryClient: QueryClient,
  path: string,
  search: string,
  language: Language,
): Promise<{ module: string | null } | null> {
  for (const { pattern, module, prefetch } of serverPages) {
    const match = pattern.exec(path);
    if (match) {
      await prefetch(queryClient, language, match, search);
      return { module };
    }
  }
  return null;
}
