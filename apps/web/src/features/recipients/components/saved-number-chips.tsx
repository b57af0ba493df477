import '../content/lazy-messages.ts';
import '../recipients.css';
import { formatRecipientNumber, normalizePhone, type OperatorCode } from '@shop/contracts/phone';
import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useRecipients } from '../api/recipients-api.ts';

/**
 * A signed-in customer's saved numbers under a listing's number field (issue 31: "pick one when
 * buying"): a tap types the number in and filters by its operator. Nothing shows while they load,
 * when there are none, or when they cannot be read (the field works as before).
 */
export default function SavedNumberChips({
  onChoose,
}: {
  onChoose: (phone: string, operator: OperatorCode) => void;
}) {
  const { t } = useTranslation();
  const { data } = useRecipients();
  const labelId = useId();
  if (!data?.length) return null;
  return (
    <div
      className="saved-number-chips"
      role="group"
      aria-labelledby={labelId}
      data-testid="saved-number-chips"
    >
      <span id={labelId} className="saved-number-chips__label">
        {t('recipients.picker.label')}
      </span>
      {data.map((recipient) => (
        <button
          key={recipient.id}
          type="button"
          className="chip"
          onClick={() => {
            onChoose(
              normalizePhone(recipient.phoneNumber) ?? recipient.phoneNumber,
              recipient.operator,
            );
          }}
        >
          {recipient.name} ·{' '}
          <span dir="ltr" translate="no">
            {formatRecipientNumber(recipient.phoneNumber)}
          </span>
        </button>
      ))}
    </div>
  );
}
