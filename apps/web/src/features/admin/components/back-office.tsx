import { useEffect, useSyncExternalStore } from 'react';
import { Link, Route, Switch, useLocation } from 'wouter';
import { staffAuth } from '../api/admin-api.ts';
import {
  getStaffSession,
  getStaffSessionEnd,
  subscribeStaffSession,
} from '../api/staff-session.ts';
import '../admin.css';
import { AuditLogPage } from './audit-log-page.tsx';
import { CustomerDetailPage } from './customer-detail-page.tsx';
import { BannersPage } from './banners-page.tsx';
import { BonusDaysPage } from './bonus-days-page.tsx';
import { CategoriesPage } from './categories-page.tsx';
import { CustomersPage } from './customers-page.tsx';
import { DashboardPage } from './dashboard-page.tsx';
import { OrderDetailPage } from './order-detail-page.tsx';
import { OperatorsPage } from './operators-page.tsx';
import { OrdersPage } from './orders-page.tsx';
import { ProductsPage } from './products-page.tsx';
import { PromoCodesPage } from './promo-codes-page.tsx';
import { ReportsPage } from './reports-page.tsx';
import { SettingsPage } from './settings-page.tsx';
import { StockPage } from './stock-page.tsx';
import { StaffSignIn } from './staff-sign-in.tsx';
import { TopupCataloguePage } from './topup-catalogue-page.tsx';
import { TopupReconciliationPage } from './topup-reconciliation-page.tsx';
import { UnknownPaymentsPage } from './unknown-payments-page.tsx';

const sections = [
  { href: '/', label: 'Dashboard', page: DashboardPage },
  { href: '/orders', label: 'Orders', page: OrdersPage },
  { href: '/unknown-payments', label: 'Unknown payments', page: UnknownPaymentsPage },
  { href: '/products', label: 'Products', page: ProductsPage },
  { href: '/stock', label: 'Card stock', page: StockPage },
  { href: '/categories', label: 'Categories', page: CategoriesPage },
  { href: '/banners', label: 'Banners', page: BannersPage },
  { href: '/operators', label: 'Operators', page: OperatorsPage },
  { href: '/topup-catalogue', label: 'Aggregator catalogue', page: TopupCataloguePage },
  { href: '/topup-reconciliation', label: 'Top-up reconciliation', page: TopupReconciliationPage },
  { href: '/promo-codes', label: 'Promo codes', page: PromoCodesPage },
  { href: '/bonus-days', label: 'Bonus points', page: BonusDaysPage },
  { href: '/customers', label: 'Customers', page: CustomersPage },
  { href: '/settings', label: 'Shop settings', page: SettingsPage },
  { href: '/reports', label: 'Reports', page: ReportsPage },
  { href: '/audit-log', label: 'Audit log', page: AuditLogPage },
] as const;

/**
 * The back-office at /admin (issue 17), loaded only when a staff member opens it: none of it is in
 * the customer's first-load JavaScript. In English (the choice), content in both
 * languages. Its own session (ADR 0033): the customer's sign-in plays no part here.
 */
export default function BackOffice() {
  const session = useSyncExternalStore(subscribeStaffSession, getStaffSession, () => null);
  const [location] = useLocation();
  useEffect(() => {
    document.title = 'Back-office · MyanTopup';
  }, [location]);

  if (!session) {
    return (
      <div className="admin" lang="en">
        <StaffSignIn ended={getStaffSessionEnd()} />
      </div>
    );
  }
  return (
    <div className="admin" lang="en">
      <header className="admin-header">
        <span className="admin-header__title">MyanTopup back-office</span>
        <nav aria-label="Back-office">
          <ul className="admin-nav">
            {sections.map((section) => (
              <li key={section.href}>
                <Link
                  href={section.href}
                  aria-current={
                    (section.href === '/' ? location === '/' : location.startsWith(section.href))
                      ? 'page'
                      : undefined
                  }
                >
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <span className="admin-header__who">
          {session.staff.email} ({session.staff.role})
        </span>
        <button type="button" className="admin-link-button" onClick={() => void staffAuth.logout()}>
          Sign out
        </button>
      </header>
      <main className="admin-main" id="main" tabIndex={-1}>
        <Switch>
          <Route path="/orders/:id" component={OrderDetailPage} />
          <Route path="/customers/:id" component={CustomerDetailPage} />
          {sections.map((section) => (
            <Route key={section.href} path={section.href} component={section.page} />
          ))}
          <Route>
            <h1>Not found</h1>
            <p>
              There is no back-office page here. <Link href="/">Back to the dashboard</Link>
            </p>
          </Route>
        </Switch>
      </main>
    </div>
  );
}
