import {
  dialogHoldingFocus,
  isDialogOpen,
  openDialogCount,
  subscribeDialogs,
} from './blocking-dialogs.ts';

/** Toast model of account spec §3: id, type, message, duration (default 3000 ms, §9). */
export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  duration: number;
  /** A first line in bold above the message (e.g. "Connection restored"). */
  title?: string;
  /**
   * The open dialog the message is about (the focus was in it when it was raised): shown inside
   * that dialog, never over it. Cleared when the dialog closes.
   */
  dialog?: symbol;
}

export const TOAST_DEFAULT_DURATION_MS = 3000;

type Listener = () => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener();
}

/**
 * Where a toast is seen now: inside its dialog, at the bottom of the page (no modal dialog open),
 * or nowhere yet — a message raised while a modal dialog is open (and not about it) waits until
 * the last dialog closes (issue 26: nothing covers the checkout).
 */
export const toastPlace = (toast: Toast): 'dialog' | 'page' | 'waiting' =>
  toast.dialog ? 'dialog' : openDialogCount() === 0 ? 'page' : 'waiting';

/** Its time runs only while it can be seen; a toast that waited gets its whole duration. */
function schedule() {
  for (const item of toasts) {
    const shown = toastPlace(item) !== 'waiting';
    const timer = timers.get(item.id);
    if (shown && timer === undefined && item.duration > 0) {
      timers.set(
        item.id,
        setTimeout(() => {
          dismissToast(item.id);
        }, item.duration),
      );
    } else if (!shown && timer !== undefined) {
      clearTimeout(timer);
      timers.delete(item.id);
    }
  }
}

// A dialog that closes hands its messages to the page (or to the wait for the next one).
subscribeDialogs(() => {
  const before = toasts;
  toasts = toasts.map((item) => {
    if (!item.dialog || isDialogOpen(item.dialog)) return item;
    const timer = timers.get(item.id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(item.id);
    return {
      id: item.id,
      type: item.type,
      message: item.message,
      duration: item.duration,
      ...(item.title ? { title: item.title } : {}),
    };
  });
  schedule();
  if (toasts !== before) emit();
});

export function dismissToast(id: number) {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

function show(
  type: ToastType,
  message: string,
  duration = TOAST_DEFAULT_DURATION_MS,
  title?: string,
): number {
  const id = nextId++;
  const dialog = dialogHoldingFocus();
  toasts = [
    ...toasts,
    { id, type, message, duration, ...(title ? { title } : {}), ...(dialog ? { dialog } : {}) },
  ];
  schedule();
  emit();
  return id;
}

/** The toast API any feature can call; the <Toaster /> in the app shell shows them. */
export const toast = {
  show,
  success: (message: string, duration?: number) => show('success', message, duration),
  error: (message: string, duration?: number) => show('error', message, duration),
  warning: (message: string, duration?: number) => show('warning', message, duration),
  info: (message: string, duration?: number) => show('info', message, duration),
  dismiss: dismissToast,
  clear() {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    toasts = [];
    emit();
  },
};

export function subscribeToasts(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const getToasts = () => toasts;
