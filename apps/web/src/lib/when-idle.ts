/**
 * Runs `task` once the page has loaded and the browser has a quiet moment (issue 29: what a
 * visit does not need to show its first screen waits for idle time after the page is
 * interactive), or `timeoutMs` after the load at the latest, so a busy phone still gets it. A
 * browser without requestIdleCallback (Safari) runs it right after the load. Returns a cancel.
 */
export function whenIdleAfterLoad(task: () => void, timeoutMs = 3000): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onLoad = () => {
    if (typeof window.requestIdleCallback === 'function')
      idle = window.requestIdleCallback(task, { timeout: timeoutMs });
    else timer = setTimeout(task, 0);
  };
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
  return () => {
    window.removeEventListener('load', onLoad);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}
