import { useTranslation } from '../../../lib/use-translation.ts';
import type { FlowFeedback } from '../hooks/use-notification-flow.ts';

/** Spec §8's notification messages, and the help hint after more than 1 failed try. */
export function FlowFeedbackMessage({ feedback }: { feedback: FlowFeedback }) {
  const { t } = useTranslation();
  const { error, failedTries, pushFailed } = feedback;
  return (
    // Present (empty) from the start, so screen readers announce what appears in it.
    <div className="notification-feedback" role="alert" data-testid="notification-feedback">
      {error ? (
        <p className="notification-feedback__error">{t(`notifications.errors.${error}`)}</p>
      ) : null}
      {pushFailed ? (
        <p className="notification-feedback__error">{t('notifications.errors.pushFailed')}</p>
      ) : null}
      {error && failedTries > 1 ? (
        <p className="notification-feedback__help" data-testid="notification-help">
          {t('notifications.errors.help')}
        </p>
      ) : null}
    </div>
  );
}
