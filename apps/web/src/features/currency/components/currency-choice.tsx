import '../content/choice-messages.ts';
import '../currency.css';
import type { ExchangeRate } from '@shop/contracts/catalogue';
import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { buyerRate, choosableRates } from '../buyer-rate.ts';
import { setBuyerCurrency, useBuyerCurrency } from '../buyer-currency-setting.ts';
import { RateNote } from './rate-note.tsx';

/**
 * "Show prices also in" (issue 31): kyat only, or one of the back-office's active currencies,
 * remembered on this device. The payment stays in kyat; the choice only adds an approximate amount.
 */
export function CurrencyChoice({ rates }: { rates: readonly ExchangeRate[] }) {
  const { t } = useTranslation();
  const id = useId();
  const chosen = useBuyerCurrency();
  const offered = choosableRates(rates);
  if (offered.length === 0) return null;
  return (
    <div className="currency-choice" data-testid="currency-choice">
      <label htmlFor={id}>{t('currency.choice.label')}</label>
      <select
        id={id}
        value={buyerRate(rates, chosen)?.currency ?? ''}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          setBuyerCurrency(event.target.value || null);
        }}
      >
        <option value="">{t('currency.choice.kyatOnly')}</option>
        {offered.map((rate) => (
          <option key={rate.currency} value={rate.currency}>
            {`${rate.currency} (${rate.symbol})`}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="currency-choice__hint">
        {t('currency.choice.hint')}
      </p>
      <RateNote />
    </div>
  );
}
