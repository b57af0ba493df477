/** What other features may use of connectivity (issue 30): whether the shop is reachable now. */
export { useConnectivity } from './connectivity-store.ts';
