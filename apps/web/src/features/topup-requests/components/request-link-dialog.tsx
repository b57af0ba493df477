import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ShareLinkView } from '../../sharing/index.ts';

/**
 * A request link ready to send (sharing's link view in this room's words): the link and Copy, the
 * phone's own share sheet, Viber, Telegram and Messenger, a QR code to show, and its expiry.
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
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('topmeup.link.title')}
      description={t('topmeup.link.text')}
      size="small"
      className="topmeup-link-dialog"
    >
      <ShareLinkView
        url={url}
        testIdPrefix="topmeup"
        qrSize={200}
        labels={{
          link: t('topmeup.link.label'),
          copy: t('topmeup.link.copy'),
          copied: t('topmeup.link.copied'),
          copyFailed: t('topmeup.link.copyFailed'),
          shareText: t('topmeup.link.shareText'),
          group: t('topmeup.link.sendWith'),
          share: t('topmeup.link.share'),
          viber: t('topmeup.link.viber'),
          telegram: t('topmeup.link.telegram'),
          messenger: t('topmeup.link.messenger'),
          qr: t('topmeup.link.qrLabel'),
          expires: t('topmeup.link.expires', {
            date: formatDate(expiresAt, currentLanguage(), { withTime: true, style: 'medium' }),
          }),
        }}
      />
      <div className="topmeup-dialog__actions">
        <Button variant="ghost" onClick={onClose} data-testid="topmeup-link-close">
          {t('topmeup.link.close')}
        </Button>
      </div>
    </Dialog>
  );
}
