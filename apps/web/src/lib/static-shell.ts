/**
 * index.html of Home arrives with a first paint made by the server (header bar and first banner,
 * apps/server/src/modules/catalogue/home-shell.ts) lying over the top of the app. The app removes
 * it once its own banner has loaded, when Home has no banner to show, when Home is left, and at
 * the reader's first touch, key or scroll, so it never hides a control somebody is reaching for.
 */
export function removeStaticShell(): void {
  document.querySelector('.static-shell')?.remove();
}

/** Called once at start: the reader's first interaction removes the shell. */
export function removeStaticShellOnInteraction(): void {
  if (!document.querySelector('.static-shell')) return;
  for (const type of ['pointerdown', 'keydown', 'scroll', 'wheel'] as const)
    window.addEventListener(type, removeStaticShell, { once: true, capture: true, passive: true });
}
