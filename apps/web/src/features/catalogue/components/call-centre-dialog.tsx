import '../content/dialog-messages.ts';
import { defaultBusinessHours, isCallCentreOpen } from '@shop/contracts/catalogue';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../catalogue-dialogs.css';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useCallCentreContact } from '../api/call-centre-contact.ts';
import { BusinessHoursText } from './business-hours-text.tsx';
import { ContactDetails } from './contact-details.tsx';

/** Call-centre dialog: open or closed judged on the Asia/Yangon clock (spec §2, §9). */
export default function CallCentreDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const contact = useCallCentreContact();
  const hours = contact.data?.hours ?? defaultBusinessHours;
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(new Date());
    }, 30_000);
    return () => {
      clearInterval(timer);
    };
  }, []);
  const open = isCallCentreOpen(hours, now);
  return (
    <Dialog open onClose={onClose} title={t('catalogue.callCentre.title')} size="small">
      <div className="call-centre">
        <p
          className={`status-pill ${open ? 'status-pill--open' : 'status-pill--closed'}`}
          data-testid="call-centre-status"
        >
          <span aria-hidden="true" className="status-pill__dot" />
          {open ? t('catalogue.callCentre.open') : t('catalogue.callCentre.closed')}
        </p>
        <p className="call-centre__hours">
          <BusinessHoursText hours={hours} />
        </p>
        {contact.data ? (
          <ContactDetails
            contact={contact.data}
            labels={{
              phone: t('catalogue.callCentre.phone'),
              email: t('catalogue.callCentre.email'),
            }}
            className="call-centre__details"
          />
        ) : contact.isPending ? (
          <p role="status">{t('catalogue.common.loading')}</p>
        ) : null}
        {!open ? <p className="call-centre__note">{t('catalogue.callCentre.closedNote')}</p> : null}
        {contact.data && open ? (
          <a
            className="button button--primary button--block"
            href={`tel:${contact.data.phone.replace(/\s+/g, '')}`}
          >
            {t('catalogue.callCentre.callNow')}
          </a>
        ) : null}
      </div>
    </Dialog>
  );
}
