import '../content/lazy-messages.ts';
import type { Banner } from '@shop/contracts/catalogue';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../catalogue-dialogs.css';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { resolveSafeUrl, type SafeUrl } from '../safe-url.ts';
import { ExternalLinkDialog } from './external-link-dialog.tsx';

function openInNewTab(href: string) {
  window.open(href, '_blank', 'noopener,noreferrer');
}

/** A banner's title, description and 'Visit Link' (spec §2 Home); only safe URLs are opened. */
export default function BannerDialog({ banner, onClose }: { banner: Banner; onClose: () => void }) {
  const { t } = useTranslation();
  const [unsafe, setUnsafe] = useState(false);
  const [external, setExternal] = useState<SafeUrl | null>(null);

  const visit = () => {
    const safe = resolveSafeUrl(banner.linkUrl, window.location.origin);
    if (!safe) {
      setUnsafe(true);
      return;
    }
    setUnsafe(false);
    if (safe.external) {
      setExternal(safe);
      return;
    }
    openInNewTab(safe.href);
    onClose();
  };

  if (external) {
    return (
      <ExternalLinkDialog
        url={external}
        onCancel={() => {
          setExternal(null);
        }}
        onContinue={() => {
          openInNewTab(external.href);
          onClose();
        }}
      />
    );
  }

  return (
    <Dialog open onClose={onClose} title={banner.title} className="banner-dialog">
      {banner.description ? (
        <p className="banner-dialog__description">{banner.description}</p>
      ) : null}
      {unsafe ? (
        <p className="form-message form-message--error" role="alert">
          {t('catalogue.banner.unsafeUrl')}
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('catalogue.common.close')}
        </button>
        {banner.linkUrl ? (
          <button type="button" className="button button--primary" onClick={visit} data-autofocus>
            {t('catalogue.banner.visitLink')}
          </button>
        ) : null}
      </div>
    </Dialog>
  );
}
