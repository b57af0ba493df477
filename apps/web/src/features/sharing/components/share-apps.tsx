import { Button } from '../../../components/ui/button.tsx';
import { messengerLinks } from '../share-links.ts';

/** The words of the ways to send a link, in the caller's own messages. */
export interface ShareAppLabels {
  /** The group's name ("Send with"). */
  group: string;
  /** The browser's share sheet's button. */
  share: string;
  viber: string;
  telegram: string;
  messenger: string;
}

/**
 * The ways to send `url` with `text`: the browser's share sheet where it has one, then Viber,
 * Telegram and Messenger (a gift link's dialog, a "top me up" request's).
 */
export function ShareApps({
  url,
  text,
  labels,
  className,
  appClassName,
  shareTestId,
}: {
  url: string;
  text: string;
  labels: ShareAppLabels;
  className: string;
  appClassName?: string;
  shareTestId?: string;
}) {
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const links = messengerLinks(url, text);
  const app = `ui-button ui-button--secondary${appClassName ? ` ${appClassName}` : ''}`;
  return (
    <div className={className} role="group" aria-label={labels.group}>
      {canShare ? (
        <Button
          variant="secondary"
          data-testid={shareTestId}
          onClick={() => {
            navigator.share({ url, text }).catch(() => undefined);
          }}
        >
          {labels.share}
        </Button>
      ) : null}
      <a className={app} href={links.viber}>
        <span>{labels.viber}</span>
      </a>
      <a className={app} href={links.telegram} target="_blank" rel="noopener noreferrer">
        <span>{labels.telegram}</span>
      </a>
      <a className={app} href={links.messenger}>
        <span>{labels.messenger}</span>
      </a>
    </div>
  );
}
