import { zodResolver } from '@hookform/resolvers/zod';
import {
  FEEDBACK_COMMENT_MAX_LENGTH,
  orderFeedbackRequestSchema,
  type OrderFeedback,
  type OrderFeedbackRequest,
} from '@shop/contracts/orders';
import { useId } from 'react';
import type * as z from 'zod/mini';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessageOr } from '../../../lib/api-client.ts';
import { formMessage } from '../../../lib/form-messages.ts';
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

/** The request as typed: no rating until a face is chosen. */
type FeedbackValues = z.input<typeof orderFeedbackRequestSchema>;

/**
 * The 'Happiness Meter' (spec §2 "Orders"): a 1–5 rating and an optional comment per order, on
 * react-hook-form with the feedback request's own schema (ADR 0018).
 */
export function HappinessMeter({
  orderId,
  feedback,
  onSaved,
}: {
  orderId: string;
  feedback: OrderFeedback | null;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const commentId = useId();
  const form = useForm<FeedbackValues, unknown, OrderFeedbackRequest>({
    resolver: zodResolver(orderFeedbackRequestSchema),
    defaultValues: { rating: feedback?.rating, comment: feedback?.comment ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const error = errors.rating?.message ?? errors.comment?.message ?? errors.root?.server?.message;

  const submit = form.handleSubmit(async ({ rating, comment }) => {
    try {
      const answer = await ordersApi.feedback(orderId, {
        rating,
        comment: comment ? comment : null,
      });
      toast.success(answer.message || t('orders.feedback.thanks'));
      onSaved();
    } catch (caught) {
      form.setError('root.server', {
        message: errorMessageOr(caught, t('orders.feedback.failed')),
      });
    }
  });

  return (
    <section className="order-section" aria-labelledby="happiness-meter">
      <h2 id="happiness-meter">{t('orders.feedback.title')}</h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Controller
          control={form.control}
          name="rating"
          render={({ field }) => (
            <fieldset className="happiness-meter">
              <legend>{t('orders.feedback.question')}</legend>
              {mouths.map((_mouth, index) => {
                const value = index + 1;
                return (
                  <label key={value} className="happiness-meter__face">
                    <input
                      type="radio"
                      name={field.name}
                      value={value}
                      checked={field.value === value}
                      onChange={() => {
                        field.onChange(value);
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
          )}
        />
        <label htmlFor={commentId} className="order-field-label">
          {t('orders.feedback.comment')}
        </label>
        <textarea
          {...form.register('comment')}
          id={commentId}
          className="order-textarea"
          maxLength={FEEDBACK_COMMENT_MAX_LENGTH}
        />
        {error ? (
          <p className="order-error" role="alert">
            {formMessage(i18n, error)}
          </p>
        ) : null}
        <Button type="submit" busy={isSubmitting} busyLabel={t('orders.feedback.submitting')}>
          {feedback ? t('orders.feedback.update') : t('orders.feedback.submit')}
        </Button>
      </form>
    </section>
  );
}
