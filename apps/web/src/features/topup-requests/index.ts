/**
 * What the app may use of the "top me up" request links (issue 31; issue 30: a feature is entered
 * through its index.ts). Each page is loaded on demand by the app's routes.
 */
export const loadTopMeUpPages = () => import('./components/topmeup-routes.tsx');
