import '../content/price-messages.ts';
import '../currency.css';
import { formatDate } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatKyat } from '../../../lib/money-format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useBuyerRate } from '../use-buyer-rate.ts';

/**
 * The rate behind the approximate amounts, with its date, and that the payment stays in kyat
 * ("Rate of 2 Dec 2026: 1 THB = 137.5 Ks. …"); nothing for kyat only.
 */
export function RateNote() {
  const { t } = useTranslation();
  const rate = useBuyerRate();
  if (!rate) return null;
  const language = currentLanguage();
  return (
    <p className="rate-note" data-testid="rate-note">
      {t('currency.rateOf', {
        date: formatDate(rate.lastUpdated, language, { style: 'medium' }),
        currency: rate.currency,
        kyat: formatKyat(rate.rate, language, { maximumFractionDigits: 4 }),
      })}{' '}
      {t('currency.payInKyat')}
    </p>
  );
}
