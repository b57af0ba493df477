import type { Order } from '@shop/contracts/orders';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessageOr } from '../../../lib/api-client.ts';
import { paymentApi, paymentHost, savedPayment } from '../../payment/index.ts';

/**
 * Back into the payment modal for an order still waiting for its money: "Pay now" in the order
 * list and on the order page, "Pay Again" after a refusal or expiry. The QR shown last is shown
 * again while it can still be paid (issue 26, ADR 0054); else a fresh QR is made (the previous one
 * stops being payable).
 */
export function PayNowButton({
  order,
  label,
  onClosed,
}: {
  order: Order;
  label: string;
  onClosed?: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const payNow = async () => {
    const saved = order.paymentStatus === 'pending' ? savedPayment(order.orderId) : null;
    if (saved) {
      paymentHost.open(saved.session, { deadline: saved.deadline, onClosed });
      return;
    }
    setBusy(true);
    try {
      paymentHost.open((await paymentApi.regenerateQr(order.orderId)).data, { onClosed });
    } catch (error) {
      toast.error(errorMessageOr(error, t('orders.detail.payAgainFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button busy={busy} data-testid="pay-now" onClick={() => void payNow()}>
      {label}
    </Button>
  );
}
