import { useSyncExternalStore } from 'react';

/**
 * The modal dialogs open now (every <Dialog>, components/ui/dialog.tsx, registers itself), newest
 * last. Nothing covers a modal dialog (issue 26 "Nothing covers the checkout"): the app's own
 * overlays — the notification prompt, the install banner, the libraries card, toasts — ask
 * `useBlockingDialogOpen()` and wait until the last one closes. Knows nothing of any feature.
 */
interface OpenDialog {
  key: symbol;
  panel: HTMLElement | null;
}

let openDialogs: readonly OpenDialog[] = [];
const listeners = new Set<() => void>();

const emit = () => {
  for (const listener of listeners) listener();
};

export function registerDialog(key: symbol, panel: HTMLElement | null) {
  openDialogs = [...openDialogs, { key, panel }];
  emit();
}

export function unregisterDialog(key: symbol) {
  openDialogs = openDialogs.filter((dialog) => dialog.key !== key);
  emit();
}

export function subscribeDialogs(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const openDialogCount = () => openDialogs.length;

export const isDialogOpen = (key: symbol) => openDialogs.some((dialog) => dialog.key === key);

/**
 * The newest open dialog with the keyboard focus in it: the one a message just raised is about.
 * Focus that fell to the page's body while dialogs are open (the control that had it was disabled
 * or replaced while its request ran, e.g. the cart's quantity field) still belongs to the newest
 * dialog: the modal dialog traps focus, so nothing outside it can have taken it.
 */
export function dialogHoldingFocus(): symbol | undefined {
  if (typeof document === 'undefined') return undefined;
  const focused = document.activeElement;
  if (!focused || focused === document.body) return openDialogs.at(-1)?.key;
  return openDialogs.findLast((dialog) => dialog.panel?.contains(focused))?.key;
}

const anyOpen = () => openDialogs.length > 0;

/** True while a modal dialog is open: an overlay of the app's own waits until it is false. */
export function useBlockingDialogOpen(): boolean {
  return useSyncExternalStore(subscribeDialogs, anyOpen, () => false);
}
