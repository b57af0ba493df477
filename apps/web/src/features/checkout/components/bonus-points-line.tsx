import { useQuery } from '@tanstack/react-query';
import { yangonDay } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { bonusDayWords, bonusDaysQuery } from '../../auth/index.ts';

/**
 * "Paid today, this order earns 2× points (Thadingyut, 14–16 Dec)." when a bonus-point window
 * (ADR 0081) is on today in Yangon. Points are earned by the payment's Yangon day, and an order paid
 * with points earns none, so nothing is said for that method. A failed call says nothing.
 */
export function BonusPointsLine({ paidWithPoints }: { paidWithPoints: boolean }) {
  const { t } = useTranslation();
  const { data } = useQuery(bonusDaysQuery);
  const today = yangonDay();
  const window = data?.find((w) => w.start <= today && today <= w.end);
  if (!window || paidWithPoints) return null;
  return (
    <p className="checkout-dialog__bonus" data-testid="checkout-bonus-points">
      {t('checkout.bonusPoints', bonusDayWords(window, currentLanguage()))}
    </p>
  );
}
