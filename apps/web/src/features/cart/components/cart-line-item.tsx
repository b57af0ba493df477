import { CART_QUANTITY_MAX, type CartLine } from '@shop/contracts/cart';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n.ts';
import { fallBackToLogo, safeImageSource } from '../../catalogue/image-source.ts';
import { formatKyat } from '../../catalogue/money-format.ts';
import { cartController } from '../cart-controller.ts';
import { RecipientPhoneField } from './recipient-phone-field.tsx';

/** One line of the cart drawer: quantity stepper (1–20, 0 removes), remove, recipient phone. */
export function CartLineItem({ line, busy }: { line: CartLine; busy: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const quantityId = useId();
  // What the customer is typing; null shows the server's quantity.
  const [draft, setDraft] = useState<string | null>(null);

  const commit = () => {
    if (draft === null) return;
    const next = Number(draft);
    setDraft(null);
    if (draft.trim() === '' || next === line.quantity) return;
    void cartController.updateQuantity(line.productId, next);
  };

  return (
    <li
      className={line.available ? 'cart-line' : 'cart-line cart-line--unavailable'}
      data-testid="cart-line"
      aria-busy={busy || undefined}
    >
      <img
        className="cart-line__image"
        src={safeImageSource(line.image)}
        alt=""
        width={56}
        height={56}
        onError={fallBackToLogo}
      />
      <div className="cart-line__body">
        <p className="cart-line__name">{line.name}</p>
        <p className="cart-line__price">
          {t('cart.unitPrice', { price: formatKyat(line.unitPrice, language) })}
          {line.discountAmount > 0 ? (
            <del className="cart-line__was">{formatKyat(line.price, language)}</del>
          ) : null}
        </p>
        {!line.available ? (
          <p className="cart-line__status">
            {t(`cart.status.${line.status === 'active' ? 'unavailable' : line.status}`)}
          </p>
        ) : null}
        <div className="cart-line__controls">
          <div
            className="cart-stepper"
            role="group"
            aria-label={t('cart.quantityOf', { name: line.name })}
          >
            <button
              type="button"
              aria-label={t('cart.decrease', { name: line.name })}
              disabled={busy}
              onClick={() => {
                void cartController.updateQuantity(line.productId, line.quantity - 1);
              }}
            >
              −
            </button>
            <label htmlFor={quantityId} className="visually-hidden">
              {t('cart.quantityOf', { name: line.name })}
            </label>
            <input
              id={quantityId}
              type="number"
              inputMode="numeric"
              min={0}
              max={CART_QUANTITY_MAX}
              value={draft ?? String(line.quantity)}
              disabled={busy}
              data-testid="cart-quantity"
              onChange={(event) => {
                setDraft(event.target.value);
              }}
              onBlur={commit}
              onKeyDown={(event) => {
                if (event.key === 'Enter') commit();
              }}
            />
            <button
              type="button"
              aria-label={t('cart.increase', { name: line.name })}
              disabled={busy}
              onClick={() => {
                void cartController.updateQuantity(line.productId, line.quantity + 1);
              }}
            >
              +
            </button>
          </div>
          <strong className="cart-line__total">{formatKyat(line.lineTotal, language)}</strong>
          <button
            type="button"
            className="cart-line__remove"
            aria-label={t('cart.removeLabel', { name: line.name })}
            disabled={busy}
            onClick={() => {
              void cartController.remove(line.productId);
            }}
          >
            {t('cart.remove')}
          </button>
        </div>
        {line.requiresPhoneNumber && line.available ? <RecipientPhoneField line={line} /> : null}
      </div>
    </li>
  );
}
