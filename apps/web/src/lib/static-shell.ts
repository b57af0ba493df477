/**
 * index.html of Home arrives with a first paint made by the server (header bar and first banner,
 * apps/server/src/modules/catalogue/home-shell.ts) lying over the app. The app removes it once
 * its own banner has loaded, when Home has no banner to show, or when Home is left.
 */
export function removeStaticShell(): void {
  document.querySelector('.static-shell')?.remove();
}
