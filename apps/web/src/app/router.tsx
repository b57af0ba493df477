import { whenRegionsLive } from '../components/layout/hydration-region.tsx';
import { lazy, useEffect, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { AppLayout } from '../components/layout/app-layout.tsx';
import type { ShellParts } from '../components/layout/shell-parts.ts';
import { MobileAccountItems } from '../features/auth/components/mobile-account-items.tsx';
import { UserMenu } from '../features/auth/components/user-menu.tsx';
import { CartButton } from '../features/cart/components/cart-button.tsx';
// Not through payment's index.ts: a module the start reaches statically joins the start chunk when
// lazy chunks share it (Rolldown's 'start' group, vite.config.ts), used here or not — its API would.
import { savedPayment } from '../features/payment/pending-payment.ts';
import { PageErrorBoundary } from '../features/crash/components/page-error-boundary.tsx';
import { FestivalButton } from '../features/festival/components/festival-button.tsx';
import { appPagePaths, isAppPath, type AppPagePath } from '../lib/app-pages.ts';
import { lazyPage } from '../lib/lazy-page.tsx';
import { HomePage, preloadHomePage } from './routes/home-page.tsx';

// Catalogue and info pages (issue 4), loaded on demand; only Home is in the initial bundle. The
// server renders them (route-data.ts): preloadPage loads one before React takes its HTML over.
const ProductListingPage = lazyPage(() => import('./routes/product-listing-page.tsx'));
const AboutUsPage = lazyPage(() => import('./routes/about-us-page.tsx'));
const SupportPage = lazyPage(() => import('./routes/support-page.tsx'));
const TermsOfServicePage = lazyPage(() => import('./routes/terms-of-service-page.tsx'));
const PrivacyPolicyPage = lazyPage(() => import('./routes/privacy-policy-page.tsx'));
const InstallPage = lazyPage(() => import('./routes/install-page.tsx'));
// What opens from the cart button: the drawer, checkout and the payment modal (on demand).
const ShopOverlays = lazy(() => import('./shop-overlays.tsx'));
// The public shared-order page (issue 15), also server-rendered.
const SharedOrderPage = lazyPage(
  () => import('../features/sharing/components/shared-order-page.tsx'),
);
const serverRenderedPages: Record<string, { preload: () => Promise<void> }> = {
  '/about-us': AboutUsPage,
  '/support': SupportPage,
  '/terms-of-service': TermsOfServicePage,
  '/privacy-policy': PrivacyPolicyPage,
  '/webapp/install': InstallPage,
};

/** Loads the code of the server-rendered page at `path` (main.tsx, before hydrating it). */
export function preloadPage(path: string): Promise<void> {
  if (path === '/') return preloadHomePage();
  if (/^\/product(\/|$)/.test(path)) return ProductListingPage.preload();
  if (path.startsWith('/sharewith/')) return SharedOrderPage.preload();
  // A path the shop does not have: the server rendered the 404 page (route-data.ts).
  if (!isAppPath(path)) return NotFoundPage.preload();
  return serverRenderedPages[path]?.preload() ?? Promise.resolve();
}
export const NotFoundPage = lazyPage(() => import('./routes/not-found-page.tsx'));

// Account pages (issue 3), loaded on demand.
const VerifyEmailPage = lazyPage(() => import('../features/auth/components/verify-email-page.tsx'));
const VerifyPhonePage = lazyPage(() => import('../features/auth/components/verify-phone-page.tsx'));
const AccountSettingsPage = lazyPage(() => import('./routes/account-settings-page.tsx'));

// Orders (issue 6).
const OrdersPage = lazyPage(() => import('../features/orders/components/orders-page.tsx'));
const OrderDetailPage = lazyPage(
  () => import('../features/orders/components/order-detail-page.tsx'),
);

// Saved numbers (issue 31).
const RecipientsPage = lazyPage(
  () => import('../features/recipients/components/recipients-page.tsx'),
);

// "Top me up" request links (issue 31): the maker's page and the link's page.
// One chunk for both: one lazy entry here rather than two keeps the start chunk smaller.
const TopMeUpPages = lazyPage(
  () => import('../features/topup-requests/components/topmeup-routes.tsx'),
);

// The shop's status (issue 16), linked from the crash screen.
const StatusPage = lazyPage(() => import('../features/status/components/status-page.tsx'));

// Sandbox bank (issue 5): stands in for a wallet app when the sandbox payment provider is used.
const SandboxBankPage = lazyPage(
  () => import('../features/payment/components/sandbox-bank-page.tsx'),
);

/**
 * Marks <html data-page-ready> once the first page is live: its lazily loaded route has arrived
 * and, on a server-rendered page, React has taken over that HTML (browser tests wait for it before
 * typing into a page the server rendered).
 */
export function PageReady() {
  useEffect(() => {
    whenRegionsLive(() => {
      document.documentElement.setAttribute('data-page-ready', '');
    });
  }, []);
  return null;
}

/** Each page's component (lib/app-pages.ts lists the pages: a page missing here does not compile). */
const pageComponents: Record<AppPagePath, ComponentType> = {
  '/': HomePage,
  '/product': ProductListingPage,
  '/product/:slug': ProductListingPage,
  '/about-us': AboutUsPage,
  '/support': SupportPage,
  '/terms-of-service': TermsOfServicePage,
  '/privacy-policy': PrivacyPolicyPage,
  '/webapp/install': InstallPage,
  '/verify-email': VerifyEmailPage,
  '/verify-phone': VerifyPhonePage,
  '/account-settings': AccountSettingsPage,
  '/orders': OrdersPage,
  '/orders/:orderId': OrderDetailPage,
  '/recipients': RecipientsPage,
  '/sharewith/:id': SharedOrderPage,
  '/topmeup': TopMeUpPages,
  '/topmeup/:token': TopMeUpPages,
  '/status': StatusPage,
  '/sandbox/bank': SandboxBankPage,
};

/** The feature pieces of the shared header, three-dot menu and footer (spec §2 Home). */
const shellParts: ShellParts = {
  festivalButton: <FestivalButton />,
  // The cart button opens the drawer, then checkout and payment (the app's overlays, on demand).
  cartButton: <CartButton overlays={<ShopOverlays />} hasPendingPayment={savedPayment} />,
  userMenu: <UserMenu />,
  MobileAccountItems,
  // Loaded when first opened.
  CallCentreDialog: lazy(() => import('../features/catalogue/components/call-centre-dialog.tsx')),
  ExchangeRatesDialog: lazy(
    () => import('../features/catalogue/components/exchange-rates-dialog.tsx'),
  ),
};

/** Route table. Route files only compose features (DESIGN §2). */
export function AppRoutes() {
  return (
    <AppLayout PageBoundary={PageErrorBoundary} parts={shellParts}>
      <Switch>
        {appPagePaths.map((path) => (
          <Route key={path} path={path} component={pageComponents[path]} />
        ))}
        <Route component={NotFoundPage} />
      </Switch>
      <PageReady />
    </AppLayout>
  );
}
