/**
 * What other features (and the app) may use of payment (issue 30: a feature is entered through its
 * index.ts): the payment kept while its QR can be paid and the modal's host (read by the header on
 * every page), the payment API, and the modal as a loader (its own chunk, loaded when a payment
 * shows). Side-effect free (apps/web/package.json): an importer keeps only what it uses.
 */
export { paymentApi } from './api/payment-api.ts';
export type { PaymentOutcomeProps } from './components/payment-modal.tsx';
export {
  forgetPayment,
  paymentHost,
  savedPayment,
  usePaymentHost,
  type PendingPayment,
} from './pending-payment.ts';
export const loadPaymentModal = () => import('./components/payment-modal.tsx');
