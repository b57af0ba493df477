import '../content/dialog-messages.ts';
import type { Banner } from '@shop/contracts/catalogue';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../catalogue-dialogs.css';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useLocation } from 'wouter';
import { resolveSafeUrl, shopPath, type SafeUrl } from '../safe-url.ts';
import { ExternalLinkDialog } from './external-link-dialog.tsx';

/**
 * A banner's title, description and 'Visit Link' (spec §2 Home); only safe URLs are opened. A page
 * of the shop opens in this tab (issue 26: no second tab of the same shop); another site asks
 * first, then opens in a new tab.
 */
export default function BannerDialog({ banner, onClose }: { banner: Banner; onClose: () => void }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
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
    onClose();
    navigate(shopPath(safe));
  };

  if (external) {
    return (
      <ExternalLinkDialog
        url={external}
        onCancel={() => {
          setExternal(null);
        }}
        onOpened={onClose}
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
