import '../content/lazy-messages.ts';
import type { BusinessHours } from '@shop/contracts/catalogue';
import { useTranslation } from 'react-i18next';

/** "Monday–Friday, 09:00–17:00 (Myanmar time)" in the UI language. */
export function BusinessHoursText({ hours }: { hours: BusinessHours }) {
  const { t } = useTranslation();
  const days = [...hours.workingDays].sort((a, b) => a - b);
  const first = days[0];
  const last = days.at(-1);
  const contiguous = first !== undefined && last !== undefined && last - first + 1 === days.length;
  const dayText =
    contiguous && first !== last
      ? t('catalogue.hours.range', {
          from: t(`catalogue.weekdays.${String(first)}`),
          to: t(`catalogue.weekdays.${String(last)}`),
        })
      : days.map((day) => t(`catalogue.weekdays.${String(day)}`)).join(', ');
  return <>{t('catalogue.hours.text', { days: dayText, start: hours.start, end: hours.end })}</>;
}
