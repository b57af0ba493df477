import { options, type VNode } from 'preact';

/**
 * Where Preact (ADR 0028) needs a word from us, set once before the first render: the browser's
 * in main.tsx, the server's renderer in entry-server.tsx.
 */

/**
 * Server: preact/compat turns `translate="no"` into `translate={false}` (the DOM property, which
 * the browser needs), and the string renderer leaves a false attribute out: codes on a
 * server-rendered Burmese page lost their translate="no" (ADR 0023). Written back as the
 * attribute's word after compat's hook.
 */
export function writeTranslateAttribute() {
  const compat = options.vnode?.bind(options);
  options.vnode = (vnode: VNode) => {
    compat?.(vnode);
    const props = vnode.props as { translate?: unknown };
    if (typeof vnode.type === 'string' && props.translate === false) props.translate = 'no';
  };
}

/**
 * Browser: Preact takes a server-rendered page over silently: where the HTML differs from what
 * the app renders, it builds new elements instead (a flash, lost focus, the work done twice). Its
 * production build still calls one option hook there (`_hydrationMismatch`, shipped under the
 * short name `__m`; preact/debug uses it for its warning, at 30 KiB we do not ship): log it, so a
 * browser test (e2e/server-rendering.spec.ts) fails on any mismatch.
 */
export function reportHydrationMismatches() {
  (options as { __m?: (vnode: { type: unknown }) => void }).__m = (vnode) => {
    const type = typeof vnode.type === 'string' ? vnode.type : 'component';
    console.error('Hydration error', `the server's HTML has no <${type}> where the app renders one`);
  };
}
