import type { Order } from '@shop/contracts/orders';
import { useTranslation } from 'react-i18next';
import { PayNowButton } from './pay-now-button.tsx';

/**
 * An order still waiting for its money after the bank refused the payment or the QR expired
 * (ADR 0017: a refusal does not end the order): Pay Again makes a new QR and shows it.
 */
export function PayAgain({ order, onClosed }: { order: Order; onClosed: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="order-notice" aria-labelledby="order-pay-again" data-testid="pay-again">
      <strong id="order-pay-again">{t('orders.detail.payAgainTitle')}</strong>
      <p>{t('orders.detail.payAgainText')}</p>
      <PayNowButton order={order} label={t('orders.detail.payAgain')} onClosed={onClosed} />
    </section>
  );
}
