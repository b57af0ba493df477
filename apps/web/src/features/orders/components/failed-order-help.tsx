import { useTranslation } from '../../../lib/use-translation.ts';
import { Code } from '../../../components/ui/code-in-text.tsx';
import { BusinessHoursText, useCallCentreContact } from '../../catalogue/index.ts';

/** Spec §2: "A failed order shows a help box with the call-centre hours." */
export function FailedOrderHelp() {
  const { t } = useTranslation();
  const contact = useCallCentreContact();
  return (
    <div className="order-notice order-notice--help" role="note" data-testid="failed-order-help">
      <strong>{t('orders.detail.failedHelpTitle')}</strong>
      <p>{t('orders.detail.failedHelpText')}</p>
      {contact.data ? (
        <p>
          <a href={`tel:${contact.data.phone}`}>
            <Code>{contact.data.phone}</Code>
          </a>{' '}
          · <BusinessHoursText hours={contact.data.hours} />
        </p>
      ) : null}
    </div>
  );
}
