import '../../../components/ui/bottom-card.css';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { usePublishedHeight } from '../../../components/ui/use-published-height.ts';
import { setConsent } from '../consent-store.ts';
import type { AnalyticsConsent } from '../consent.ts';

/**
 * A place at the start of <body>: the banner is the first thing a screen reader or the Tab key
 * meets (before the skip link), though it is shown at the bottom of the screen.
 */
function useBodyStart(): HTMLElement {
  const [container] = useState(() => document.createElement('div'));
  useLayoutEffect(() => {
    document.body.prepend(container);
    return () => {
      container.remove();
    };
  }, [container]);
  return container;
}

/**
 * The cookie banner (shopping spec §2 "Cookie consent: accept or decline"; issue 16): fixed at the
 * bottom over the page, above the phone tab bar, never modal and never taking the focus. Accept
 * and Decline weigh the same; the answer is kept on the device (track.ts) and can be changed in
 * account settings. Its height is published as --consent-banner-height, so the notification
 * prompt stands above it (the help button waits until it is answered).
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  const container = useBodyStart();
  const banner = useRef<HTMLElement>(null);
  const textId = useId();

  usePublishedHeight(banner, '--consent-banner-height');

  const answer = (consent: AnalyticsConsent) => {
    // Focus was on the button that goes: back to the page's content, not to <body>.
    if (banner.current?.contains(document.activeElement)) document.getElementById('main')?.focus();
    setConsent(consent);
    toast.info(t(consent === 'granted' ? 'privacy.banner.accepted' : 'privacy.banner.declined'));
  };

  return createPortal(
    <section
      ref={banner}
      className="bottom-card consent-banner"
      aria-label={t('privacy.banner.label')}
      aria-describedby={textId}
      data-testid="consent-banner"
    >
      <div className="consent-banner__body">
        <h2 className="consent-banner__title">{t('privacy.banner.title')}</h2>
        <p id={textId} className="consent-banner__text">
          {t('privacy.banner.text')} {t('privacy.banner.change')}{' '}
          <Link href="/privacy-policy">{t('privacy.banner.policy')}</Link>
        </p>
      </div>
      <div className="consent-banner__actions">
        <Button
          onClick={() => {
            answer('granted');
          }}
          data-testid="consent-accept"
        >
          {t('privacy.banner.accept')}
        </Button>
        <Button
          onClick={() => {
            answer('denied');
          }}
          data-testid="consent-decline"
        >
          {t('privacy.banner.decline')}
        </Button>
      </div>
    </section>,
    container,
  );
}
