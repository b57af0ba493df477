/**
 * The page a page_view names: the route, never what is in its address. Order ids and share ids
 * (a share id is the key to a shared order) become {id}, the query (e-mail addresses and codes on
 * the verification links) is left out, and a path the shop does not have is named /not-found
 * (it may hold anything someone typed).
 */
const pages = new Set([
  '/',
  '/product',
  '/about-us',
  '/support',
  '/terms-of-service',
  '/privacy-policy',
  '/webapp/install',
  '/verify-email',
  '/verify-phone',
  '/account-settings',
  '/orders',
  '/sandbox/bank',
]);

export function analyticsPagePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (pages.has(trimmed)) return trimmed;
  // Category slugs are public names (mobile-topup, egift-cards…).
  if (/^\/product\/[a-z0-9-]{1,60}$/.test(trimmed)) return trimmed;
  if (/^\/orders\/[^/]+$/.test(trimmed)) return '/orders/{id}';
  if (/^\/sharewith\/[^/]+$/.test(trimmed)) return '/sharewith/{id}';
  return '/not-found';
}
