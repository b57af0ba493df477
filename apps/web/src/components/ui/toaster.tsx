import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissToast, getToasts, subscribeToasts } from './toast-store.ts';
import './ui.css';

const icons = { success: '✓', error: '!', warning: '!', info: 'i' } as const;

/** Bottom-centre pill messages with a close button (account spec §2 "Toasts"). */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <section className="ui-toaster" aria-label={t('ui.notifications')}>
      {toasts.map((item) => (
        <div
          key={item.id}
          className={`ui-toast ui-toast--${item.type}${item.title ? ' ui-toast--titled' : ''}`}
          role={item.type === 'error' || item.type === 'warning' ? 'alert' : 'status'}
          data-testid={`toast-${item.type}`}
        >
          <span className="ui-toast__icon" aria-hidden="true">
            {icons[item.type]}
          </span>
          <span className="ui-toast__message">
            {item.title ? <strong className="ui-toast__title">{item.title}</strong> : null}
            {item.message}
          </span>
          <button
            type="button"
            className="ui-toast__close"
            aria-label={t('ui.close')}
            onClick={() => {
              dismissToast(item.id);
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </section>
  );
}
