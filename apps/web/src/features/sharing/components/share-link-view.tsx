import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { QrCode } from '../../../components/ui/qr-code.tsx';
import { ShareApps, type ShareAppLabels } from './share-apps.tsx';
import './share-link-view.css';

const COPIED_MS = 2000;

/** The words of a link ready to send, in the caller's own messages. */
export interface ShareLinkLabels extends ShareAppLabels {
  /** The field's label ("Share link"). */
  link: string;
  copy: string;
  copied: string;
  copyFailed: string;
  /** The text sent with the link. */
  shareText: string;
  qr: string;
  /** "The link expires on 12 Dec 2026, 10:00", the date already in the reader's language. */
  expires: string;
}

/**
 * A link ready to send: read-only field and Copy, the phone's own share sheet where the browser has
 * one (navigator.share), Viber, Telegram and Messenger, a QR code, and its expiry (a gift link's
 * dialog, a "top me up" request's). Test ids are `<testIdPrefix>-url`, `-copy`, `-share`, `-qr`
 * and `-expires`.
 */
export function ShareLinkView({
  url,
  labels,
  testIdPrefix,
  qrSize,
  status,
}: {
  url: string;
  labels: ShareLinkLabels;
  testIdPrefix: string;
  qrSize: number;
  /** The server's message ("Share link generated" / "Share link already exists"), if any. */
  status?: string | undefined;
}) {
  const fieldId = useId();
  const [copied, setCopied] = useState<boolean | 'failed'>(false);

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
    <div className="share-link" data-testid={`${testIdPrefix}-link-view`}>
      {status ? (
        <p className="share-link__status" role="status" data-testid={`${testIdPrefix}-link-status`}>
          {status}
        </p>
      ) : null}
      <label htmlFor={fieldId} className="ui-field__label">
        {labels.link}
      </label>
      <div className="share-link__row">
        <input
          id={fieldId}
          className="ui-input share-link__url"
          value={url}
          readOnly
          translate="no"
          data-testid={`${testIdPrefix}-url`}
          onFocus={(event) => {
            event.currentTarget.select();
          }}
        />
        <Button
          variant="secondary"
          onClick={() => void copy()}
          data-testid={`${testIdPrefix}-copy`}
        >
          {copied === true ? labels.copied : labels.copy}
        </Button>
      </div>
      <p className="share-link__live" aria-live="polite">
        {copied === 'failed' ? labels.copyFailed : copied ? labels.copied : ''}
      </p>
      <ShareApps
        url={url}
        text={labels.shareText}
        className="share-link__apps"
        appClassName="share-link__app"
        shareTestId={`${testIdPrefix}-share`}
        labels={labels}
      />
      <QrCode
        value={url}
        size={qrSize}
        label={labels.qr}
        className="share-link__qr"
        testId={`${testIdPrefix}-qr`}
      />
      <p className="share-link__expires" data-testid={`${testIdPrefix}-expires`}>
        {labels.expires}
      </p>
    </div>
  );
}
