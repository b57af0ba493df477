import { CART_QUANTITY_MAX, type CartLine } from '@shop/contracts/cart';
import { formatNumber, toLatinDigits } from '@shop/contracts/languages';
import { formatRecipientNumber } from '@shop/contracts/phone';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Code, CODE_SLOT } from '../../../components/ui/code-in-text.tsx';
import { TopUpTo } from '../../../components/ui/top-up-to.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { uploadSrcSet } from '@shop/contracts/media-variants';
import { fallBackToLogo, safeImageSource } from '../../../lib/image-source.ts';
import { formatKyat } from '../../../lib/money-format.ts';
import { cartController } from '../cart-controller.ts';
import { RecipientPhoneField } from './recipient-phone-field.tsx';

/**
 * One line of the cart drawer: quantity stepper (1–20, 0 removes), remove, recipient phone. A
 * top-up or data line is the product for one number, said under its name; a line that pays a
 * "Top me up" request shows the requester's number masked and says it cannot be changed.
 */
export function CartLineItem({ line, busy }: { line: CartLine; busy: boolean }) {
  const { t } = useTranslation();
  // A top-up is one line per number (issue 26): the labels say which number this line is for.
  const label = line.phoneNumber
    ? `${line.name} · ${formatRecipientNumber(line.phoneNumber)}`
    : line.name;

  return (
    <li
      className={line.available ? 'cart-line' : 'cart-line cart-line--unavailable'}
      data-testid="cart-line"
      aria-busy={busy || undefined}
    >
      <img
        className="cart-line__image"
        src={safeImageSource(line.image)}
        srcSet={uploadSrcSet(safeImageSource(line.image))}
        sizes="56px"
        alt=""
        width={56}
        height={56}
        onError={fallBackToLogo}
      />
      <div className="cart-line__body">
        <LineSummary line={line} />
        <div className="cart-line__controls">
          <QuantityStepper line={line} label={label} busy={busy} />
          <strong className="cart-line__total">
            {formatKyat(line.lineTotal, currentLanguage())}
          </strong>
          <button
            type="button"
            className="cart-line__remove"
            aria-label={t('cart.removeLabel', { name: label })}
            disabled={busy}
            onClick={() => {
              void cartController.remove(line.lineId);
            }}
          >
            {t('cart.remove')}
          </button>
        </div>
        {line.recipientMasked ? (
          // A "Top me up" request's line (ADR 0080): the requester's number, masked, stays.
          <p className="cart-line__request" data-testid="cart-line-request">
            {t('cart.requestNumber')}
          </p>
        ) : line.requiresPhoneNumber && line.available ? (
          <RecipientPhoneField line={line} />
        ) : null}
      </div>
    </li>
  );
}

/**
 * The line's name, the number it tops up, its unit price (and the one before a discount), and
 * why it is unavailable.
 */
function LineSummary({ line }: { line: CartLine }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <>
      <p className="cart-line__name">{line.name}</p>
      {line.phoneNumber ? (
        <p className="cart-line__recipient" data-testid="cart-line-recipient">
          <TopUpTo phoneNumber={line.phoneNumber} operator={line.operator} />
        </p>
      ) : null}
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
    </>
  );
}

/** −, the quantity (typed in either numeral system, applied on Enter or leaving it), +. */
function QuantityStepper({ line, label, busy }: { line: CartLine; label: string; busy: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const quantityId = useId();
  const rangeId = useId();
  const { draft, setDraft, commit } = useQuantityDraft(line);
  return (
    <div className="cart-stepper" role="group" aria-label={t('cart.quantityOf', { name: label })}>
      <button
        type="button"
        aria-label={t('cart.decrease', { name: label })}
        disabled={busy}
        onClick={() => {
          void cartController.updateQuantity(line.lineId, line.quantity - 1);
        }}
      >
        −
      </button>
      <label htmlFor={quantityId} className="visually-hidden">
        {line.phoneNumber ? (
          // The number keeps its Latin digits, marked as a code (ADR 0023).
          <Code text={t('cart.quantityOf', { name: `${line.name} · ${CODE_SLOT}` })}>
            {formatRecipientNumber(line.phoneNumber)}
          </Code>
        ) : (
          t('cart.quantityOf', { name: label })
        )}
      </label>
      <span id={rangeId} className="visually-hidden">
        {t('cart.quantityRange', {
          min: formatNumber(0, language),
          max: formatNumber(CART_QUANTITY_MAX, language),
        })}
      </span>
      <input
        id={quantityId}
        // Text, not a number field: a number field can only show Latin digits, and a Burmese
        // page shows "၁" (one numeral system per page, issue 26). The phone's digit keypad.
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-describedby={rangeId}
        value={draft ?? formatNumber(line.quantity, language)}
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
        aria-label={t('cart.increase', { name: label })}
        disabled={busy}
        onClick={() => {
          void cartController.updateQuantity(line.lineId, line.quantity + 1);
        }}
      >
        +
      </button>
    </div>
  );
}

/** What the customer is typing in the quantity (null shows the server's), and applying it. */
function useQuantityDraft(line: CartLine) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    // Either numeral system is read ("၂" or "2"); anything else leaves the quantity as it was.
    const typed = toLatinDigits(draft.trim());
    setDraft(null);
    if (!/^\d+$/.test(typed)) return;
    const next = Number(typed);
    if (next === line.quantity) return;
    void cartController.updateQuantity(line.lineId, next);
  };
  return { draft, setDraft, commit };
}
