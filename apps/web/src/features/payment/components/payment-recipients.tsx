import type { PaymentSession } from '@shop/contracts/checkout';
import { useTranslation } from '../../../lib/use-translation.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { TopUpTo } from '../../../components/ui/top-up-to.tsx';

/**
 * The payment modal's and success screen's "Top-up to 09 421 234 567 (MPT)", one per top-up or
 * data line, so the customer sees where the money goes before and after paying (issue 12).
 */
export function PaymentRecipients({ session }: { session: PaymentSession }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (session.recipients.length === 0) return null;
  const many = session.recipients.length > 1;
  return (
    <div className="payment-summary__recipients">
      <dt>{t('payment.recipients')}</dt>
      {/* Two lines may differ only by the top-up request they pay (the same product and masked
          number): the place is in the key. */}
      {session.recipients.map((recipient, index) => (
        <dd
          key={`${String(index)}:${recipient.productId}:${recipient.phoneNumber}`}
          data-testid="payment-recipient"
        >
          {many ? `${recipient.name[language]}: ` : ''}
          <TopUpTo phoneNumber={recipient.phoneNumber} operator={recipient.operator} />
        </dd>
      ))}
    </div>
  );
}
