import type { PaymentSession } from '@shop/contracts/checkout';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'wouter';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessageOr } from '../../../lib/api-client.ts';
import { parseRestartPayment, postToServiceWorker } from '../../../lib/sw-messages.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { loadCartController } from '../../cart/index.ts';
import { useConnectivity } from '../../connectivity/index.ts';
import { track } from '../../privacy/index.ts';
import { paymentApi } from '../api/payment-api.ts';
import { forgetPayment, savePayment } from '../pending-payment.ts';

/** Spec §9 "Payment window 300 s; status poll every 3 s". */
export const STATUS_POLL_MS = 3000;

/**
 * showing: the QR or wait screen; expired; delivering: paid, the order is being delivered;
 * success: delivered; outcome: paid but (a part) failed — what happened and the refund (ADR 0020).
 */
export type Phase = 'showing' | 'expired' | 'delivering' | 'success' | 'outcome';

/** Money taken for the order: paid, or paid and a failed part refunded (or being refunded). */
const isPaidStatus = (status: string) =>
  status === 'paid' || status === 'refund_pending' || status === 'refunded';

/** purchase (first-party analytics, only after consent): what was paid, in kyat, and how. */
const trackPurchase = (amount: number, method: PaymentSession['paymentMethod']) => {
  track('purchase', { value: amount, payment_method: method });
};

export const orderPathOf = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;

/** What the payment modal shows and does: its phase, countdown and actions. */
export interface PaymentFlow {
  session: PaymentSession;
  phase: Phase;
  secondsLeft: number;
  minimized: boolean;
  setMinimized: (minimized: boolean) => void;
  busy: 'cancel' | 'regenerate' | null;
  /** Ends the modal: the payment is no longer kept, nor timed by the service worker. */
  close: () => void;
  /** A new payment of this order (Pay Again, another method): shown, or paid at once (points). */
  adopt: (data: PaymentSession) => void;
  payAgain: () => Promise<void>;
  cancelOrder: () => Promise<void>;
}

/**
 * The payment modal's state (spec §4 "Payment QR modal"): a 300 s countdown, the status polled
 * every 3 s — paid goes to /orders/{id}?status=success, failed to ?status=failed — then the
 * delivery followed to its end; Pay Again, Cancel, and the service worker's RESTART_PAYMENT.
 */
export function usePaymentFlow(
  initialSession: PaymentSession,
  initialDeadline: number | undefined,
  startMinimized: boolean,
  onClose: () => void,
): PaymentFlow {
  const [session, setSession] = useState(initialSession);
  const [deadline, setDeadline] = useState(
    () => initialDeadline ?? Date.now() + initialSession.expiresInSeconds * 1000,
  );
  const [now, setNow] = useState(() => Date.now());
  const [phase, setPhase] = useState<Phase>(
    initialSession.paymentStatus === 'expired' ? 'expired' : 'showing',
  );
  const [minimized, setMinimized] = useState(startMinimized);
  const closed = useRef(false);

  const close = useCallback(() => {
    closed.current = true;
    forgetPayment(session.orderId);
    postToServiceWorker({ type: 'STOP_PAYMENT_TIMER', orderId: session.orderId });
    onClose();
  }, [onClose, session.orderId]);

  useKeptWhilePayable(phase, session, deadline);
  useCartReadWhenPaid(phase);
  usePaymentCountdown(phase, deadline, session, setNow, setPhase);
  const watch = { phase, session, closed, close, setPhase, setMinimized };
  usePaymentStatusPoll(watch);
  useDeliveryPoll(watch);

  const actions = usePaymentActions(session, close, (data) => {
    setSession(data);
    setDeadline(Date.now() + data.expiresInSeconds * 1000);
    setNow(Date.now());
    setPhase(isPaidStatus(data.paymentStatus) ? 'delivering' : 'showing');
  });
  useRestartPaymentMessage(session.orderId, actions.payAgain);

  const secondsLeft = Math.max(0, Math.ceil((deadline - now) / 1000));
  return { session, phase, secondsLeft, minimized, setMinimized, close, ...actions };
}

/**
 * While its QR can be paid the payment is kept: a reload shows the pill again, the order page's
 * Pay now the same QR (issue 26, ADR 0054). Paid, expired or ended, it is not kept.
 */
function useKeptWhilePayable(phase: Phase, session: PaymentSession, deadline: number) {
  useEffect(() => {
    if (phase === 'showing') savePayment({ session, deadline });
    else forgetPayment(session.orderId);
  }, [phase, session, deadline]);
}

/**
 * Paid: the server takes the bought lines out of the cart, and the header's badge follows at
 * once (read again when delivery starts, and when it ends, by when the cart has surely changed).
 */
function useCartReadWhenPaid(phase: Phase) {
  useEffect(() => {
    if (phase === 'showing' || phase === 'expired') return;
    void loadCartController()
      .then((cart) => cart.load({ quiet: true }))
      .catch(() => undefined);
  }, [phase]);
}

/**
 * The countdown ticks every second while the QR shows; at zero the expired state shows and an
 * expiry notice is given. The service worker is told the time left, to give the notice itself
 * when the page is gone.
 */
