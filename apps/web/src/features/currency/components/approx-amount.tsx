import '../content/price-messages.ts';
import '../currency.css';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatKyatIn } from '../../../lib/money-format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useBuyerRate } from '../use-buyer-rate.ts';

/**
 * The approximate amount of `kyat` in the buyer's chosen currency ("≈ 36.36 THB"; "၃၆.၃၆ THB
 * ခန့်"), or nothing until the rates arrive or when the currency is no longer offered. Loaded
 * only once a currency is chosen (ApproxPrice).
 */
export default function ApproxAmount({ kyat }: { kyat: number }) {
  const { t } = useTranslation();
  const rate = useBuyerRate();
  if (!rate) return null;
  return (
    <span className="approx-price" data-testid="approx-price">
      {t('currency.approx', {
        amount: formatKyatIn(kyat, rate, currentLanguage()),
        currency: rate.currency,
      })}
    </span>
  );
}
