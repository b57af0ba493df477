/**
 * What other features may use of sharing (issue 30): the order page's share panel, loaded on
 * demand (its own chunk, as before: a loader, not the component, so entering here adds no script).
 */
export const loadSharePanel = () => import('./components/share-panel.tsx');
/** The ways to send a link: share sheet, Viber, Telegram, Messenger ("top me up" requests too). */
export { ShareApps } from './components/share-apps.tsx';
/** A link ready to send: Copy, the ways to send it, a QR code and its expiry. */
export { ShareLinkView } from './components/share-link-view.tsx';
