import { formatNumber, type Language } from '@shop/contracts/languages';
import { SERVICE_FEE_MMK, type OrderSummary } from '@shop/contracts/checkout';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Code, CODE_SLOT } from '../../../components/ui/code-in-text.tsx';
import { formatKyat } from '../../../lib/money-format.ts';
import { ApproxPrice, RateNote } from '../../currency/index.ts';
import { TopUpTo } from '../../../components/ui/top-up-to.tsx';

/**
 * What the checkout dialog shows of the pending order before the buyer pays: its number, its
 * lines, the amounts down to the total (with the 0 Ks service fee) and the exchange-rate note.
 */
export function CheckoutOrderSummary({
  order,
  language,
}: {
  order: OrderSummary;
  language: Language;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p className="checkout-dialog__number">
        <Code text={t('checkout.orderNumber', { number: CODE_SLOT })}>{order.orderNumber}</Code>
      </p>
      <ul className="checkout-dialog__items" aria-label={t('checkout.items')}>
        {/* The order's lines in its order: two lines may differ only by the top-up request
            they pay (the same product, the same masked number), so the place is in the key. */}
        {order.items.map((item, index) => (
          <li key={`${String(index)}:${item.productId}:${item.phoneNumber ?? ''}`}>
            <span>
              {item.name} × {formatNumber(item.quantity, language)}
              {item.phoneNumber ? (
                <span className="recipient-line" data-testid="checkout-recipient">
                  <TopUpTo phoneNumber={item.phoneNumber} operator={item.operator} />
                </span>
              ) : null}
            </span>
            <span>{formatKyat(item.lineTotal, language)}</span>
          </li>
        ))}
      </ul>
      <CheckoutAmounts order={order} language={language} />
      <RateNote />
    </>
  );
}

/** Subtotal, the discounts (other than the promo code's, then the promo code's), fee and total. */
function CheckoutAmounts({ order, language }: { order: OrderSummary; language: Language }) {
  const { t } = useTranslation();
  return (
    <dl className="checkout-dialog__summary">
      <div>
        <dt>{t('checkout.subtotal')}</dt>
        <dd>{formatKyat(order.subtotal, language)}</dd>
      </div>
      {order.discount - order.promoDiscount > 0 ? (
        <div>
          <dt>{t('checkout.discount')}</dt>
          <dd>−{formatKyat(order.discount - order.promoDiscount, language)}</dd>
        </div>
      ) : null}
      {order.promoCode ? (
        <div>
          <dt>{t('checkout.promo.line', { code: order.promoCode })}</dt>
          <dd data-testid="checkout-promo-discount">
            −{formatKyat(order.promoDiscount, language)}
          </dd>
        </div>
      ) : null}
      <div>
        <dt>{t('checkout.serviceFee')}</dt>
        <dd data-testid="service-fee">
          {formatKyat(order.serviceFee || SERVICE_FEE_MMK, language)}
        </dd>
      </div>
      <div className="checkout-dialog__total">
        <dt>{t('checkout.total')}</dt>
        <dd>
          <span data-testid="checkout-total">{formatKyat(order.total, language)}</span>
          <ApproxPrice kyat={order.total} />
        </dd>
      </div>
    </dl>
  );
}
