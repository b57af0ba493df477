import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../lib/use-translation.ts';
import { openDialogCount, registerDialog, unregisterDialog } from './blocking-dialogs.ts';
import { DialogToasts } from './toaster.tsx';
import './ui.css';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** alertdialog for messages that need an answer (e.g. session expired). */
  role?: 'dialog' | 'alertdialog';
  /** Escape and a click on the backdrop close the dialog unless this is false. */
  dismissible?: boolean;
  showCloseButton?: boolean;
  size?: 'small' | 'medium';
  className?: string;
}

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: rendered over the page in a portal, focus moved inside and kept there (Tab
 * cycles), Escape or a backdrop click closes it, focus returns to the opener afterwards. While it
 * is open the app's own overlays wait (blocking-dialogs.ts), and a message about it shows inside it.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  role = 'dialog',
  dismissible = true,
  showCloseButton = true,
  size = 'medium',
  className,
}: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const [key] = useState(() => Symbol('dialog'));
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const element = panel.current;
    const first = element?.querySelector<HTMLElement>('[autofocus], [data-autofocus]');
    (first ?? element)?.focus();
    registerDialog(key, element);
    document.body.classList.add('ui-scroll-locked');
    return () => {
      unregisterDialog(key);
      if (openDialogCount() === 0) document.body.classList.remove('ui-scroll-locked');
      // Back to the opener; when it is gone (the dialog replaced the page's content, e.g. after a
      // payment), to the page's main region rather than leaving focus nowhere.
      if (opener?.isConnected) opener.focus();
      else if (openDialogCount() === 0) document.querySelector<HTMLElement>('main')?.focus();
    };
  }, [open, key]);

  if (!open) return null;

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && dismissible) {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(focusableSelector)];
    const firstItem = items[0];
    const lastItem = items.at(-1);
    if (!firstItem || !lastItem) return;
    if (event.shiftKey && document.activeElement === firstItem) {
      event.preventDefault();
      lastItem.focus();
    } else if (!event.shiftKey && document.activeElement === lastItem) {
      event.preventDefault();
      firstItem.focus();
    }
  };

  return createPortal(
    <div
      className="ui-dialog__backdrop"
      data-testid="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && dismissible) onCloseRef.current();
      }}
    >
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={['ui-dialog', `ui-dialog--${size}`, className].filter(Boolean).join(' ')}
        onKeyDown={handleKeyDown}
      >
        <div className="ui-dialog__header">
          <h2 id={titleId} className="ui-dialog__title">
            {title}
          </h2>
          {showCloseButton ? (
            <button
              type="button"
              className="ui-dialog__close"
              aria-label={t('ui.close')}
              onClick={() => {
                onCloseRef.current();
              }}
            >
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
        {description ? (
          <p id={descriptionId} className="ui-dialog__description">
            {description}
          </p>
        ) : null}
        {children}
        <DialogToasts dialog={key} />
      </div>
    </div>,
    document.body,
  );
}
