import '../content/lazy-messages.ts';
import '../topup-requests.css';
import { operatorNames } from '@shop/contracts/phone';
import type { PublicTopupRequest } from '@shop/contracts/topup-requests';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { Code } from '../../../components/ui/code-in-text.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessageOr } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatKyat } from '../../../lib/money-format.ts';
import { PageTitle } from '../../../lib/page-title.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAuth } from '../../auth/index.ts';
import { cartBadge, loadCartController } from '../../cart/index.ts';
import {
  topupRequestsApi,
  useInvalidateRequests,
  useRequestView,
} from '../api/topup-requests-api.ts';

/**
 * /topmeup/<token> (issue 31): what whoever holds a request link sees — the number masked, its
 * operator, the product, its price and the note — and "Pay for this top-up", which puts the
 * product for that number into their cart (after logging in, when they are not) and opens the
 * cart, whose checkout pays as any other (MM QR). A paid, cancelled or expired request says so.
 * Never indexed (the server's X-Robots-Tag and this page's robots meta).
 */
export default function RequestLinkPage() {
  const { t } = useTranslation();
  const params = useParams<{ token?: string }>();
  const token = params.token ?? '';
  const query = useRequestView(token);
  return (
    <div className="page topmeup-page topmeup-link-page">
      <PageTitle title={t('topmeup.page.title')} />
      <meta name="robots" content="noindex, nofollow" />
      {query.isPending ? (
        <p className="topmeup-state" role="status">
          <Spinner /> {t('topmeup.page.loading')}
        </p>
      ) : query.isError ? (
        query.error instanceof ApiError && query.error.status === 404 ? (
          <div className="topmeup-state" data-testid="topmeup-not-found">
            <h1>{t('topmeup.page.notFoundTitle')}</h1>
            <p>{t('topmeup.page.notFound')}</p>
            <Link href="/topmeup" className="ui-button ui-button--secondary">
              {t('topmeup.page.askYourOwn')}
            </Link>
          </div>
        ) : (
          <div className="topmeup-state" role="alert">
            <p>{errorMessageOr(query.error, t('topmeup.loadFailed'))}</p>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t('topmeup.retry')}
            </Button>
          </div>
        )
      ) : (
        <RequestView request={query.data} />
      )}
    </div>
  );
}

function RequestView({ request }: { request: PublicTopupRequest }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { status: session, openAuthDialog } = useAuth();
  const invalidate = useInvalidateRequests();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const addToCart = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await topupRequestsApi.addToCart(request.token);
      const cart = await loadCartController();
      await cart.load();
      cartBadge.bounce();
      cartBadge.openDrawer();
    } catch (caught) {
      setFailure(errorMessageOr(caught, t('topmeup.page.payFailed')));
      // A request paid or cancelled meanwhile: show it as it is now.
      void invalidate();
    } finally {
      setBusy(false);
    }
  };
  const pay = () => {
    if (session === 'authenticated') void addToCart();
    else openAuthDialog('login', { onSuccess: () => void addToCart() });
  };

  const closed =
    request.status === 'topped_up'
      ? t('topmeup.page.toppedUp')
      : request.status === 'cancelled'
        ? t('topmeup.page.cancelled')
        : request.status === 'expired'
          ? t('topmeup.page.expired')
          : null;

  return (
    <article className="topmeup-request" data-testid="topmeup-request" data-status={request.status}>
      <h1>{t('topmeup.page.heading')}</h1>
      <p className="topmeup-intro">{t('topmeup.page.lead')}</p>
      <dl className="topmeup-facts">
        <div>
          <dt>{t('topmeup.page.number')}</dt>
          <dd data-testid="topmeup-masked-number">
            <Code>{request.maskedNumber}</Code>
          </dd>
        </div>
        <div>
          <dt>{t('topmeup.page.operator')}</dt>
          <dd>{operatorNames[request.operator]}</dd>
        </div>
        <div>
          <dt>{t('topmeup.page.product')}</dt>
          <dd data-testid="topmeup-product-name">{request.product.name}</dd>
        </div>
        <div>
          <dt>{t('topmeup.page.price')}</dt>
          <dd data-testid="topmeup-price">{formatKyat(request.product.price, language)}</dd>
        </div>
      </dl>
      {request.note ? (
        <figure className="topmeup-request__note">
          <figcaption>{t('topmeup.page.note')}</figcaption>
          <blockquote data-testid="topmeup-note-text">{request.note}</blockquote>
        </figure>
      ) : null}
      {closed ? (
        <p className="topmeup-closed" role="status" data-testid="topmeup-closed">
          {closed}
        </p>
      ) : request.product.available ? (
        <>
          <Button busy={busy} data-testid="topmeup-pay" onClick={pay}>
            {t('topmeup.page.pay')}
          </Button>
          <p className="topmeup-hint">{t('topmeup.page.payHint')}</p>
          <p className="topmeup-hint">
            {t('topmeup.link.expires', {
              date: formatDate(request.expiresAt, language, { withTime: true, style: 'medium' }),
            })}
          </p>
        </>
      ) : (
        <p className="topmeup-closed" role="status">
          {t('topmeup.page.unavailable')}
        </p>
      )}
      {failure ? (
        <p className="form-message--error" role="alert" data-testid="topmeup-pay-error">
          {failure}
        </p>
      ) : null}
    </article>
  );
}
