import '../content/lazy-messages.ts';
import '../sharing.css';
import type { Order } from '@shop/contracts/orders';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { formatDate } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { sharingApi } from '../api/sharing-api.ts';
import { errorMessageOr } from '../../../lib/api-client.ts';

// The dialog (and the form library, the QR code and the contracts' sharing schemas it brings)
// loads when the buyer opens it.
const ShareDialog = lazy(() => import('./share-dialog.tsx'));

/** Only completed orders can be shared; scratching a card or the invoice turns sharing off (spec §4). */
export const canShareOrder = (order: Pick<Order, 'status' | 'sharingDisabled'>) =>
  order.status === 'completed' && !order.sharingDisabled;

/**
 * The order page's share section (spec §2 "Orders": share): the Share button of a completed
 * order, or its live link with Copy, the share options and "Disable sharing".
 */
export default function SharePanel({ order, onChanged }: { order: Order; onChanged: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const linkId = useId();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const [copied, setCopied] = useState(false);
  const share = order.share;

  const copy = async () => {
    if (!share) return;
    try {
      await navigator.clipboard.writeText(share.shareUrl);
      setCopied(true);
      setTimeout(() => {
        setCopied(false);
      }, 2000);
    } catch {
      toast.error(t('sharing.panel.copyFailed'));
    }
  };

  const disable = async () => {
    setDisabling(true);
    try {
      const answer = await sharingApi.disableLink(order.orderId);
      toast.success(answer.message);
      setConfirming(false);
      onChanged();
    } catch (caught) {
      toast.error(errorMessageOr(caught, t('sharing.panel.disableFailed')));
    } finally {
      setDisabling(false);
    }
  };

  if (!share && !canShareOrder(order)) return null;
  return (
    <section
      className="order-section share-panel"
      aria-labelledby={headingId}
      data-testid="share-panel"
    >
      <h2 id={headingId}>{t('sharing.panel.title')}</h2>
      {share ? (
        <>
          <p>{t('sharing.panel.liveLink')}</p>
          <label htmlFor={linkId} className="ui-field__label">
            {t('sharing.panel.linkLabel')}
          </label>
          <div className="share-link__row">
            <input
              id={linkId}
              className="ui-input share-link__url"
              value={share.shareUrl}
              readOnly
              translate="no"
              data-testid="order-share-url"
            />
            <Button variant="secondary" onClick={() => void copy()}>
              {copied ? t('sharing.panel.copied') : t('sharing.panel.copy')}
            </Button>
          </div>
          <p className="order-hint">
            {t('sharing.panel.expires', {
              date: formatDate(share.expiresAt, currentLanguage(), {
                withTime: true,
                style: 'medium',
              }),
            })}
          </p>
          <div className="order-actions">
            <Button
              variant="secondary"
              onClick={() => {
                setDialogOpen(true);
              }}
            >
              {t('sharing.panel.reshare')}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setConfirming(true);
              }}
              data-testid="share-disable"
            >
              {t('sharing.panel.disable')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p>{t('sharing.panel.text')}</p>
          <Button
            onClick={() => {
              setDialogOpen(true);
            }}
            data-testid="share-open"
          >
            {t('sharing.panel.share')}
          </Button>
        </>
      )}
      {dialogOpen ? (
        <Suspense fallback={null}>
          <ShareDialog
            orderId={order.orderId}
            existing={share ? { url: share.shareUrl, expiresAt: share.expiresAt } : null}
            onClose={() => {
              setDialogOpen(false);
            }}
            onShared={onChanged}
          />
        </Suspense>
      ) : null}
      <Dialog
        open={confirming}
        onClose={() => {
          if (!disabling) setConfirming(false);
        }}
        role="alertdialog"
        size="small"
        title={t('sharing.panel.disableTitle')}
        description={t('sharing.panel.disableText')}
      >
        <div className="share-dialog__actions">
          <Button
            variant="secondary"
            onClick={() => {
              setConfirming(false);
            }}
            data-autofocus
          >
            {t('sharing.panel.cancel')}
          </Button>
          <Button
            variant="danger"
            busy={disabling}
            busyLabel={t('sharing.panel.disabling')}
            onClick={() => void disable()}
            data-testid="share-disable-confirm"
          >
            {t('sharing.panel.disableConfirm')}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
