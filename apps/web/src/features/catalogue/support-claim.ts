// Its own strings only, not the catalogue's lazy ones: Home's highlights load with the page.
import './content/hours-messages.ts';
import { defaultBusinessHours, isAroundTheClock } from '@shop/contracts/business-hours';
import { useTranslation } from '../../lib/use-translation.ts';
import { useCallCentreContact } from './api/call-centre-contact.ts';
import { formatBusinessHours } from './business-hours.ts';

/**
 * What the shop may promise about support, from the configured call-centre hours: "24/7" only
 * when the call centre is open every day all day; otherwise the hours themselves. Until the
 * contact is read, the spec's hours (Monday–Friday 09:00–17:00) are assumed, never "24/7".
 */
export function useSupportClaim(): { aroundTheClock: boolean; hours: string } {
  const { t } = useTranslation();
  const contact = useCallCentreContact();
  const hours = contact.data?.hours ?? defaultBusinessHours;
  return { aroundTheClock: isAroundTheClock(hours), hours: formatBusinessHours(t, hours) };
}
