import type { PaymentSession } from '@shop/contracts/checkout';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatCountdown } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatKyat } from '../../../lib/money-format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useConnectivity } from '../../connectivity/index.ts';
import {
  downloadQrPng,
  mmqrMerchantName,
  PaymentQrCode,
  shareQrImage,
} from './payment-qr-code.tsx';

/** The picture "Screenshot & pay" shares and "Save QR code" saves (ADR 0022, "the saved QR image"). */
interface QrImage {
  payload: string;
  fileName: string;
  text: { merchant: string; amount: string; order: string; hint: string };
}

/** What the paying dialog's buttons do; the modal carries them out. */
export interface PayingActions {
  /** The modal shrinks to the pending-payment pill. */
  minimize: () => void;
  /** The order page, while the payment goes on as the pending-payment pill. */
  openOrder: () => void;
  changeMethod: () => void;
  cancelOrder: () => void;
  cancelling: boolean;
}

/**
 * The payment being made (spec §4 "Payment QR modal"): the MM QR code, or the A+ / direct-transfer
 * wait screen, the time left, and the buttons; Cancel Payment behind a confirmation.
 */
export function PayingDialog({
  session,
  summary,
  secondsLeft,
  actions,
}: {
  session: PaymentSession;
  summary: ReactNode;
  secondsLeft: number;
  actions: PayingActions;
}) {
  const { t } = useTranslation();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  /** "Screenshot & pay" saved the picture (nothing to share it with): say where it went. */
  const [imageSaved, setImageSaved] = useState(false);
  const qrImage = useQrImage(session);
  const title = qrImage
    ? t('payment.title')
    : session.paymentMethod === 'aplus'
      ? t('payment.aplusTitle')
      : t('payment.directTitle');
  return (
    <>
      <Dialog
        open
        onClose={actions.minimize}
        title={title}
        className="payment-modal"
        showCloseButton={false}
      >
        {summary}
        {qrImage ? (
          <div className="payment-qr">
            <PaymentQrCode
              payload={qrImage.payload}
              label={t('payment.qrAlt', {
                amount: qrImage.text.amount,
                order: session.orderNumber,
              })}
            />
            <p className="payment-qr__hint">{t('payment.instructions')}</p>
            <p className="payment-qr__hint" role="status" data-testid="payment-image-saved">
              {imageSaved ? t('payment.screenshotSaved') : null}
            </p>
          </div>
        ) : (
          <PaymentWait session={session} />
        )}
        <PaymentTimer secondsLeft={secondsLeft} />
        <p className="visually-hidden" role="status">
          {t('payment.checking')}
        </p>
        <div className="payment-actions">
          {qrImage ? <QrImageButtons image={qrImage} onSaved={setImageSaved} /> : null}
          <Button variant="secondary" data-testid="payment-go-to-order" onClick={actions.openOrder}>
            {t('payment.goToOrder')}
          </Button>
          <Button variant="secondary" data-testid="payment-minimize" onClick={actions.minimize}>
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
      {confirmingCancel ? (
        <CancelPaymentConfirmation
          actions={actions}
          onDismiss={() => {
            setConfirmingCancel(false);
          }}
        />
      ) : null}
    </>
  );
}

/** The QR's picture to share or save, for an MM QR payment; else null. */
function useQrImage(session: PaymentSession): QrImage | null {
  const { t } = useTranslation();
  const language = currentLanguage();
  const payload = session.paymentMethod === 'mmqr' ? session.paymentQrCode : null;
  if (!payload) return null;
  return {
    payload,
    fileName: `mmqr-${session.orderNumber}.png`,
    text: {
      merchant: t('payment.qrImageMerchant', {
        merchant: mmqrMerchantName(payload, language === 'my') ?? '',
      }),
      amount: formatKyat(session.amount, language),
      order: t('payment.qrImageOrder', { order: session.orderNumber }),
      hint: t('payment.qrImageScan'),
    },
  };
}

/** A+ or a direct transfer: the customer pays in the bank's app, and the page waits. */
function PaymentWait({ session }: { session: PaymentSession }) {
  const { t } = useTranslation();
  return (
    <div className="payment-wait" role="status">
      <Spinner />
      <p>
        {session.paymentMethod === 'aplus' ? t('payment.aplusWaiting') : t('payment.directWaiting')}
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
  );
}

/** The time left (orange in the last minute); offline, that the status cannot be read. */
function PaymentTimer({ secondsLeft }: { secondsLeft: number }) {
  const { t } = useTranslation();
  const { online } = useConnectivity();
  if (!online) {
    return (
      <p className="payment-offline" role="alert" data-testid="payment-offline">
        {t('payment.offline')}
      </p>
    );
  }
  return (
    <p
      className={secondsLeft <= 60 ? 'payment-timer payment-timer--low' : 'payment-timer'}
      role="timer"
      aria-live="off"
      data-testid="payment-timer"
    >
      {t('payment.timeLeft', { time: formatCountdown(secondsLeft, currentLanguage()) })}
    </p>
  );
}

/** "Screenshot & pay" (shares the QR's picture, or saves it) and "Save QR code". */
function QrImageButtons({ image, onSaved }: { image: QrImage; onSaved: (saved: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        variant="secondary"
        data-testid="payment-screenshot"
        onClick={() => {
          void shareQrImage(image.payload, image.fileName, image.text).then((end) => {
            onSaved(end === 'saved');
          });
        }}
      >
        {t('payment.screenshotAndPay')}
      </Button>
      <Button
        variant="secondary"
        onClick={() => {
          void downloadQrPng(image.payload, image.fileName, image.text);
        }}
      >
        {t('payment.saveQr')}
      </Button>
    </>
  );
}

/**
 * "Cancel payment?" over the payment dialog (not instead of it): closing it returns focus to
 * Cancel Payment. It offers another method as well as the cancel itself.
 */
function CancelPaymentConfirmation({
  actions,
  onDismiss,
}: {
  actions: PayingActions;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      role="alertdialog"
      size="small"
      onClose={onDismiss}
      title={t('payment.confirmCancelTitle')}
      description={t('payment.confirmCancel')}
    >
      <div className="payment-actions">
        <Button variant="secondary" data-autofocus onClick={onDismiss}>
          {t('payment.confirmNo')}
        </Button>
        <Button
          variant="secondary"
          data-testid="payment-change-method"
          onClick={() => {
            onDismiss();
            actions.changeMethod();
          }}
        >
          {t('payment.changeMethod')}
        </Button>
        <Button variant="danger" busy={actions.cancelling} onClick={actions.cancelOrder}>
          {t('payment.confirmYes')}
        </Button>
      </div>
    </Dialog>
  );
}
