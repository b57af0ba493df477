import '../content/lazy-messages.ts';
import '../payment.css';
import type { PaymentSession } from '@shop/contracts/checkout';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { Code } from '../../../components/ui/code-in-text.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessageOr } from '../../../lib/api-client.ts';
import { formatCountdown } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { parseRestartPayment, postToServiceWorker } from '../../../lib/sw-messages.ts';
import { formatKyat } from '../../../lib/money-format.ts';
import { useConnectivity } from '../../connectivity/index.ts';
import { useCheckoutBodyClass } from '../../checkout/index.ts';
import { loadCartController } from '../../cart/index.ts';
import { ApproxPrice } from '../../currency/index.ts';
import { track } from '../../privacy/index.ts';
import { paymentApi } from '../api/payment-api.ts';
import { forgetPayment, savePayment } from '../pending-payment.ts';
import { ChangePaymentMethod } from './change-payment-method.tsx';
import {
  downloadQrPng,
  mmqrMerchantName,
  PaymentQrCode,
  shareQrImage,
} from './payment-qr-code.tsx';
import { PaymentRecipients } from './payment-recipients.tsx';

/**
 * The modal's end for a paid order that failed, wholly or partly (ADR 0020): what happened per line
 * and the refund. Drawn by the orders feature, which reads the order; the app gives it to the modal.
 */
export interface PaymentOutcomeProps {
  orderId: string;
  /** The payment's summary (amount, method), shown above the outcome. */
  summary: ReactNode;
  onClose: () => void;
}

/** Spec §9 "Payment window 300 s; status poll every 3 s". */
export const STATUS_POLL_MS = 3000;

/** purchase (first-party analytics, only after consent): what was paid, in kyat, and how. */
const trackPurchase = (amount: number, method: PaymentSession['paymentMethod']) => {
  track('purchase', { value: amount, payment_method: method });
};

/**
 * showing: the QR or wait screen; expired; delivering: paid, the order is being delivered;
 * success: delivered; outcome: paid but (a part) failed — what happened and the refund (ADR 0020).
 */
type Phase = 'showing' | 'expired' | 'delivering' | 'success' | 'outcome';

/** Money taken for the order: paid, or paid and a failed part refunded (or being refunded). */
const isPaidStatus = (status: string) =>
  status === 'paid' || status === 'refund_pending' || status === 'refunded';

/**
 * Payment modal (spec §4 "Payment QR modal"): the MM QR code with a 300 s countdown (or the A+ /
 * direct-transfer wait screen), minimise and expand, payment status polled every 3 s — paid goes
 * to /orders/{id}?status=success, failed to ?status=failed — an expired state with Pay Again and
 * Cancel, and Cancel Payment behind a confirmation.
 */
