import type { OrderStatus } from '@shop/contracts/checkout';
import { useTranslation } from 'react-i18next';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`order-badge order-badge--${status}`} data-status={status}>
      {t(`orders.statuses.${status}`)}
    </span>
  );
}
