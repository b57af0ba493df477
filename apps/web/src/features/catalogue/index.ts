/**
 * What other features may use of the catalogue (issue 30: a feature is entered through its
 * index.ts): the call centre's contact and business hours, which the crash screen and a failed
 * order's help show. Side-effect free (apps/web/package.json): an importer keeps only what it uses.
 */
export { callCentreContactQuery, useCallCentreContact } from './api/call-centre-contact.ts';
export { BusinessHoursText } from './components/business-hours-text.tsx';
export { rememberListingPhone } from './listing-phone.ts';
export { categoryProductsQuery } from './api/category-products.ts';
export { OperatorProductOptions, useOperatorProducts } from './components/operator-products.tsx';