function usePaymentCountdown(
  phase: Phase,
  deadline: number,
  session: PaymentSession,
  setNow: (now: number) => void,
  setPhase: (phase: Phase) => void,
) {
  const { t } = useTranslation();
  useEffect(() => {
    if (phase !== 'showing') return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current < deadline) return;
      setPhase('expired');
      toast.warning(t('payment.expiredNotice'));
      // With a service worker in control, it gives the notice (and handles a tap on it).
      const workerNotifies = 'serviceWorker' in navigator && !!navigator.serviceWorker.controller;
      if (!workerNotifies && 'Notification' in window && Notification.permission === 'granted') {
        new Notification(t('payment.expiredNotice'));
      }
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, [phase, deadline, t, setNow, setPhase]);

  useEffect(() => {
    if (phase !== 'showing') return;
    postToServiceWorker({
      type: 'START_PAYMENT_TIMER',
      orderId: session.orderId,
      timeLeft: Math.max(0, Math.ceil((deadline - Date.now()) / 1000)),
      amount: session.amount,
      title: t('payment.expiredTitle'),
      body: t('payment.expiredNotice'),
    });
  }, [phase, deadline, session.orderId, session.amount, t]);
}

/** What the status polls read and change. */
interface StatusWatch {
  phase: Phase;
  session: PaymentSession;
  /** Set once the modal has ended: a late answer changes nothing. */
  closed: RefObject<boolean>;
  close: () => void;
  setPhase: (phase: Phase) => void;
  setMinimized: (minimized: boolean) => void;
}

/**
 * Status poll every 3 s until paid or failed, then until the order is delivered or failed:
 * "Payment successful" only for a delivered order, never for one that failed (ADR 0020).
 * Offline the status cannot be read: it is read at once when back.
 */
function usePaymentStatusPoll({
  phase,
  session,
  closed,
  close,
  setPhase,
  setMinimized,
}: StatusWatch) {
  const [, navigate] = useLocation();
  const { online } = useConnectivity();
  const wasOffline = useRef(false);
  const { orderId, amount, paymentMethod } = session;
  useEffect(() => {
    if (phase === 'success' || phase === 'outcome') return;
    if (!online) {
      wasOffline.current = true;
      return;
    }
    const controller = new AbortController();
    const orderPath = orderPathOf(orderId);
    const poll = async () => {
      try {
        const { data } = await paymentApi.status(orderId, controller.signal);
        if (closed.current) return;
        if (isPaidStatus(data.paymentStatus)) {
          setMinimized(false);
          if (phase === 'showing' || phase === 'expired') {
            postToServiceWorker({ type: 'STOP_PAYMENT_TIMER', orderId });
            trackPurchase(amount, paymentMethod);
            navigate(`${orderPath}?status=success`);
          }
          if (data.status === 'completed') setPhase('success');
          else if (data.status === 'failed') setPhase('outcome');
          else setPhase('delivering');
        } else if (data.paymentStatus === 'failed') {
          navigate(`${orderPath}?status=failed`);
          close();
        } else if (data.paymentStatus === 'expired') {
          setPhase('expired');
        } else if (data.paymentStatus === 'cancelled') {
          close();
        }
      } catch {
        // A missed poll is retried on the next tick.
      }
    };
    if (wasOffline.current) {
      wasOffline.current = false;
      void poll();
    }
    const timer = setInterval(() => void poll(), STATUS_POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [
    phase,
    online,
    orderId,
    amount,
    paymentMethod,
    navigate,
    close,
    closed,
    setPhase,
    setMinimized,
  ]);
}

/** While the order is delivered the status is read every second: the answer comes in moments. */
function useDeliveryPoll({ phase, session, closed, setPhase }: StatusWatch) {
  const { orderId } = session;
  useEffect(() => {
    if (phase !== 'delivering') return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      paymentApi
        .status(orderId, controller.signal)
        .then(({ data }) => {
          if (closed.current) return;
          if (data.status === 'completed') setPhase('success');
          else if (data.status === 'failed') setPhase('outcome');
        })
        .catch(() => undefined);
    }, 1000);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [phase, orderId, closed, setPhase]);
}

/**
 * Pay Again (a new QR), another method's payment adopted, and Cancel: each busy while it runs.
 * `show` puts a new payment of the order on screen.
 */
function usePaymentActions(
  session: PaymentSession,
  close: () => void,
  show: (data: PaymentSession) => void,
) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState<'cancel' | 'regenerate' | null>(null);

  const adopt = (data: PaymentSession) => {
    show(data);
    if (isPaidStatus(data.paymentStatus)) {
      postToServiceWorker({ type: 'STOP_PAYMENT_TIMER', orderId: data.orderId });
      trackPurchase(data.amount, data.paymentMethod);
      navigate(`${orderPathOf(session.orderId)}?status=success`);
    }
  };

  const payAgain = async () => {
    setBusy('regenerate');
    try {
      const { data } = await paymentApi.regenerateQr(session.orderId);
      adopt(data);
    } catch (error) {
      toast.error(errorMessageOr(error, t('payment.regenerateFailed')));
    } finally {
      setBusy(null);
    }
  };

  const cancelOrder = async () => {
    setBusy('cancel');
    try {
      await paymentApi.cancel(session.orderId);
      toast.success(t('payment.cancelled'));
      close();
    } catch (error) {
      toast.error(errorMessageOr(error, t('payment.cancelFailed')));
      setBusy(null);
    }
  };

  return { busy, adopt, payAgain, cancelOrder };
}

/** The service worker may ask to restart an expired payment (spec §4 "RESTART_PAYMENT"). */
function useRestartPaymentMessage(orderId: string, payAgain: () => Promise<void>) {
  const payAgainRef = useRef(payAgain);
  const orderIdRef = useRef(orderId);
  useEffect(() => {
    payAgainRef.current = payAgain;
    orderIdRef.current = orderId;
  });
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent<unknown>) => {
      const restart = parseRestartPayment(event.data);
      if (restart?.orderId === orderIdRef.current) void payAgainRef.current();
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => {
      navigator.serviceWorker.removeEventListener('message', onMessage);
    };
  }, []);
}
