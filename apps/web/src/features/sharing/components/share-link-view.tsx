import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { QrCode } from '../../../components/ui/qr-code.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { ShareApps } from './share-apps.tsx';

const COPIED_MS = 2000;
const QR_PX = 176;

/**
 * A share link ready to send: read-only field and Copy, the phone's own share sheet where the
 * browser has one (navigator.share), Viber, Telegram and Messenger, a QR code, and its expiry.
 */
export function ShareLinkView({
  url,
  expiresAt,
  status,
}: {
  url: string;
  expiresAt: string;
  /** The server's message ("Share link generated" / "Share link already exists"), if any. */
  status?: string | undefined;
}) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const text = t('sharing.dialog.shareText');

  useEffect(() => {
    if (!copied) return;
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
      setCopyFailed(false);
      setCopied(true);
    } catch {
      setCopyFailed(true);
    }
  };

  return (
    <div className="share-link" data-testid="share-link-view">
      {status ? (
        <p className="share-link__status" role="status" data-testid="share-link-status">
          {status}
        </p>
      ) : null}
      <label htmlFor={fieldId} className="ui-field__label">
        {t('sharing.dialog.linkLabel')}
      </label>
      <div className="share-link__row">
        <input
          id={fieldId}
          className="ui-input share-link__url"
          value={url}
          readOnly
          translate="no"
          data-testid="share-url"
          onFocus={(event) => {
            event.currentTarget.select();
          }}
        />
        <Button variant="secondary" onClick={() => void copy()} data-testid="share-copy">
          {copied ? t('sharing.dialog.copied') : t('sharing.dialog.copy')}
        </Button>
      </div>
      <p className="share-link__live" aria-live="polite">
        {copyFailed ? t('sharing.dialog.copyFailed') : copied ? t('sharing.dialog.copied') : ''}
      </p>
      <ShareApps
        url={url}
        text={text}
        className="share-link__apps"
        appClassName="share-link__app"
        labels={{
          group: t('sharing.dialog.sendWith'),
          share: t('sharing.dialog.webShare'),
          viber: t('sharing.dialog.viber'),
          telegram: t('sharing.dialog.telegram'),
          messenger: t('sharing.dialog.messenger'),
        }}
      />
      <QrCode
        value={url}
        size={QR_PX}
        label={t('sharing.dialog.qrLabel')}
        className="share-link__qr"
        testId="share-qr"
      />
      <p className="share-link__expires" data-testid="share-expires">
        {t('sharing.dialog.expires', {
          date: formatDate(expiresAt, currentLanguage(), { withTime: true, style: 'medium' }),
        })}
      </p>
    </div>
  );
}
