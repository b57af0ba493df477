import type { Order } from '@shop/contracts/orders';
import { useTranslation } from '../../../lib/use-translation.ts';
import { shownStatus } from '../order-rules.ts';

/** The order's status as shown (ADR 0051): "Partly delivered" and "Checking" are derived. */
export function OrderStatusBadge({ order }: { order: Pick<Order, 'status' | 'items'> }) {
  const { t } = useTranslation();
  const status = shownStatus(order);
  return (
    <span className={`order-badge order-badge--${status}`} data-status={status}>
      {t(`orders.statuses.${status}`)}
    </span>
  );
}
