import { phoneErrorText, type CartLine } from '@shop/contracts/cart';
import {
  detectOperator,
  operatorNames,
  normalizePhone,
  validatePhone,
} from '@shop/contracts/phone';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { cartController, useCartState } from '../cart-controller.ts';
import { pastedPhone, PHONE_FIELD_MAX_LENGTH } from '../../../lib/phone-input.ts';
import { usePhoneFocusRequest } from '../phone-focus-request.ts';

/**
 * Recipient number of a top-up or data line, checked with the shared phone rules
 * (contracts/phone.ts) and the line's operator; the operator is detected while typing. What is
 * typed is kept (the cart controller holds it) and saved on the line as the customer types and
 * when the field is left, with a visible saving / saved / error state (issue 12).
 */
export function RecipientPhoneField({ line }: { line: CartLine }) {
  const { t } = useTranslation();
  const id = useId();
  const messageId = useId();
  const draft = useCartState().phones.get(line.productId);
  const value = draft?.value ?? (line.phoneNumber ? (normalizePhone(line.phoneNumber) ?? '') : '');
  const [touched, setTouched] = useState(false);
  const focusRequest = usePhoneFocusRequest(line.productId);
  const detected = detectOperator(value);
  const validation = validatePhone(value, line.operator ? { operator: line.operator } : {});
  const language = currentLanguage();
  let error: string | null = null;
  if (
    !validation.valid &&
    value.trim() !== '' &&
    (touched || value.replace(/\D/g, '').length >= 11 || validation.error.code === 'digits_only')
  ) {
    error = phoneErrorText(validation.error, language);
  }
  error ??= draft?.error ?? null;
  const saved =
    !draft?.saving &&
    line.phoneNumber !== null &&
    validation.valid &&
    validation.international === line.phoneNumber;
  const status = error
    ? 'error'
    : draft?.saving
      ? 'saving'
      : saved
        ? 'saved'
        : line.phoneNumber === null
          ? 'missing'
          : 'typing';

  const type = (next: string) => {
    cartController.typePhoneNumber(line.productId, next);
  };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setTouched(true);
    void cartController.savePhoneNumber(line.productId);
  };

  return (
    <form className="cart-phone" onSubmit={submit} noValidate>
      <label htmlFor={id} className="cart-phone__label">
        {t('cart.phoneLabel')}
      </label>
      <div className="cart-phone__row">
        <input
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="09xxxxxxxx"
          maxLength={PHONE_FIELD_MAX_LENGTH}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={messageId}
          data-testid="cart-phone-input"
          data-phone-of={line.productId}
          {...focusRequest}
          onChange={(event) => {
            type(event.target.value);
          }}
          onPaste={(event) => {
            type(pastedPhone(event));
          }}
          onBlur={() => {
            setTouched(true);
            const tidy = normalizePhone(value);
            if (tidy && tidy !== value) type(tidy);
            void cartController.savePhoneNumber(line.productId);
          }}
        />
        {detected ? (
          <span className="cart-phone__operator" data-operator={detected}>
            {operatorNames[detected]}
          </span>
        ) : null}
      </div>
      <p
        id={messageId}
        className={`cart-phone__message cart-phone__message--${status}`}
        aria-live="polite"
        data-testid="cart-phone-status"
        data-state={status}
      >
        {status === 'error' ? (
          <span className="cart-phone__error">{error}</span>
        ) : status === 'saving' ? (
          <>
            <Spinner size="small" /> {t('cart.phoneSaving')}
          </>
        ) : status === 'saved' ? (
          <>
            <span aria-hidden="true">✓ </span>
            {t('cart.phoneSaved')}
          </>
        ) : status === 'missing' ? (
          t('cart.phoneMissing')
        ) : null}
      </p>
    </form>
  );
}
