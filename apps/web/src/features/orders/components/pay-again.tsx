import type { Order } from '@shop/contracts/orders';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessageOr } from '../../../lib/api-client.ts';
import { postToServiceWorker } from '../../../lib/sw-messages.ts';
import { paymentApi, paymentHost } from '../../payment/index.ts';
import { PayNowButton } from './pay-now-button.tsx';

/**
 * An order still waiting for its money (issue 26, "a lost QR comes back"): Pay now shows the QR
 * shown last while it can still be paid, else makes a new one; after the bank refused the payment
 * or the QR expired (ADR 0017: a refusal does not end the order) it is Pay Again, a new QR. Cancel
 * ends the order after the spec's confirmation (§4 "Cancel Payment").
 */
export function PayAgain({ order, onClosed }: { order: Order; onClosed: () => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const waiting = order.paymentStatus === 'pending';

  const cancelOrder = async () => {
    setCancelling(true);
    try {
      await paymentApi.cancel(order.orderId);
      // No "QR expired" notice later for an order that is cancelled, nor its pill now.
      postToServiceWorker({ type: 'STOP_PAYMENT_TIMER', orderId: order.orderId });
      paymentHost.dismiss(order.orderId);
      toast.success(t('orders.detail.cancelled'));
      setConfirming(false);
      onClosed();
    } catch (error) {
      toast.error(errorMessageOr(error, t('orders.detail.cancelFailed')));
    } finally {
      setCancelling(false);
    }
  };

  return (
    <section className="order-notice" aria-labelledby="order-pay-again" data-testid="pay-again">
      <strong id="order-pay-again">
        {waiting ? t('orders.detail.waitingTitle') : t('orders.detail.payAgainTitle')}
      </strong>
      <p>{waiting ? t('orders.detail.waitingText') : t('orders.detail.payAgainText')}</p>
      <div className="order-actions">
        <PayNowButton
          order={order}
          label={waiting ? t('orders.payNow') : t('orders.detail.payAgain')}
          onClosed={onClosed}
        />
        <Button
          variant="secondary"
          data-testid="order-cancel"
          onClick={() => {
            setConfirming(true);
          }}
        >
          {t('orders.detail.cancelOrder')}
        </Button>
      </div>
      {confirming ? (
        <Dialog
          open
          role="alertdialog"
          size="small"
          onClose={() => {
            setConfirming(false);
          }}
          title={t('orders.detail.confirmCancelTitle')}
          description={t('orders.detail.confirmCancel')}
        >
          <div className="order-actions">
            <Button
              variant="secondary"
              data-autofocus
              onClick={() => {
                setConfirming(false);
              }}
            >
              {t('orders.detail.confirmCancelNo')}
            </Button>
            <Button
              variant="danger"
              busy={cancelling}
              data-testid="order-cancel-confirm"
              onClick={() => void cancelOrder()}
            >
              {t('orders.detail.confirmCancelYes')}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
