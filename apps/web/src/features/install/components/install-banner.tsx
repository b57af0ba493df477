import '../content/banner-messages.ts';
import '../../../components/ui/bottom-card.css';
import '../install-banner.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link, useLocation } from 'wouter';
import { useBlockingDialogOpen } from '../../../components/ui/blocking-dialogs.ts';
import { usePublishedHeight } from '../../../components/ui/use-published-height.ts';
import {
  INSTALL_DISMISSED_KEY,
  installBannerKind,
  IOS_BANNER_DELAY_MS,
  isIos,
} from '../install-banner-rules.ts';
import { isRunningInstalled, promptInstall, useInstallState } from '../install-prompt.ts';
import { useManifestOfLanguage } from '../manifest-link.ts';

const readDismissed = () => {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
};

/**
 * The install banner (spec §4; issue 16): a small bar at the bottom, fixed over the page (nothing
 * moves), above the phone tab bar. Install shows the browser's own prompt; on iOS, which has none,
 * it points to the install page's Add to Home Screen steps. Loaded after the page (app.tsx).
 */
export default function InstallBanner() {
  const { t, i18n } = useTranslation();
  useManifestOfLanguage(i18n.language);
  const [path] = useLocation();
  const state = useInstallState();
  const [dismissed, setDismissed] = useState(readDismissed);
  const [iosDelayPassed, setIosDelayPassed] = useState(false);
  const [ios] = useState(() => isIos(navigator.userAgent, navigator.maxTouchPoints));
  const [standalone] = useState(isRunningInstalled);
  const banner = useRef<HTMLElement>(null);
  // Never over a modal dialog (the checkout, the payment): the banner waits until it closes.
  const dialogOpen = useBlockingDialogOpen();

  useEffect(() => {
    if (!ios) return;
    const timer = setTimeout(setIosDelayPassed, IOS_BANNER_DELAY_MS, true);
    return () => {
      clearTimeout(timer);
    };
  }, [ios]);

  const offered = installBannerKind({
    promptAvailable: state === 'available',
    installed: state === 'installed',
    standalone,
    dismissed,
    ios,
    iosDelayPassed,
    path,
  });
  const kind = dialogOpen ? null : offered;

  // The notification prompt stands above the banner (notifications.css reads this height).
  usePublishedHeight(banner, '--install-banner-height', kind !== null);

  if (!kind) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(INSTALL_DISMISSED_KEY, 'true');
    } catch {
      // Storage blocked: hidden for this visit only.
    }
    setDismissed(true);
  };

  return (
    <aside
      ref={banner}
      className="bottom-card install-banner"
      aria-label={t('installBanner.label')}
      data-testid="install-banner"
    >
      <img src="/icons/icon-192.png" alt="" width={40} height={40} />
      <p className="install-banner__text">
        <strong>{t('installBanner.title')}</strong>
        <span>{kind === 'ios' ? t('installBanner.iosHint') : t('installBanner.hint')}</span>
      </p>
      {kind === 'prompt' ? (
        <button
          type="button"
          className="ui-button ui-button--primary install-banner__action"
          onClick={() => {
            promptInstall()
              .then((accepted) => {
                if (!accepted) dismiss();
              })
              .catch(() => undefined);
          }}
        >
          {t('installBanner.install')}
        </button>
      ) : (
        <Link
          href="/webapp/install"
          className="ui-button ui-button--primary install-banner__action"
        >
          {t('installBanner.howTo')}
        </Link>
      )}
      <button
        type="button"
        className="install-banner__dismiss"
        aria-label={t('installBanner.dismiss')}
        onClick={dismiss}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
    </aside>
  );
}
