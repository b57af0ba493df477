/**
 * Every page of the web app, as the router's path patterns (wouter: `:name` is one segment). The
 * one list the router's table, the server's 404 status for other paths (app/route-data.ts) and
 * the page a page_view names (features/privacy) are made from: a page added here is routed,
 * answered 200 and counted under its name; a path matching none is the 404 page everywhere.
 */
export const appPagePaths = [
  '/',
  '/product',
  '/product/:slug',
  '/about-us',
  '/support',
  '/terms-of-service',
  '/privacy-policy',
  '/webapp/install',
  '/verify-email',
  '/verify-phone',
  '/account-settings',
  '/orders',
  '/orders/:orderId',
  '/recipients',
  '/sharewith/:id',
  '/topmeup',
  '/topmeup/:token',
  '/status',
  '/sandbox/bank',
] as const;

export type AppPagePath = (typeof appPagePaths)[number];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A pattern as the router matches it (wouter's regexparam: a parameter is one non-empty segment,
 * a trailing slash is allowed, letters in any case).
 */
const patternRegExp = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+?' : escapeRegExp(segment)))
      .join('/')
      .replace(/\/$/, '')}/?$`,
    'i',
  );

const pageMatchers = appPagePaths.map((pattern) => ({ pattern, regExp: patternRegExp(pattern) }));

/** The page pattern `path` (no query) is routed to in the shop's table, or undefined. */
export const appPageOf = (path: string): AppPagePath | undefined =>
  pageMatchers.find(({ regExp }) => regExp.test(path))?.pattern;

/**
 * Areas with a router of their own, nested under a prefix (app/app.tsx): the back-office at
 * /admin routes every path below it itself, its own not-found included.
 */
export const appAreaPrefixes = ['/admin'] as const;

/** Whether the app has a page at `path`: one of the shop's, or one inside an area; else the 404 page. */
export const isAppPath = (path: string): boolean =>
  appPageOf(path) !== undefined ||
  appAreaPrefixes.some(
    (prefix) => path.toLowerCase() === prefix || path.toLowerCase().startsWith(`${prefix}/`),
  );
