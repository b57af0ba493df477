import './content/hours-messages.ts';
import type { BusinessHours } from '@shop/contracts/business-hours';
import { localDigits } from '@shop/contracts/languages';
import type { TFunction } from '../../lib/translator.ts';
import { currentLanguage } from '../../lib/i18n.ts';

/**
 * "Monday–Friday, 09:00–17:00 (Myanmar time)" in the UI language, from the configured call-centre
 * hours (its strings come with it: content/hours-messages.ts).
 */
export function formatBusinessHours(t: TFunction, hours: BusinessHours): string {
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
  // "09:00" in the page's digits (Burmese digits on Burmese pages, ADR 0023).
  const language = currentLanguage();
  return t('catalogue.hours.text', {
    days: dayText,
    start: localDigits(hours.start, language),
    end: localDigits(hours.end, language),
  });
}
