import '../content/lazy-messages.ts';
import '../orders.css';
import type { Order, OrderDetailItem } from '@shop/contracts/orders';
import { formatNumber } from '@shop/contracts/languages';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TopUpTo } from '../../../components/ui/top-up-to.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { formatDate } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { cartBadge, loadCartController } from '../../cart/index.ts';
import { formatKyat } from '../../../lib/money-format.ts';
import { canTryAnotherNumber, outcomeTitleKey, shownStatus } from '../order-rules.ts';

/**
 * What happened to a paid order that failed, wholly or partly (ADR 0020): each line's outcome,
 * the amount to be refunded, where it goes, how long it takes and the refund's status. Shown on
 * the order page and in the payment modal instead of "Payment successful".
 */
export function RefundOutcome({
  order,
  titled = true,
  onLeave,
}: {
  order: Order;
  /** Without its own heading where a dialog's title says it already. */
  titled?: boolean;
  /** Called before "Try another number" opens the cart (the payment modal closes itself). */
  onLeave?: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const refund = order.refund;
  if (!refund) return null;
  const title = t(outcomeTitleKey(order));
  const pending = refund.status === 'refund_pending';
  const checking = shownStatus(order) === 'checking';
  return (
    <section
      className={`order-notice order-notice--${checking ? 'warn' : 'error'} refund-outcome`}
      {...(titled
        ? { 'aria-labelledby': `refund-title-${order.orderId}` }
        : { 'aria-label': title })}
      data-testid="refund-outcome"
    >
      {titled ? (
        <h2 id={`refund-title-${order.orderId}`} className="refund-outcome__title">
          {title}
        </h2>
      ) : null}
      {refund.partial ? <p>{t('orders.refund.textPart')}</p> : null}
      {checking ? <p>{t('orders.refund.textChecking')}</p> : null}
      <ul className="refund-outcome__lines" aria-label={t('orders.refund.linesLabel')}>
        {order.items.map((item) => (
          <RefundLine key={item.itemId} item={item} onLeave={onLeave} />
        ))}
      </ul>
      <dl className="refund-outcome__facts">
        <div>
          <dt>{pending ? t('orders.refund.amountDue') : t('orders.refund.amountDone')}</dt>
          <dd data-testid="refund-amount">{formatKyat(refund.amount, language)}</dd>
        </div>
        <div>
          <dt>{t('orders.refund.destination')}</dt>
          <dd data-testid="refund-destination">
            {refund.destination === 'points'
              ? t('orders.refund.toPoints', { points: refund.points ?? 0 })
              : t('orders.refund.toBank')}
          </dd>
        </div>
        <div>
          <dt>{t('orders.refund.timeframe')}</dt>
          <dd>
            {refund.refundedAt
              ? t('orders.refund.doneOn', {
                  date: formatDate(refund.refundedAt, language, { style: 'medium' }),
                })
              : t('orders.refund.withinDays', { days: refund.workingDays ?? 0 })}
          </dd>
        </div>
        <div>
          <dt>{t('orders.refund.status')}</dt>
          <dd>
            <span
              className={`refund-status refund-status--${refund.status}`}
              data-testid="refund-status"
            >
              {t(`orders.paymentStatuses.${refund.status}`)}
            </span>
          </dd>
        </div>
      </dl>
      {refund.toCheck && pending ? <p>{t('orders.refund.checkFirst')}</p> : null}
    </section>
  );
}

function RefundLine({
  item,
  onLeave,
}: {
  item: OrderDetailItem;
  onLeave: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const failed = item.status === 'failed' && !item.toCheck;
  const tryAnother = async () => {
    setBusy(true);
    // The same product, without the number that failed: the drawer opens at its number field.
    const added = await loadCartController().then(
      (cart) => cart.add(item.productId, item.quantity),
      () => false,
    );
    setBusy(false);
    if (!added) {
      toast.error(t('orders.refund.tryAnotherFailed'));
      return;
    }
    onLeave?.();
    cartBadge.openDrawerAtPhone(item.productId);
  };
  return (
    <li
      className={failed ? 'refund-line refund-line--failed' : 'refund-line'}
      data-testid="refund-line"
      data-state={item.toCheck ? 'checking' : item.status}
    >
      <strong>
        {item.name} × {formatNumber(item.quantity, currentLanguage())}
      </strong>{' '}
      {item.phoneNumber ? (
        <span className="refund-line__recipient">
          <TopUpTo phoneNumber={item.phoneNumber} operator={item.operator} />
        </span>
      ) : null}{' '}
      <span className="refund-line__state">
        {item.toCheck
          ? t('orders.refund.lineChecking')
          : failed
            ? t('orders.refund.lineFailed')
            : item.status === 'pending'
              ? t('orders.statuses.processing')
              : t('orders.refund.lineDelivered')}
      </span>
      {failed && item.failureReason ? <p>{item.failureReason}</p> : null}
      {canTryAnotherNumber(item) ? (
        <Button
          variant="secondary"
          busy={busy}
          onClick={() => void tryAnother()}
          data-testid="try-another-number"
        >
          {t('orders.refund.tryAnotherNumber')}
        </Button>
      ) : null}
    </li>
  );
}
