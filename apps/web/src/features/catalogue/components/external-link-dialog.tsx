import '../content/dialog-messages.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../catalogue-dialogs.css';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { openInNewTab, type SafeUrl } from '../safe-url.ts';

/**
 * Asks before leaving the shop for another site (spec §2 "Dialog for visiting external links");
 * Continue opens it in a new tab, then `onOpened` (by default `onCancel`: the dialog closes).
 */
export function ExternalLinkDialog({
  url,
  onCancel,
  onOpened = onCancel,
}: {
  url: SafeUrl;
  onCancel: () => void;
  onOpened?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={onCancel}
      title={t('catalogue.externalLink.title')}
      description={t('catalogue.externalLink.description', { host: url.host })}
      size="small"
    >
      <p className="external-link__url">{url.href}</p>
      <div className="dialog-actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('catalogue.common.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            openInNewTab(url.href);
            onOpened();
          }}
          data-autofocus
        >
          {t('catalogue.externalLink.continue')}
        </button>
      </div>
    </Dialog>
  );
}