export function PaymentModal({
  session: initialSession,
  deadline: initialDeadline,
  startMinimized = false,
  onClose,
  Outcome,
}: {
  session: PaymentSession;
  /** When the QR stops being payable (a saved payment shown again); else now + its seconds. */
  deadline?: number;
  /** Shown as the pending-payment pill (a payment restored after a reload). */
  startMinimized?: boolean;
  onClose: () => void;
  /** The end of a paid order that failed, wholly or partly: the orders feature's (given by the app). */
  Outcome: ComponentType<PaymentOutcomeProps>;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [, navigate] = useLocation();
  const [session, setSession] = useState(initialSession);
  const [deadline, setDeadline] = useState(
    () => initialDeadline ?? Date.now() + initialSession.expiresInSeconds * 1000,
  );
  const [now, setNow] = useState(() => Date.now());
  const [phase, setPhase] = useState<Phase>(
    initialSession.paymentStatus === 'expired' ? 'expired' : 'showing',
  );
  const [minimized, setMinimized] = useState(startMinimized);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [changingMethod, setChangingMethod] = useState(false);
  const [busy, setBusy] = useState<'cancel' | 'regenerate' | null>(null);
  /** "Screenshot & pay" saved the picture (nothing to share it with): say where it went. */
  const [imageSaved, setImageSaved] = useState(false);
  const closed = useRef(false);
  useCheckoutBodyClass(!minimized);
  // Offline the status cannot be read: the modal says so, and reads it at once when back.
  const { online } = useConnectivity();
  const wasOffline = useRef(false);

  const secondsLeft = Math.max(0, Math.ceil((deadline - now) / 1000));
  const amount = formatKyat(session.amount, language);
  const orderPath = `/orders/${encodeURIComponent(session.orderId)}`;

  const close = useCallback(() => {
    closed.current = true;
    forgetPayment(session.orderId);
    postToServiceWorker({ type: 'STOP_PAYMENT_TIMER', orderId: session.orderId });
    onClose();
  }, [onClose, session.orderId]);

  // While its QR can be paid the payment is kept: a reload shows the pill again, the order page's
  // Pay now the same QR (issue 26, ADR 0054). Paid, expired or ended, it is not kept.
  useEffect(() => {
    if (phase === 'showing') savePayment({ session, deadline });
    else forgetPayment(session.orderId);
  }, [phase, session, deadline]);

  // Paid: the server takes the bought lines out of the cart, and the header's badge follows at
  // once (read again when delivery starts, and when it ends, by when the cart has surely changed).
  useEffect(() => {
    if (phase === 'showing' || phase === 'expired') return;
    void loadCartController()
      .then((cart) => cart.load({ quiet: true }))
      .catch(() => undefined);
  }, [phase]);

  // Countdown; at zero the expired state shows and an expiry notice is given.
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
  }, [phase, deadline, t]);

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

  // Status poll every 3 s until paid or failed, then until the order is delivered or failed:
  // "Payment successful" only for a delivered order, never for one that failed (ADR 0020).
  useEffect(() => {
    if (phase === 'success' || phase === 'outcome') return;
    if (!online) {
      wasOffline.current = true;
      return;
    }
    const controller = new AbortController();
    const poll = async () => {
      try {
        const { data } = await paymentApi.status(session.orderId, controller.signal);
        if (closed.current) return;
        if (isPaidStatus(data.paymentStatus)) {
          setMinimized(false);
          if (phase === 'showing' || phase === 'expired') {
            postToServiceWorker({ type: 'STOP_PAYMENT_TIMER', orderId: session.orderId });
            trackPurchase(session.amount, session.paymentMethod);
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
    session.orderId,
    session.amount,
    session.paymentMethod,
    orderPath,
    navigate,
    close,
  ]);

  // While the order is delivered the status is read every second: the answer comes in moments.
  useEffect(() => {
    if (phase !== 'delivering') return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      paymentApi
        .status(session.orderId, controller.signal)
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
  }, [phase, session.orderId]);

  /** A new payment of this order (Pay Again, another method): shown, or paid at once (points). */
  const adopt = (data: PaymentSession) => {
    setSession(data);
    setDeadline(Date.now() + data.expiresInSeconds * 1000);
    setNow(Date.now());
    if (isPaidStatus(data.paymentStatus)) {
      setPhase('delivering');
      postToServiceWorker({ type: 'STOP_PAYMENT_TIMER', orderId: data.orderId });
      trackPurchase(data.amount, data.paymentMethod);
      navigate(`${orderPath}?status=success`);
    } else setPhase('showing');
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
  const payAgainRef = useRef(payAgain);
  const orderIdRef = useRef(session.orderId);
  useEffect(() => {
    payAgainRef.current = payAgain;
    orderIdRef.current = session.orderId;
  });

  // The service worker may ask to restart an expired payment (spec §4 "RESTART_PAYMENT").
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

  if (minimized) {
    // Named by what it shows, then what it does: a name that hid the visible text would fail
    // voice control users, who say what they see (WCAG 2.5.3, axe label-content-name-mismatch).
    return (
      <button
        type="button"
        className="payment-minimized"
        data-testid="payment-expand"
        onClick={() => {
          setMinimized(false);
        }}
      >
        <span className="payment-minimized__dot" aria-hidden="true" />
        {t('payment.minimizedLabel', { time: formatCountdown(secondsLeft, language) })}{' '}
        <span className="visually-hidden">{t('payment.expand')}</span>
      </button>
    );
  }

  if (changingMethod) {
    return (
      <ChangePaymentMethod
        session={session}
        onBack={() => {
          setChangingMethod(false);
        }}
        onStarted={(next) => {
          setChangingMethod(false);
          adopt(next);
        }}
      />
    );
  }

  const summary = (
    <dl className="payment-summary">
      <div>
        <dt>{t('payment.amount')}</dt>
        <dd>
          <span data-testid="payment-amount">{amount}</span>
          <ApproxPrice kyat={session.amount} />
        </dd>
      </div>
      <div>
        <dt>{t('payment.orderId')}</dt>
        <dd>
          <Code>{session.orderNumber}</Code>
        </dd>
      </div>
      <PaymentRecipients session={session} />
    </dl>
  );

  // Each phase is its own dialog (a key each): a new one takes focus to its first action.
  if (phase === 'delivering') {
    return (
      <Dialog
        key="delivering"
        open
        onClose={close}
        size="small"
        title={t('payment.deliveringTitle')}
      >
        <div className="payment-wait" role="status" data-testid="payment-delivering">
          <Spinner />
          <p>{t('payment.delivering')}</p>
        </div>
        {summary}
      </Dialog>
    );
  }

  if (phase === 'outcome') {
    return <Outcome orderId={session.orderId} summary={summary} onClose={close} />;
  }

  if (phase === 'success') {
    return (
      <Dialog key="success" open onClose={close} size="small" title={t('payment.successTitle')}>
        <div className="payment-success" data-testid="payment-success">
          <span className="payment-success__icon" aria-hidden="true">
            ✓
          </span>
          <p>{t('payment.success')}</p>
          {summary}
          <Button
            block
            data-autofocus
            onClick={() => {
              navigate(`${orderPath}?status=success`);
              close();
            }}
          >
            {t('payment.goToOrder')}
          </Button>
        </div>
      </Dialog>
    );
  }

  if (phase === 'expired') {
    return (
      <Dialog
        key="expired"
        open
        onClose={close}
        size="small"
        title={t('payment.expiredTitle')}
        dismissible={false}
      >
        <div data-testid="payment-expired">
          <p className="payment-expired">{t('payment.expired')}</p>
          {summary}
          <div className="payment-actions">
            <Button variant="secondary" busy={busy === 'cancel'} onClick={() => void cancelOrder()}>
              {t('payment.cancel')}
            </Button>
            <Button busy={busy === 'regenerate'} onClick={() => void payAgain()}>
              {t('payment.payAgain')}
            </Button>
          </div>
        </div>
      </Dialog>
    );
  }

  // Over the payment dialog (not instead of it): closing it returns focus to "Cancel payment".
  const cancelConfirmation = confirmingCancel ? (
    <Dialog
      open
      role="alertdialog"
      size="small"
      onClose={() => {
        setConfirmingCancel(false);
      }}
      title={t('payment.confirmCancelTitle')}
      description={t('payment.confirmCancel')}
    >
      <div className="payment-actions">
        <Button
          variant="secondary"
          data-autofocus
          onClick={() => {
            setConfirmingCancel(false);
          }}
        >
          {t('payment.confirmNo')}
        </Button>
        <Button
          variant="secondary"
          data-testid="payment-change-method"
          onClick={() => {
            setConfirmingCancel(false);
            setChangingMethod(true);
          }}
        >
          {t('payment.changeMethod')}
        </Button>
        <Button variant="danger" busy={busy === 'cancel'} onClick={() => void cancelOrder()}>
          {t('payment.confirmYes')}
        </Button>
      </div>
    </Dialog>
  ) : null;

  const isQr = session.paymentMethod === 'mmqr' && session.paymentQrCode !== null;
  /** The order page, while the payment goes on as the pending-payment pill. */
  const openOrderWhilePaying = () => {
    setMinimized(true);
    navigate(orderPath);
  };
  // The picture "Screenshot & pay" shares and "Save QR code" saves (ADR 0022, "the saved QR image").
  const qrImage =
    isQr && session.paymentQrCode
      ? {
          payload: session.paymentQrCode,
          fileName: `mmqr-${session.orderNumber}.png`,
          text: {
            merchant: t('payment.qrImageMerchant', {
              merchant: mmqrMerchantName(session.paymentQrCode, language === 'my') ?? '',
            }),
            amount,
            order: t('payment.qrImageOrder', { order: session.orderNumber }),
            hint: t('payment.qrImageScan'),
          },
        }
      : null;
  const title = isQr
    ? t('payment.title')
    : session.paymentMethod === 'aplus'
      ? t('payment.aplusTitle')
      : t('payment.directTitle');
  return (
    <>
      <Dialog
        key="paying"
        open
        onClose={() => {
          setMinimized(true);
        }}
        title={title}
        className="payment-modal"
        showCloseButton={false}
      >
        {summary}
        {isQr && session.paymentQrCode ? (
          <div className="payment-qr">
            <PaymentQrCode
              payload={session.paymentQrCode}
              label={t('payment.qrAlt', { amount, order: session.orderNumber })}
            />
            <p className="payment-qr__hint">{t('payment.instructions')}</p>
            <p className="payment-qr__hint" role="status" data-testid="payment-image-saved">
              {imageSaved ? t('payment.screenshotSaved') : null}
            </p>
          </div>
        ) : (
          <div className="payment-wait" role="status">
            <Spinner />
            <p>
              {session.paymentMethod === 'aplus'
                ? t('payment.aplusWaiting')
                : t('payment.directWaiting')}
            </p>
            {session.paymentUrl ? (
              <a
                className="ui-button ui-button--secondary"
                href={session.paymentUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t('payment.openBank')}
              </a>
            ) : null}
          </div>
        )}
        {online ? (
          <p
            className={secondsLeft <= 60 ? 'payment-timer payment-timer--low' : 'payment-timer'}
            role="timer"
            aria-live="off"
            data-testid="payment-timer"
          >
            {t('payment.timeLeft', { time: formatCountdown(secondsLeft, language) })}
          </p>
        ) : (
          <p className="payment-offline" role="alert" data-testid="payment-offline">
            {t('payment.offline')}
          </p>
        )}
        <p className="visually-hidden" role="status">
          {t('payment.checking')}
        </p>
        <div className="payment-actions">
          {qrImage ? (
            <>
              <Button
                variant="secondary"
                data-testid="payment-screenshot"
                onClick={() => {
                  void shareQrImage(qrImage.payload, qrImage.fileName, qrImage.text).then((end) => {
                    setImageSaved(end === 'saved');
                  });
                }}
              >
                {t('payment.screenshotAndPay')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  void downloadQrPng(qrImage.payload, qrImage.fileName, qrImage.text);
                }}
              >
                {t('payment.saveQr')}
              </Button>
            </>
          ) : null}
          <Button
            variant="secondary"
            data-testid="payment-go-to-order"
            onClick={openOrderWhilePaying}
          >
            {t('payment.goToOrder')}
          </Button>
          <Button
            variant="secondary"
            data-testid="payment-minimize"
            onClick={() => {
              setMinimized(true);
            }}
          >
            {t('payment.minimize')}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              setConfirmingCancel(true);
            }}
          >
            {t('payment.cancelPayment')}
          </Button>
        </div>
      </Dialog>
      {cancelConfirmation}
    </>
  );
}
