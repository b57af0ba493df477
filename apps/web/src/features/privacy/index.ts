/**
 * What other features may use of privacy (issue 30): track, which records an analytics event only
 * when the visitor accepted cookies.
 */
export { track } from './track.ts';
