// Collects every module's tables for Drizzle and drizzle-kit.
export * from '../modules/auth/auth.tables.ts';
export * from '../modules/catalogue/catalogue.tables.ts';
export * from '../modules/site/site.tables.ts';
export * from '../modules/cart/cart.tables.ts';
export * from '../modules/orders/orders.tables.ts';
export * from '../modules/payments/payments.tables.ts';
export * from '../platform/jobs.tables.ts';
export * from '../modules/fulfilment/fulfilment.tables.ts';
export * from '../modules/loyalty/loyalty.tables.ts';
export * from '../modules/refunds/refunds.tables.ts';
export * from '../modules/sharing/sharing.tables.ts';
export * from '../modules/notifications/notifications.tables.ts';
export * from '../modules/admin/admin.tables.ts';
export * from '../modules/promotions/promotions.tables.ts';
export * from '../modules/media/media.tables.ts';
export * from '../modules/sms/sms.tables.ts';
export * from '../modules/topup-account/topup-account.tables.ts';
