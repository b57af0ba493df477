import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useNotificationFlow } from '../hooks/use-notification-flow.ts';
import { FlowFeedbackMessage } from './flow-feedback.tsx';
import { notificationSupportProblem } from '../notification-flow.ts';
import { markFlowCompleted, recordPromptDismissal } from '../notification-settings.ts';

type Step = 'notification' | 'complete';
const STEPS: readonly Step[] = ['notification', 'complete'];

/**
 * The notification prompt (spec §2 dialogs, §4 "Notification prompt"): a small card at the bottom
 * of the page, not a modal: it never takes the focus or blocks the page. Steps: notification,
 * then complete. "Not now" counts a dismissal; `onClose` hides the card.
 */
export function NotificationPrompt({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [step, setStep] = useState<Step>('notification');
  const [busy, setBusy] = useState(false);
  const { enable, feedback } = useNotificationFlow();
  const card = useRef<HTMLElement>(null);
  const focusDone = useRef(false);
  const insecure = notificationSupportProblem() === 'insecure';

  useEffect(() => {
    // The person pressed Enable (focus is in the card): keep it there as the button goes.
    if (step === 'complete' && focusDone.current)
      card.current?.querySelector<HTMLElement>('[data-testid="notification-done"]')?.focus();
  }, [step]);

  const close = () => {
    // Focus was in the card that goes: back to the page's content, not to <body>.
    if (card.current?.contains(document.activeElement)) document.getElementById('main')?.focus();
    onClose();
  };

  const turnOn = async () => {
    setBusy(true);
    const result = await enable();
    setBusy(false);
    if (result.ok) {
      markFlowCompleted();
      focusDone.current = card.current?.contains(document.activeElement) ?? false;
      setStep('complete');
    }
  };

  return (
    <aside
      ref={card}
      className="notification-prompt"
      aria-labelledby={titleId}
      data-testid="notification-prompt"
      data-step={step}
    >
      <img
        className="notification-prompt__icon"
        src="/icons/icon-192.png"
        alt=""
        width="40"
        height="40"
      />
      <div className="notification-prompt__body">
        <p className="notification-prompt__step">
          {t('notifications.prompt.step', { step: STEPS.indexOf(step) + 1, total: STEPS.length })}
        </p>
        <h2 id={titleId} className="notification-prompt__title">
          {step === 'complete'
            ? t('notifications.prompt.completeTitle')
            : t('notifications.prompt.title')}
        </h2>
        <p className="notification-prompt__text">
          {step === 'complete'
            ? t('notifications.prompt.completeText')
            : t('notifications.prompt.text')}
        </p>
        {insecure && step === 'notification' && !feedback.error ? (
          <p className="notification-feedback__error">{t('notifications.errors.insecure')}</p>
        ) : null}
        <FlowFeedbackMessage feedback={feedback} />
        <div className="notification-prompt__actions">
          {step === 'notification' ? (
            <>
              <Button
                onClick={() => void turnOn()}
                busy={busy}
                busyLabel={t('notifications.prompt.enabling')}
                data-testid="notification-enable"
              >
                {t('notifications.prompt.enable')}
              </Button>
              <Button
                variant="ghost"
                onClick={() => {
                  recordPromptDismissal();
                  close();
                }}
                data-testid="notification-not-now"
              >
                {t('notifications.prompt.notNow')}
              </Button>
            </>
          ) : (
            <Button onClick={close} data-testid="notification-done">
              {t('notifications.prompt.done')}
            </Button>
          )}
        </div>
      </div>
    </aside>
  );
}
