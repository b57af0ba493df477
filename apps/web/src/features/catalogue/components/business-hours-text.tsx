import type { BusinessHours } from '@shop/contracts/business-hours';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatBusinessHours } from '../business-hours.ts';

/** "Monday–Friday, 09:00–17:00 (Myanmar time)" in the UI language. */
export function BusinessHoursText({ hours }: { hours: BusinessHours }) {
  const { t } = useTranslation();
  return <>{formatBusinessHours(t, hours)}</>;
}
