import '../content/lazy-messages.ts';
import '../topup-requests.css';
import { formatRecipientNumber } from '@shop/contracts/phone';
import type { OwnTopupRequest } from '@shop/contracts/topup-requests';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Code, CODE_SLOT } from '../../../components/ui/code-in-text.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessageOr } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatKyat } from '../../../lib/money-format.ts';
import { PageTitle } from '../../../lib/page-title.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAuth } from '../../auth/index.ts';
import {
  topupRequestsApi,
  useInvalidateRequests,
  useOwnRequests,
} from '../api/topup-requests-api.ts';
import { RequestLinkDialog } from './request-link-dialog.tsx';
import { RequestForm } from './topmeup-request-form.tsx';

/**
 * /topmeup (issue 31): a signed-in customer asks for a top-up of their own number — the number
 * (its operator found from it), a top-up or data product of that operator, a short note — and
 * gets a link to share (Share, Copy, Viber, Telegram, Messenger, a QR code). Below, their requests
 * with their state; an open one can be shared again or cancelled.
 */
export default function TopMeUpPage() {
  const { t } = useTranslation();
  const { status, openAuthDialog } = useAuth();
  return (
    <div className="page topmeup-page">
      <PageTitle title={t('topmeup.title')} />
      <h1>{t('topmeup.title')}</h1>
      <p className="topmeup-intro">{t('topmeup.intro')}</p>
      {status === 'loading' ? (
        <p className="topmeup-state" role="status">
          <Spinner /> {t('topmeup.loading')}
        </p>
      ) : status === 'unauthenticated' ? (
        <div className="topmeup-state">
          <p>{t('topmeup.loginToView')}</p>
          <Button
            onClick={() => {
              openAuthDialog('login', { onSuccess: () => undefined });
            }}
          >
            {t('topmeup.login')}
          </Button>
        </div>
      ) : (
        <Requests />
      )}
    </div>
  );
}

type Open =
  { kind: 'link'; request: OwnTopupRequest } | { kind: 'cancel'; request: OwnTopupRequest } | null;

function Requests() {
  const { t } = useTranslation();
  const query = useOwnRequests(true);
  const invalidate = useInvalidateRequests();
  const [open, setOpen] = useState<Open>(null);
  const requests = query.data ?? [];
  return (
    <>
      <RequestForm
        onCreated={(request) => {
          void invalidate();
          setOpen({ kind: 'link', request });
        }}
      />
      <section className="topmeup-requests" aria-labelledby="topmeup-requests-heading">
        <h2 id="topmeup-requests-heading">{t('topmeup.list.heading')}</h2>
        {query.isPending ? (
          <p className="topmeup-state" role="status">
            <Spinner /> {t('topmeup.loading')}
          </p>
        ) : query.isError ? (
          <div className="topmeup-state" role="alert">
            <p>{errorMessageOr(query.error, t('topmeup.loadFailed'))}</p>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t('topmeup.retry')}
            </Button>
          </div>
        ) : requests.length === 0 ? (
          <p className="topmeup-state" data-testid="topmeup-empty">
            {t('topmeup.list.empty')}
          </p>
        ) : (
          <ul className="topmeup-list">
            {requests.map((request) => (
              <RequestCard
                key={request.token}
                request={request}
                onShare={() => {
                  setOpen({ kind: 'link', request });
                }}
                onCancel={() => {
                  setOpen({ kind: 'cancel', request });
                }}
              />
            ))}
          </ul>
        )}
      </section>
      {open?.kind === 'link' ? (
        <RequestLinkDialog
          url={open.request.url}
          expiresAt={open.request.expiresAt}
          onClose={() => {
            setOpen(null);
          }}
        />
      ) : null}
      {open?.kind === 'cancel' ? (
        <ConfirmDialog
          title={t('topmeup.cancelDialog.title')}
          description={t('topmeup.cancelDialog.text')}
          keep={t('topmeup.cancelDialog.keep')}
          confirm={t('topmeup.cancelDialog.yes')}
          failed={t('topmeup.cancelDialog.failed')}
          act={() => topupRequestsApi.cancel(open.request.token)}
          confirmTestId="topmeup-cancel-yes"
          onClose={() => {
            setOpen(null);
          }}
          onDone={() => {
            setOpen(null);
            void invalidate();
          }}
        />
      ) : null}
    </>
  );
}

function RequestCard({
  request,
  onShare,
  onCancel,
}: {
  request: OwnTopupRequest;
  onShare: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const date = (iso: string) => formatDate(iso, language, { withTime: true, style: 'medium' });
  const { status } = request;
  const state =
    status === 'open'
      ? t('topmeup.list.open', { date: date(request.expiresAt) })
      : status === 'topped_up'
        ? t('topmeup.list.toppedUp', { date: date(request.toppedUpAt ?? request.expiresAt) })
        : status === 'expired'
          ? t('topmeup.list.expired', { date: date(request.expiresAt) })
          : t('topmeup.list.cancelled');
  const headingId = `topmeup-${request.token}`;
  return (
    <li
      className="topmeup-card"
      data-testid="topmeup-card"
      data-status={status}
      aria-labelledby={headingId}
    >
      <div className="topmeup-card__head">
        <h3 id={headingId} className="topmeup-card__product">
          {request.product.name}
        </h3>
        <span className={`topmeup-badge topmeup-badge--${status}`} data-testid="topmeup-status">
          {t(`topmeup.list.status.${status}`)}
        </span>
      </div>
      <p className="topmeup-card__fact">
        {formatKyat(request.product.price, language)} ·{' '}
        <Code text={t('topmeup.list.forNumber', { number: CODE_SLOT })}>
          {formatRecipientNumber(request.phoneNumber)}
        </Code>
      </p>
      {request.note ? <p className="topmeup-card__note">“{request.note}”</p> : null}
      <p className="topmeup-card__fact" data-testid="topmeup-state">
        {state}
      </p>
      {status === 'open' ? (
        <div className="topmeup-card__actions">
          <Button
            variant="secondary"
            aria-label={t('topmeup.list.shareLabel', { product: request.product.name })}
            data-testid="topmeup-share-again"
            onClick={onShare}
          >
            {t('topmeup.list.share')}
          </Button>
          <Button
            variant="ghost"
            aria-label={t('topmeup.list.cancelLabel', { product: request.product.name })}
            data-testid="topmeup-cancel"
            onClick={onCancel}
          >
            {t('topmeup.list.cancel')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
