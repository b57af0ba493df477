import type { ReactNode } from 'react';
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
 * "No Internet Connection" with Try Again and Close: the one offline dialog of the app, used when
 * the connection is lost (features/connectivity) and when a session refresh is due offline
 * (features/auth). Callers give the words; this knows nothing of either feature.
 */
export function OfflineDialog({
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
