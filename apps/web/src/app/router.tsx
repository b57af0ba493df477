import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { AppLayout } from '../components/layout/app-layout.tsx';
import { HomePage } from './routes/home-page.tsx';

// Catalogue and info pages (issue 4), loaded on demand; only Home is in the initial bundle.
const ProductListingPage = lazy(() => import('./routes/product-listing-page.tsx'));
const AboutUsPage = lazy(() => import('./routes/about-us-page.tsx'));
const SupportPage = lazy(() => import('./routes/support-page.tsx'));
const TermsOfServicePage = lazy(() => import('./routes/terms-of-service-page.tsx'));
const PrivacyPolicyPage = lazy(() => import('./routes/privacy-policy-page.tsx'));
const NotFoundPage = lazy(() => import('./routes/not-found-page.tsx'));

// Account pages (issue 3), loaded on demand.
const VerifyEmailPage = lazy(() => import('../features/auth/components/verify-email-page.tsx'));
const VerifyPhonePage = lazy(() => import('../features/auth/components/verify-phone-page.tsx'));
const AccountSettingsPage = lazy(
  () => import('../features/auth/components/account-settings-page.tsx'),
);

// Orders (issue 6).
const OrdersPage = lazy(() => import('../features/orders/components/orders-page.tsx'));
const OrderDetailPage = lazy(() => import('../features/orders/components/order-detail-page.tsx'));

// Sandbox bank (issue 5): stands in for a wallet app when the sandbox payment provider is used.
const SandboxBankPage = lazy(() => import('../features/payment/components/sandbox-bank-page.tsx'));

/** Route table. Route files only compose features (DESIGN §2). */
export function AppRoutes() {
  return (
    <AppLayout>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/product" component={ProductListingPage} />
        <Route path="/product/:slug" component={ProductListingPage} />
        <Route path="/about-us" component={AboutUsPage} />
        <Route path="/support" component={SupportPage} />
        <Route path="/terms-of-service" component={TermsOfServicePage} />
        <Route path="/privacy-policy" component={PrivacyPolicyPage} />
        <Route path="/verify-email" component={VerifyEmailPage} />
        <Route path="/verify-phone" component={VerifyPhonePage} />
        <Route path="/account-settings" component={AccountSettingsPage} />
        <Route path="/orders" component={OrdersPage} />
        <Route path="/orders/:orderId" component={OrderDetailPage} />
        <Route path="/sandbox/bank" component={SandboxBankPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </AppLayout>
  );
}
