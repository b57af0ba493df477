/**
 * What the app may use of the "top me up" request links (issue 31; issue 30: a feature is entered
 * through its index.ts). Each page is loaded on demand by the app's routes.
 */
export const loadTopMeUpPage = () => import('./components/topmeup-page.tsx');
export const loadRequestLinkPage = () => import('./components/request-link-page.tsx');
