/** Toast model of account spec §3: id, type, message, duration (default 3000 ms, §9). */
export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  duration: number;
  /** A first line in bold above the message (e.g. "Connection restored"). */
  title?: string;
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
  toasts = [...toasts, { id, type, message, duration, ...(title ? { title } : {}) }];
  if (duration > 0) {
    timers.set(
      id,
      setTimeout(() => {
        dismissToast(id);
      }, duration),
    );
  }
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
