import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useOrder } from '../../orders/api/orders-api.ts';
import { RefundOutcome } from '../../orders/components/refund-outcome.tsx';
import { outcomeTitleKey } from '../../orders/order-rules.ts';

/**
 * The payment modal's end for a paid order that failed, wholly or partly (ADR 0020): never
 * "Payment successful", but what happened per line and the refund — amount, where it goes, how
 * long it takes and its status — with "Try another number" on a failed top-up.
 */
export function PaymentOutcome({
  orderId,
  summary,
  onClose,
}: {
  orderId: string;
  summary: ReactNode;
  onClose: () => void;
}) {
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
