import type { Order } from '@shop/contracts/orders';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';

/** What the buyer is about to do that ends sharing (spec §4: scratch, invoice; the card list too). */
export type EndsShareAction = 'invoice' | 'cards' | 'scratch';

const textKey: Record<EndsShareAction, string> = {
  invoice: 'orders.detail.invoiceEndsShare',
  cards: 'orders.detail.csvEndsShare',
  scratch: 'orders.detail.scratchEndsShare',
};

/**
 * "Generating an invoice or scratching a card ends a gift link: say so and ask before doing it"
 * (issue 26). While the order has a live share link, `confirm(action)` asks (an alert dialog, its
 * safe answer focused) and answers whether to go on; without one it answers yes at once. Render
 * `dialog` once on the page.
 */
export function useEndsShareConfirm(order: Pick<Order, 'share'>): {
  confirm: (action: EndsShareAction) => Promise<boolean>;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<EndsShareAction | null>(null);
  const answer = useRef<((ok: boolean) => void) | null>(null);
  const live = order.share !== null;

  const confirm = useCallback(
    (action: EndsShareAction) => {
      if (!live) return Promise.resolve(true);
      answer.current?.(false);
      setAsking(action);
      return new Promise<boolean>((resolve) => {
        answer.current = resolve;
      });
    },
    [live],
  );

  const reply = (ok: boolean) => {
    answer.current?.(ok);
    answer.current = null;
    setAsking(null);
  };

  const dialog = asking ? (
    <Dialog
      open
      role="alertdialog"
      size="small"
      onClose={() => {
        reply(false);
      }}
      title={t('orders.detail.endsShareTitle')}
      description={t(textKey[asking])}
    >
      <div className="order-actions" data-testid="ends-share-confirm">
        <Button
          variant="secondary"
          data-autofocus
          onClick={() => {
            reply(false);
          }}
        >
          {t('orders.detail.endsShareNo')}
        </Button>
        <Button
          variant="danger"
          data-testid="ends-share-yes"
          onClick={() => {
            reply(true);
          }}
        >
          {t('orders.detail.endsShareYes')}
        </Button>
      </div>
    </Dialog>
  ) : null;

  return { confirm, dialog };
}
