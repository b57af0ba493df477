import { useState, type ReactNode } from 'react';
import { errorMessageOr } from '../../lib/api-client.ts';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { toast } from './toast-store.ts';

/**
 * "Delete this …?" — an alert dialog that does one thing on the server, with the safe answer
 * focused: the server's message as a toast when done, its refusal (or `failed`) when not.
 */
export function ConfirmDialog({
  title,
  description,
  keep,
  confirm,
  failed,
  act,
  onClose,
  onDone,
  confirmTestId,
}: {
  title: string;
  description: ReactNode;
  /** The safe answer's label (focused). */
  keep: string;
  /** The danger button's label. */
  confirm: string;
  /** Said when the call fails without a message of its own. */
  failed: string;
  act: () => Promise<{ message: string }>;
  onClose: () => void;
  onDone: () => void;
  confirmTestId?: string;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      toast.success((await act()).message);
      onDone();
    } catch (caught) {
      toast.error(errorMessageOr(caught, failed));
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      role="alertdialog"
      size="small"
      onClose={onClose}
      title={title}
      description={description}
    >
      <div className="confirm-dialog__actions">
        <Button variant="secondary" data-autofocus disabled={busy} onClick={onClose}>
          {keep}
        </Button>
        <Button variant="danger" busy={busy} data-testid={confirmTestId} onClick={() => void run()}>
          {confirm}
        </Button>
      </div>
    </Dialog>
  );
}
