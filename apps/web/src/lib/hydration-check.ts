import { options } from 'preact';

/**
 * Preact (ADR 0028) takes a server-rendered page over silently: where the HTML differs from what
 * the app renders, it builds new elements instead (a flash, lost focus, the work done twice).
 * Its production build still calls one option hook there (`_hydrationMismatch`, shipped under the
 * short name `__m`; preact/debug uses it for its warning, at 30 KiB we do not ship): log it, so a
 * browser test (e2e/server-rendering.spec.ts) fails on any mismatch.
 */
export function reportHydrationMismatches() {
  (options as { __m?: (vnode: { type: unknown }) => void }).__m = (vnode) => {
    const type = typeof vnode.type === 'string' ? vnode.type : 'component';
    console.error('Hydration error', `the server's HTML has no <${type}> where the app renders one`);
  };
}
