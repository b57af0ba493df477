import type { PaymentSession } from '@shop/contracts/checkout';
import type { Order } from '@shop/contracts/orders';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessageOr } from '../../../lib/api-client.ts';
import { paymentApi } from '../../payment/api/payment-api.ts';

const PaymentModal = lazy(async () => ({
  default: (await import('../../payment/components/payment-modal.tsx')).PaymentModal,
}));

/**
 * Back into the payment modal for an order still waiting for its money, with a fresh QR (the
 * previous one stops being payable): "Pay now" in the order list, "Pay Again" on the order page.
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
  const [session, setSession] = useState<PaymentSession | null>(null);

  const payNow = async () => {
    setBusy(true);
    try {
      setSession((await paymentApi.regenerateQr(order.orderId)).data);
    } catch (error) {
      toast.error(errorMessageOr(error, t('orders.detail.payAgainFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button busy={busy} data-testid="pay-now" onClick={() => void payNow()}>
        {label}
      </Button>
      <Suspense fallback={null}>
        {session ? (
          <PaymentModal
            key={session.paymentReference}
            session={session}
            onClose={() => {
              setSession(null);
              onClosed?.();
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}
