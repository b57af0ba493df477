import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useBlockingDialogOpen } from './blocking-dialogs.ts';
import { dismissToast, getToasts, subscribeToasts, toastPlace, type Toast } from './toast-store.ts';
import './ui.css';

const icons = { success: '✓', error: '!', warning: '!', info: 'i' } as const;

function ToastItem({ item }: { item: Toast }) {
  const { t } = useTranslation();
  return (
    <div
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
        aria-label={t('ui.dismissToast')}
        onClick={() => {
          dismissToast(item.id);
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * Bottom-centre pill messages with a close button (account spec §2 "Toasts"). Never over a modal
 * dialog (issue 26): while one is open they wait, unless they are about it (DialogToasts).
 */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const dialogOpen = useBlockingDialogOpen();
  const shown = dialogOpen ? [] : toasts.filter((item) => toastPlace(item) === 'page');
  return (
    <section className="ui-toaster" aria-label={t('ui.notifications')}>
      {shown.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </section>
  );
}

/**
 * The messages about one open dialog (raised while the focus was in it, e.g. "Could not cancel"),
 * inside it under its content: part of the dialog, covering none of it.
 */
export function DialogToasts({ dialog }: { dialog: symbol }) {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const mine = toasts.filter((item) => item.dialog === dialog);
  const list = useRef<HTMLDivElement>(null);
  const newest = mine.at(-1)?.id;
  useEffect(() => {
    if (newest !== undefined) list.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }, [newest]);
  if (mine.length === 0) return null;
  return (
    <div ref={list} className="ui-dialog__toasts">
      {mine.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </div>
  );
}
