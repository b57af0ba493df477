import type { PaymentSession } from '@shop/contracts/checkout';
import { useSyncExternalStore } from 'react';
import { cartBadge } from '../cart/index.ts';

/**
 * "A lost QR comes back" (issue 26, ADR 0054): the payment being shown — its QR and when it stops
 * being payable — is kept in localStorage while it can be paid, so after a reload (or a tab the
 * phone closed while the bank app was open) the pending-payment pill shows again with the same
 * QR, and an unpaid order's "Pay now" shows that QR rather than making a new one. One payment at a
 * time (the shop shows one payment modal). Kept free of API and schema imports: the header's cart
 * button reads it on every page (Home's JavaScript budget).
 */
export interface PendingPayment {
  session: PaymentSession;
  /** Epoch milliseconds when the QR stops being payable. */
  deadline: number;
}

const STORAGE_KEY = 'pending-payment';

/** The saved payment (of `orderId`, when given) while its QR can still be paid; else null. */
export function savedPayment(orderId?: string, now = Date.now()): PendingPayment | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as Partial<PendingPayment> | null;
    const session = saved?.session;
    if (
      !saved ||
      typeof saved.deadline !== 'number' ||
      typeof session?.orderId !== 'string' ||
      typeof session.paymentReference !== 'string'
    )
      return null;
    if (saved.deadline <= now || (orderId !== undefined && session.orderId !== orderId))
      return null;
    return { session, deadline: saved.deadline };
  } catch {
    return null;
  }
}

export function savePayment(payment: PendingPayment): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(payment));
  } catch {
    // Storage disabled or full: the order page's Pay now still makes a new QR.
  }
}

/** The order's payment is over (paid, cancelled, expired, closed): its QR is not kept. */
export function forgetPayment(orderId: string): void {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return;
    const saved = JSON.parse(raw) as { session?: { orderId?: unknown } } | null;
    if (saved?.session?.orderId === orderId) localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing readable is kept.
  }
}

/** The payment modal the shop shows (the cart overlays draw it, on every page). */
export interface PaymentHostState {
  payment: PendingPayment | null;
  /** Shown as the pill (restored after a reload) rather than the full dialog. */
  minimized: boolean;
  /** Counts each open: opening the same payment again shows its dialog afresh. */
  opened: number;
  onClosed: (() => void) | null;
}

const initialState: PaymentHostState = {
  payment: null,
  minimized: false,
  opened: 0,
  onClosed: null,
};
let state = initialState;
const listeners = new Set<() => void>();

function update(patch: Partial<PaymentHostState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const paymentHost = {
  get: () => state,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /**
   * Shows a payment: a new session (its countdown starts now) or a saved one (its own deadline).
   * `onClosed` is told when the modal closes (the page that opened it reads the order again).
   */
  open(
    session: PaymentSession,
    options: { deadline?: number; minimized?: boolean; onClosed?: () => void } = {},
  ) {
    const deadline = options.deadline ?? Date.now() + session.expiresInSeconds * 1000;
    update({
      payment: { session, deadline },
      minimized: options.minimized ?? false,
      opened: state.opened + 1,
      onClosed: options.onClosed ?? null,
    });
    cartBadge.mountOverlays();
  },
  /** The modal closed itself (paid, cancelled, dismissed). */
  closed() {
    const onClosed = state.onClosed;
    update({ payment: null, minimized: false, onClosed: null });
    onClosed?.();
  },
  /** The order was cancelled elsewhere (its page): its payment is not shown or kept any more. */
  dismiss(orderId: string) {
    forgetPayment(orderId);
    if (state.payment?.session.orderId === orderId) paymentHost.closed();
  },
};

export const usePaymentHost = () =>
  useSyncExternalStore(paymentHost.subscribe, paymentHost.get, () => initialState);
