/**
 * What other features (and the app) may use of checkout (issue 30: a feature is entered through its
 * index.ts). Its dialogs are loaders: each stays its own chunk, loaded when first opened. Side-effect
 * free (apps/web/package.json): an importer keeps only what it uses.
 */
export { checkoutApi, PAYMENT_METHODS_CACHE_MS } from './api/checkout-api.ts';
export { useCheckoutBodyClass } from './checkout-body-class.ts';
export { canUseMethod, PaymentMethodPicker } from './components/payment-method-picker.tsx';
export { isGuestDialogHidden } from './guest-choice.ts';
export const loadCheckoutDialog = () => import('./components/checkout-dialog.tsx');
export const loadLoginRequiredDialog = () => import('./components/login-required-dialog.tsx');
