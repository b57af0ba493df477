import { FEEDBACK_COMMENT_MAX_LENGTH, type OrderFeedback } from '@shop/contracts/orders';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { ordersApi } from '../api/orders-api.ts';

/** Mouth curve of each face, from very unhappy (1) to very happy (5); drawn so no emoji font is needed. */
const mouths = [
  'M8 17q4-4 8 0',
  'M8 16.5q4-2 8 0',
  'M8 16h8',
  'M8 15.5q4 2 8 0',
  'M7.5 14.5q4.5 5 9 0',
];

function Face({ level }: { level: number }) {
  return (
    <svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true">
      <circle cx="12" cy="12" r="10" fill="#ffd24d" stroke="#b58900" strokeWidth="1.2" />
      <circle cx="8.5" cy="9.5" r="1.3" fill="#3b2f00" />
      <circle cx="15.5" cy="9.5" r="1.3" fill="#3b2f00" />
      <path
        d={mouths[level - 1]}
        fill="none"
        stroke="#3b2f00"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The 'Happiness Meter' (spec §2 "Orders"): a 1–5 rating and an optional comment per order. */
export function HappinessMeter({
  orderId,
  feedback,
  onSaved,
}: {
  orderId: string;
  feedback: OrderFeedback | null;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const commentId = useId();
  const [rating, setRating] = useState<number | null>(feedback?.rating ?? null);
  const [comment, setComment] = useState(feedback?.comment ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (rating === null) {
      setError(t('orders.feedback.ratingRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await ordersApi.feedback(orderId, {
        rating,
        comment: comment.trim() ? comment.trim() : null,
      });
      toast.success(answer.message || t('orders.feedback.thanks'));
      onSaved();
    } catch (caught) {
      setError(
        caught instanceof ApiError && !caught.message.startsWith('Request failed')
          ? caught.message
          : t('orders.feedback.failed'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="order-section" aria-labelledby="happiness-meter">
      <h2 id="happiness-meter">{t('orders.feedback.title')}</h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className="happiness-meter">
          <legend>{t('orders.feedback.question')}</legend>
          {mouths.map((_mouth, index) => {
            const value = index + 1;
            return (
              <label key={value} className="happiness-meter__face">
                <input
                  type="radio"
                  name="rating"
                  value={value}
                  checked={rating === value}
                  onChange={() => {
                    setRating(value);
                  }}
                />
                <Face level={value} />
                <span className="visually-hidden">
                  {t(`orders.feedback.rating${String(value)}`)}
                </span>
              </label>
            );
          })}
        </fieldset>
        <label htmlFor={commentId} className="order-field-label">
          {t('orders.feedback.comment')}
        </label>
        <textarea
          id={commentId}
          className="order-textarea"
          maxLength={FEEDBACK_COMMENT_MAX_LENGTH}
          value={comment}
          onChange={(event) => {
            setComment(event.target.value);
          }}
        />
        {error ? (
          <p className="order-error" role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" busy={busy} busyLabel={t('orders.feedback.submitting')}>
          {feedback ? t('orders.feedback.update') : t('orders.feedback.submit')}
        </Button>
      </form>
    </section>
  );
}
