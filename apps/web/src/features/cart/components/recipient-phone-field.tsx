import { phoneErrorMessagesMy, type CartLine } from '@shop/contracts/cart';
import {
  detectOperator,
  formatPhoneMessage,
  operatorNames,
  phoneErrorMessages,
  normalizePhone,
  validatePhone,
} from '@shop/contracts/phone';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { cartController } from '../cart-controller.ts';

/**
 * Recipient number of a top-up or data line, checked with the shared phone rules
 * (contracts/phone.ts) and the line's operator; the operator is detected while typing.
 */
export function RecipientPhoneField({ line, disabled }: { line: CartLine; disabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const messageId = useId();
  const [value, setValue] = useState(
    line.phoneNumber ? (normalizePhone(line.phoneNumber) ?? '') : '',
  );
  const [touched, setTouched] = useState(false);
  const detected = detectOperator(value);
  const validation = validatePhone(value, line.operator ? { operator: line.operator } : {});
  const language = currentLanguage();
  let error: string | null = null;
  if (!validation.valid && (touched || value.replace(/\D/g, '').length >= 11)) {
    const template = (language === 'my' ? phoneErrorMessagesMy : phoneErrorMessages)[
      validation.error.code
    ];
    error = formatPhoneMessage(template, validation.error.params);
  }
  const saved =
    line.phoneNumber !== null && validation.valid && validation.international === line.phoneNumber;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!validation.valid) return;
    void cartController.setPhoneNumber(line.productId, value);
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
          maxLength={16}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={messageId}
          data-testid="cart-phone-input"
          onChange={(event) => {
            setValue(event.target.value);
          }}
          onBlur={() => {
            setTouched(true);
          }}
        />
        {detected ? (
          <span className="cart-phone__operator" data-operator={detected}>
            {operatorNames[detected]}
          </span>
        ) : null}
        <Button type="submit" variant="secondary" disabled={disabled || saved}>
          {saved ? t('cart.phoneSaved') : t('cart.phoneSave')}
        </Button>
      </div>
      <p id={messageId} className="cart-phone__message" aria-live="polite">
        {error ? (
          <span className="cart-phone__error">{error}</span>
        ) : line.phoneNumber === null ? (
          t('cart.phoneMissing')
        ) : null}
      </p>
    </form>
  );
}
