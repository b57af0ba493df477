import { appPageOf } from '../../lib/app-pages.ts';

/**
 * The page a page_view names: the route, never what is in its address. Order ids and share ids
 * (a share id is the key to a shared order) become {id}, the query (e-mail addresses and codes on
 * the verification links) is left out, and a path the shop does not have is named /not-found
 * (it may hold anything someone typed).
 */
export function analyticsPagePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const page = appPageOf(trimmed);
  if (!page) return '/not-found';
  // Category slugs are public names (mobile-topup, egift-cards…); other parameters are ids.
  if (page === '/product/:slug')
    return /^\/product\/[a-z0-9-]{1,60}$/.test(trimmed) ? trimmed : '/not-found';
  return page.replace(/:[A-Za-z]+/g, '{id}');
}
