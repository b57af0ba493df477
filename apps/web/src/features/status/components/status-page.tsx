import '../content/messages.ts';
import '../status.css';
import { localDigits } from '@shop/contracts/languages';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { shopStatusQuery, type ShopStatus } from '../api/status-api.ts';
import { PageTitle } from '../../../lib/page-title.tsx';

type Part = ShopStatus['server'];

/**
 * /status (issue 16, spec §4 "Crash screen": the status-page link): whether the shop can take
 * orders now, asked of its own server's readiness — no third-party status service to keep in step.
 */
export default function StatusPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { data, isFetching, refetch } = useQuery(shopStatusQuery);
  const overall = isFetching || !data ? 'checking' : data.overall;
  const part = (value: Part | undefined) =>
    value === 'up' ? t('status.up') : value === 'down' ? t('status.notUp') : t('status.unknown');
  const parts: { key: string; value: Part | undefined }[] = data
    ? [
        { key: 'server', value: data.server },
        { key: 'database', value: data.database },
        ...(data.redis ? [{ key: 'redis', value: data.redis }] : []),
      ]
    : [];

  return (
    <section className="page status-page" aria-labelledby="status-title">
      <PageTitle title={t('status.title')} />
      <h1 id="status-title">{t('status.title')}</h1>
      <p className="status-page__lead">{t('status.lead')}</p>

      <div
        className={`status-page__summary status-page__summary--${overall}`}
        role="status"
        data-testid="status-summary"
      >
        {overall === 'checking' ? (
          <p className="status-page__headline">{t('status.checking')}</p>
        ) : (
          <>
            <p className="status-page__headline">{t(`status.${overall}`)}</p>
            <p>{t(`status.${overall}Detail`)}</p>
            {data?.errorCode ? (
              // Shopping spec §8 "Offline strings": Server Error, Error Code.
              <p className="status-page__error" data-testid="status-error-code">
                <strong>{t('status.serverError')}</strong>{' '}
                {t('status.errorCode', { code: localDigits(String(data.errorCode), language) })}
              </p>
            ) : null}
          </>
        )}
      </div>

      {parts.length > 0 ? (
        <dl className="status-page__parts" data-testid="status-parts">
          {parts.map(({ key, value }) => (
            <div key={key} className={`status-page__part status-page__part--${value ?? 'unknown'}`}>
              <dt>{t(`status.${key}`)}</dt>
              <dd>{part(value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}

      {data ? (
        <p className="status-page__checked" data-testid="status-checked">
          {t('status.checkedAt', {
            time: formatDate(data.checkedAt, language, { withTime: true, style: 'medium' }),
          })}
        </p>
      ) : null}

      <Button
        busy={isFetching}
        busyLabel={t('status.checking')}
        onClick={() => {
          void refetch();
        }}
      >
        {t('status.checkAgain')}
      </Button>

      <p className="status-page__foot">
        <Link href="/support">{t('status.support')}</Link>
        {' · '}
        {t('status.version')} <span translate="no">{localDigits(__APP_VERSION__, language)}</span>
      </p>
    </section>
  );
}
