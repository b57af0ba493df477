import '../content/dialog-messages.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../catalogue-dialogs.css';
import { Dialog } from '../../../components/ui/dialog.tsx';
import type { SafeUrl } from '../safe-url.ts';

/** Asks before leaving the shop for another site (spec §2 "Dialog for visiting external links"). */
export function ExternalLinkDialog({
  url,
  onCancel,
  onContinue,
}: {
  url: SafeUrl;
  onCancel: () => void;
  onContinue: () => void;
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
          onClick={onContinue}
          data-autofocus
        >
          {t('catalogue.externalLink.continue')}
        </button>
      </div>
    </Dialog>
  );
}
