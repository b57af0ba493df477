import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import './offline-dialog.css';

export interface OfflineDialogProps {
  title: string;
  message: string;
  retryLabel: string;
  closeLabel: string;
  onRetry: () => void;
  onClose: () => void;
  /** A probe is under way: Try Again shows a spinner and `busyLabel`. */
  busy?: boolean;
  busyLabel?: string;
  /**
   * A line under the message, announced politely (e.g. how many tries so far); pass '' to keep
   * its place while it is empty.
   */
  status?: ReactNode;
}

/**
 * One offline dialog on screen at a time. The connection lost and a session refresh due offline
 * can both ask at once (seen in a browser test: two "No Internet Connection" dialogs stacked); the
 * newest shows, and an older one still open shows again when it closes.
 */
let openDialogs: symbol[] = [];
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const newest = () => openDialogs[openDialogs.length - 1];
const setOpen = (next: symbol[]) => {
  openDialogs = next;
  for (const listener of listeners) listener();
};

/**
 * "No Internet Connection" with Try Again and Close: the one offline dialog of the app, used when
 * the connection is lost (features/connectivity) and when a session refresh is due offline
 * (features/auth). Callers give the words; this knows nothing of either feature.
 */
export function OfflineDialog(props: OfflineDialogProps) {
  const [key] = useState(() => Symbol('offline dialog'));
  useEffect(() => {
    setOpen([...openDialogs, key]);
    return () => {
      setOpen(openDialogs.filter((k) => k !== key));
    };
  }, [key]);
  const shown = useSyncExternalStore(subscribe, newest, newest) === key;
  return shown ? <OfflineDialogShown {...props} /> : null;
}

function OfflineDialogShown({
  title,
  message,
  retryLabel,
  closeLabel,
  onRetry,
  onClose,
  busy = false,
  busyLabel,
  status,
}: OfflineDialogProps) {
  return (
    <Dialog
      open
      role="alertdialog"
      size="small"
      onClose={onClose}
      title={title}
      description={message}
      className="offline-dialog"
      // Its own Close button is the way out (and Escape): no second "Close" beside the title.
      showCloseButton={false}
    >
      {status === undefined ? null : (
        <p className="offline-dialog__status" role="status" data-testid="offline-dialog-status">
          {status}
        </p>
      )}
      <div className="offline-dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          {closeLabel}
        </Button>
        <Button block data-autofocus busy={busy} busyLabel={busyLabel} onClick={onRetry}>
          {retryLabel}
        </Button>
      </div>
    </Dialog>
  );
}
