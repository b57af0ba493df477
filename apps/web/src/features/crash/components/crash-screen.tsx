import '../crash.css';
import { localDigits, type Language } from '@shop/contracts/languages';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { callCentreContactQuery } from '../../catalogue/index.ts';
import {
  AUTO_RETRY_DELAY_SECONDS,
  autoRetryPending,
  bugReportHref,
  MAX_AUTO_RETRIES,
  tickCountdown,
} from '../crash-retry.ts';

/** Until the shop's contact details have loaded (or when they cannot be). */
const FALLBACK_SUPPORT_EMAIL = 'support@myantopup.example';

/** The person's choice for this visit: the screen is drawn anew after every try. */
let autoRetryOn = true;

interface Props {
  error: Error;
  tries: number;
  onRetry: (automatic: boolean) => void;
}

/** Spec §4 "Crash screen": 'Oops! Something went wrong', tries again up to 3 times, 3 s apart. */
export default function CrashScreen({ error, tries, onRetry }: Props) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language;
  const n = (value: number) => localDigits(String(value), language);
  const [auto, setAuto] = useState(autoRetryOn);
  const [secondsLeft, setSecondsLeft] = useState(AUTO_RETRY_DELAY_SECONDS);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const contact = useQuery({ ...callCentreContactQuery, retry: false });
  const email = contact.data?.email ?? FALLBACK_SUPPORT_EMAIL;
  const pending = autoRetryPending(tries, auto);
  const onRetryRef = useRef(onRetry);
  useEffect(() => {
    onRetryRef.current = onRetry;
  });

  useEffect(() => {
    heading.current?.focus();
  }, []);

  useEffect(() => {
    if (!pending) return;
    let left = AUTO_RETRY_DELAY_SECONDS;
    const timer = setInterval(() => {
      const tick = tickCountdown(left);
      left = tick.secondsLeft;
      setSecondsLeft(left);
      if (tick.retryNow) {
        clearInterval(timer);
        onRetryRef.current(true);
      }
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, [pending]);

  const report = bugReportHref(email, {
    subject: t('crash.reportSubject'),
    message: error.message,
    path: window.location.pathname + window.location.search,
    version: __APP_VERSION__,
  });

  return (
    <section className="page crash-screen" aria-labelledby={headingId} data-testid="crash-screen">
      <div className="crash-screen__icon" aria-hidden="true" />
      <h1 id={headingId} ref={heading} tabIndex={-1}>
        {t('crash.title')}
      </h1>
      <p className="crash-screen__lead">{t('crash.lead')}</p>
      {language === 'en' ? (
        <p className="crash-screen__message" data-testid="crash-message">
          {error.message}
        </p>
      ) : null}

      <div className="crash-screen__actions">
        <Button
          onClick={() => {
            onRetry(false);
          }}
        >
          {t('crash.tryAgain')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            window.location.reload();
          }}
        >
          {t('crash.reload')}
        </Button>
        <Link
          href="/"
          className="ui-button ui-button--secondary"
          onClick={() => {
            // Home may be the page that broke (same path): it is drawn again either way.
            onRetry(false);
          }}
        >
          {t('crash.goHome')}
        </Link>
        <a className="ui-button ui-button--ghost" href={report}>
          {t('crash.reportBug')}
        </a>
      </div>

      <div className="crash-screen__retry">
        <label className="crash-screen__toggle">
          <input
            type="checkbox"
            role="switch"
            checked={auto}
            onChange={(event) => {
              autoRetryOn = event.target.checked;
              setAuto(autoRetryOn);
              setSecondsLeft(AUTO_RETRY_DELAY_SECONDS);
            }}
          />
          <span>{t('crash.autoRetry')}</span>
        </label>
        <p role="status" data-testid="crash-retry-status">
          {pending
            ? t('crash.retryingIn', {
                seconds: n(secondsLeft),
                attempt: n(tries + 1),
                max: n(MAX_AUTO_RETRIES),
              })
            : auto
              ? t('crash.retriesUsed', { max: n(MAX_AUTO_RETRIES) })
              : t('crash.autoRetryOff')}
        </p>
      </div>

      <details className="crash-screen__details">
        <summary>{t('crash.details')}</summary>
        <pre translate="no" lang="en">
          {error.name}: {error.message}
          {error.stack ? `\n${error.stack}` : ''}
        </pre>
      </details>

      <p className="crash-screen__help">
        {t('crash.help')}{' '}
        <a href={`mailto:${email}`} translate="no">
          {email}
        </a>
        {' · '}
        {/* A new page load, not the router: this page's app may be what failed. */}
        <a href="/status">{t('crash.statusPage')}</a>
      </p>
      <p className="crash-screen__version">
        {t('crash.version')} <span translate="no">{localDigits(__APP_VERSION__, language)}</span>
      </p>
    </section>
  );
}
