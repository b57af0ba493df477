import '../content/lazy-messages.ts';
import {
  MMQR_MINIMUM_MMK,
  type PaymentMethod,
  type PaymentMethodId,
} from '@shop/contracts/checkout';
import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * The payment methods of a checkout session as one radio group (MM QR below 1000 MMK and methods
 * the server disables are shown with why). Used by the checkout dialog and by "Change payment
 * method" in the payment modal.
 */
export function PaymentMethodPicker({
  methods,
  total,
  value,
  onChange,
}: {
  methods: PaymentMethod[];
  total: number;
  value: PaymentMethodId;
  onChange: (method: PaymentMethodId) => void;
}) {
  const { t } = useTranslation();
  const groupName = useId();
  return (
    <fieldset className="checkout-methods">
      <legend>{t('checkout.paymentMethod')}</legend>
      {methods.map((entry) => {
        const belowMinimum = entry.id === 'mmqr' && total < MMQR_MINIMUM_MMK;
        const disabled = !entry.isEnabled || belowMinimum;
        const hint = belowMinimum
          ? t('checkout.minimumMmqr')
          : (entry.message ?? t(`checkout.methodHints.${entry.id}`));
        return (
          <label
            key={entry.id}
            className={disabled ? 'checkout-method checkout-method--disabled' : 'checkout-method'}
          >
            <input
              type="radio"
              name={groupName}
              value={entry.id}
              checked={value === entry.id}
              disabled={disabled}
              onChange={() => {
                onChange(entry.id);
              }}
            />
            <span>
              <strong>{t(`checkout.methods.${entry.id}`)}</strong>
              <small className={belowMinimum ? 'checkout-method__warning' : undefined}>
                {hint}
              </small>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** Whether `method` can be chosen now (enabled by the server, and MM QR only from 1000 MMK). */
export const canUseMethod = (methods: PaymentMethod[], method: PaymentMethodId, total: number) =>
  methods.some((entry) => entry.id === method && entry.isEnabled) &&
  !(method === 'mmqr' && total < MMQR_MINIMUM_MMK);
