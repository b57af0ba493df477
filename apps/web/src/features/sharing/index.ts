/**
 * What other features may use of sharing (issue 30): the order page's share panel, loaded on
 * demand (its own chunk, as before: a loader, not the component, so entering here adds no script).
 */
export const loadSharePanel = () => import('./components/share-panel.tsx');
/** Links that open a chat app with a link ready to send ("top me up" requests use them too). */
export { messengerLinks } from './share-links.ts';
