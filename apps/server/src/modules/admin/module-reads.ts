import type { Db } from '../../platform/db.ts';
import { authAdminReads } from '../auth/auth.admin-reads.ts';
import { catalogueAdminReads } from '../catalogue/catalogue.admin-reads.ts';
import { fulfilmentAdminReads } from '../fulfilment/fulfilment.admin-reads.ts';
import { loyaltyAdminReads } from '../loyalty/loyalty.admin-reads.ts';
import { ordersAdminReads } from '../orders/orders.admin-reads.ts';
import { paymentsAdminReads } from '../payments/payments.admin-reads.ts';
import { refundsAdminReads } from '../refunds/refunds.admin-reads.ts';
import { sharingAdminReads } from '../sharing/sharing.admin-reads.ts';

/**
 * The read sides the back-office puts together (issue 30): each module answers from its own
 * tables through its `*.admin-reads.ts`; the admin repos take the ones they need from here.
 */
export const moduleReads = (db: Db) => ({
  auth: authAdminReads(db),
  catalogue: catalogueAdminReads(db),
  fulfilment: fulfilmentAdminReads(db),
  loyalty: loyaltyAdminReads(db),
  orders: ordersAdminReads(db),
  payments: paymentsAdminReads(db),
  refunds: refundsAdminReads(db),
  sharing: sharingAdminReads(db),
});
