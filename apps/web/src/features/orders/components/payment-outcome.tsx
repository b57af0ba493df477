import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { PaymentOutcomeProps } from '../../payment/index.ts';
import { useOrder } from '../api/orders-api.ts';
import { outcomeTitleKey } from '../order-rules.ts';
import { RefundOutcome } from './refund-outcome.tsx';

/**
 * The payment modal's end for a paid order that failed, wholly or partly (ADR 0020): never
 * "Payment successful", but what happened per line and the refund — amount, where it goes, how
 * long it takes and its status — with "Try another number" on a failed top-up. Orders draws it (it
 * reads the order); the payment modal shows it, given by the app (payment is below orders, issue 30).
 * Its button's string is the payment modal's (payment.goToOrder), registered with the modal.
 */
export function PaymentOutcome({ orderId, summary, onClose }: PaymentOutcomeProps) {
  const { t } = useTranslation();
  const order = useOrder(orderId).data;
  const title = order ? t(outcomeTitleKey(order)) : t('orders.refund.titleWhole');
  return (
    <Dialog open onClose={onClose} size="small" title={title}>
      <div data-testid="payment-outcome">
        {summary}
        {order ? (
          <RefundOutcome order={order} titled={false} onLeave={onClose} />
        ) : (
          <p role="status">
            <Spinner size="small" />
          </p>
        )}
        <Button block data-autofocus onClick={onClose}>
          {t('payment.goToOrder')}
        </Button>
      </div>
    </Dialog>
  );
}
