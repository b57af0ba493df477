import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { QrCode } from '../../../components/ui/qr-code.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ShareApps } from '../../sharing/index.ts';

const COPIED_MS = 2000;
const QR_PX = 200;

/**
 * A request link ready to send: the link and Copy, the phone's own share sheet where the browser
 * has one (navigator.share), Viber, Telegram and Messenger, a QR code to show, and its expiry.
 */
export function RequestLinkDialog({
  url,
  expiresAt,
  onClose,
}: {
  url: string;
  expiresAt: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [copied, setCopied] = useState<boolean | 'failed'>(false);
  const text = t('topmeup.link.shareText');

  useEffect(() => {
    if (copied !== true) return;
    const timer = setTimeout(() => {
      setCopied(false);
    }, COPIED_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied('failed');
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('topmeup.link.title')}
      description={t('topmeup.link.text')}
      size="small"
      className="topmeup-link-dialog"
    >
      <div className="topmeup-link" data-testid="topmeup-link">
        <label htmlFor={fieldId} className="ui-field__label">
          {t('topmeup.link.label')}
        </label>
        <div className="topmeup-link__row">
          <input
            id={fieldId}
            className="ui-input topmeup-link__url"
            value={url}
            readOnly
            translate="no"
            data-testid="topmeup-url"
            onFocus={(event) => {
              event.currentTarget.select();
            }}
          />
          <Button variant="secondary" onClick={() => void copy()} data-testid="topmeup-copy">
            {copied === true ? t('topmeup.link.copied') : t('topmeup.link.copy')}
          </Button>
        </div>
        <p className="topmeup-link__live" aria-live="polite">
          {copied === 'failed'
            ? t('topmeup.link.copyFailed')
            : copied
              ? t('topmeup.link.copied')
              : ''}
        </p>
        <ShareApps
          url={url}
          text={text}
          className="topmeup-link__apps"
          shareTestId="topmeup-share"
          labels={{
            group: t('topmeup.link.sendWith'),
            share: t('topmeup.link.share'),
            viber: t('topmeup.link.viber'),
            telegram: t('topmeup.link.telegram'),
            messenger: t('topmeup.link.messenger'),
          }}
        />
        <QrCode
          value={url}
          size={QR_PX}
          label={t('topmeup.link.qrLabel')}
          className="topmeup-link__qr"
          testId="topmeup-qr"
        />
        <p className="topmeup-link__expires" data-testid="topmeup-expires">
          {t('topmeup.link.expires', {
            date: formatDate(expiresAt, currentLanguage(), { withTime: true, style: 'medium' }),
          })}
        </p>
        <div className="topmeup-dialog__actions">
          <Button variant="ghost" onClick={onClose} data-testid="topmeup-link-close">
            {t('topmeup.link.close')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
