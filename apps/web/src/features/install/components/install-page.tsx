import '../content/messages.ts';
import '../install.css';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { stringList } from '../../../lib/string-list.ts';
import { isRunningInstalled, promptInstall, useInstallState } from '../install-prompt.ts';
import { PageTitle } from '../../../lib/page-title.tsx';

type Platform = 'android' | 'ios' | 'desktop';
const PLATFORMS: readonly Platform[] = ['android', 'ios', 'desktop'];

/**
 * /webapp/install (shopping spec §2; issue 16): the browser's own install prompt behind one
 * button where the browser offers it (Chromium's `beforeinstallprompt`), and the steps for
 * Android Chrome, iPhone Safari and a computer everywhere. Running as the installed app, there is
 * nothing to install: the page goes home.
 */
export function InstallPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const state = useInstallState();
  const [busy, setBusy] = useState(false);
  const [declined, setDeclined] = useState(false);

  useEffect(() => {
    if (isRunningInstalled()) navigate('/', { replace: true });
  }, [navigate]);

  const install = async () => {
    setBusy(true);
    const accepted = await promptInstall().catch(() => false);
    setBusy(false);
    setDeclined(!accepted);
  };

  return (
    <div className="page install-page">
      <header className="install-page__header">
        <img src="/icons/icon-192.png" alt="" width="72" height="72" />
        <div>
          <PageTitle title={t('install.title')} />
          <h1>{t('install.title')}</h1>
          <p className="install-page__lead">{t('install.lead')}</p>
        </div>
      </header>

      <section className="install-card" aria-labelledby="install-now">
        <h2 id="install-now">{t('install.benefitsTitle')}</h2>
        <ul className="install-benefits">
          {stringList(t('install.benefits', { returnObjects: true })).map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        {state === 'available' ? (
          <Button
            onClick={() => void install()}
            busy={busy}
            busyLabel={t('install.busy')}
            data-testid="install-button"
          >
            {t('install.button')}
          </Button>
        ) : null}
        <p className="install-page__status" role="status" data-testid="install-status">
          {state === 'installed'
            ? t('install.installed')
            : declined
              ? t('install.dismissed')
              : state === 'available'
                ? ''
                : t('install.unavailable')}
        </p>
      </section>

      <div className="install-steps">
        {PLATFORMS.map((platform) => (
          <section
            key={platform}
            className="install-card"
            aria-labelledby={`install-${platform}`}
            data-testid={`install-steps-${platform}`}
          >
            <h2 id={`install-${platform}`}>{t(`install.${platform}Title`)}</h2>
            <ol>
              {stringList(t(`install.${platform}`, { returnObjects: true })).map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </div>
  );
}
