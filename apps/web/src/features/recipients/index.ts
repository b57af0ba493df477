/**
 * What other features (and the app) may use of the saved numbers (issue 31; issue 30: a feature
 * is entered through its index.ts). Each is loaded on demand by the app's routes.
 */
export const loadRecipientsPage = () => import('./components/recipients-page.tsx');
export const loadSavedNumbersSection = () => import('./components/saved-numbers-section.tsx');
