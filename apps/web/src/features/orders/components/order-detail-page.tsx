import '../content/lazy-messages.ts';
import '../orders.css';
import '../../../components/ui/result-box.css';
import { cardExpiryDate } from '@shop/contracts/order-status';
import type { CardListFormat, Order, OrderDetailItem } from '@shop/contracts/orders';
import { formatNumber } from '@shop/contracts/languages';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link, useParams, useSearch } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { Code, CODE_SLOT } from '../../../components/ui/code-in-text.tsx';
import { TopUpTo } from '../../../components/ui/top-up-to.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError, errorMessageOr } from '../../../lib/api-client.ts';
import { formatCalendarDate, formatDate } from '../../../lib/dates.ts';
import { isFetchPaused } from '../../../lib/fetch-cooldown.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useAuth } from '../../auth/index.ts';
import { loadSharePanel } from '../../sharing/index.ts';
import { formatFaceValue, formatKyat } from '../../../lib/money-format.ts';
import {
  isOrderInProgress,
  ordersApi,
  useCachedOrder,
  useInvalidateOrders,
  useOrder,
} from '../api/orders-api.ts';
import { saveDownloadedFile } from '../../../lib/download-file.ts';
import {
  canPayNow,
  hasInvoice,
  paymentStatusMismatch,
  readRedirectStatus,
  shownStatus,
  showsCodesEmail,
} from '../order-rules.ts';
import { useEndsShareConfirm, type EndsShareAction } from './ends-share-confirm.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { RefundOutcome } from './refund-outcome.tsx';
import { ScratchCard } from './scratch-card.tsx';
import { SignInGate } from './sign-in-prompt.tsx';
import { PageTitle } from '../../../lib/page-title.tsx';

// Parts only some orders show load when shown: the feedback form (and the form library it
// brings), paying again, the failed order's call-centre box. The page's first JavaScript stays
// within its budget (issue 14, scripts/measure-pages.mjs).
const HappinessMeter = lazy(() =>
  import('./happiness-meter.tsx').then((module) => ({ default: module.HappinessMeter })),
);
const PayAgain = lazy(() =>
  import('./pay-again.tsx').then((module) => ({ default: module.PayAgain })),
);
const FailedOrderHelp = lazy(() =>
  import('./failed-order-help.tsx').then((module) => ({ default: module.FailedOrderHelp })),
);
// Where the codes went and sending them again (issue 26, ADR 0050), with its form.
const CodesEmail = lazy(() =>
  import('./codes-email.tsx').then((module) => ({ default: module.CodesEmail })),
);
// Sharing (issue 15): the share section of a completed order, with its dialog, in its own chunks.
const SharePanel = lazy(loadSharePanel);

/** /orders/{orderId} (spec §2 "Orders"), for the signed-in buyer. */
export default function OrderDetailPage() {
  const { t } = useTranslation();
  const params = useParams<{ orderId?: string }>();
  const orderId = params.orderId ?? '';
  // The order's number once it is loaded (below, signed in); the orders' title until then.
  const order = useCachedOrder(orderId);
  return (
    <div className="page order-page">
      <PageTitle
        title={order ? t('orders.detail.title', { number: order.orderNumber }) : t('orders.title')}
      />
      <p>
        <Link href="/orders" className="order-back">
          ← {t('orders.detail.back')}
        </Link>
      </p>
      <SignInGate>
        {orderId ? (
          <OrderDetail orderId={orderId} />
        ) : (
          <p className="order-state" role="alert">
            {t('orders.detail.idRequired')}
          </p>
        )}
      </SignInGate>
    </div>
  );
}

function OrderDetail({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const search = useSearch();
  const query = useOrder(orderId);
  const invalidate = useInvalidateOrders();
  const { refreshMembership } = useAuth();
  const completed = query.data?.status === 'completed';
  const endsShare = useEndsShareConfirm({ share: query.data?.share ?? null });

  // A completed order credited loyalty points: the user menu shows the new balance and tier.
  useEffect(() => {
    if (completed) refreshMembership(true);
  }, [completed, refreshMembership]);

  if (query.isPending) {
    return (
      <p className="order-state" role="status">
        <Spinner /> {t('orders.detail.loading')}
      </p>
    );
  }
  // A failed poll of an order already shown keeps it on screen; the next poll tries again.
  if (query.isError && !query.data) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="order-state" role="alert">
        <h1>{notFound ? t('orders.detail.notFound') : t('orders.detail.fetchError')}</h1>
        <p>
          {notFound
            ? t('orders.detail.notFoundText')
            : isFetchPaused(query.error)
              ? query.error.message
              : t('orders.detail.fetchErrorText')}
        </p>
        {notFound ? (
          <Link href="/orders" className="ui-button ui-button--primary">
            <span>{t('orders.detail.back')}</span>
          </Link>
        ) : (
          <Button onClick={() => void query.refetch()}>{t('orders.retry')}</Button>
        )}
      </div>
    );
  }
  const order = query.data;
  const redirect = readRedirectStatus(search);
  const refresh = () => void invalidate();

  return (
    <>
      <h1>
        <Code text={t('orders.detail.title', { number: CODE_SLOT })}>{order.orderNumber}</Code>{' '}
        <OrderStatusBadge order={order} />
      </h1>
      {paymentStatusMismatch(redirect, order) ? (
        <div
          className="order-notice order-notice--error"
          role="alert"
          data-testid="payment-mismatch"
        >
          <strong>{t('orders.detail.mismatchTitle')}</strong>
          <p>
            <Code text={t('orders.detail.mismatchText', { number: CODE_SLOT })}>
              {order.orderNumber}
            </Code>
          </p>
          <Link href="/support">{t('orders.detail.contactSupport')}</Link>
        </div>
      ) : redirect === 'success' && !order.refund && order.status !== 'failed' ? (
        <div className="order-notice order-notice--ok" role="status">
          <strong>{t('orders.detail.paidTitle')}</strong>
          <p>{t('orders.detail.paidText')}</p>
        </div>
      ) : redirect === 'failed' ? (
        <div className="order-notice order-notice--error" role="alert">
          <strong>{t('orders.detail.paymentFailedTitle')}</strong>
          <p>{t('orders.detail.paymentFailedText')}</p>
        </div>
      ) : null}
      {isOrderInProgress(order) ? (
        <p className="order-notice" role="status" data-testid="order-processing">
          <Spinner size="small" /> {t('orders.detail.processing')}
        </p>
      ) : null}
      {/* A paid order that failed, wholly or partly: what happened and the refund (ADR 0020). */}
      <RefundOutcome order={order} />
      {order.unappliedRefund > 0 ? (
        <p className="order-notice order-notice--warn" role="status" data-testid="unapplied-refund">
          <strong>
            {t('orders.detail.unappliedRefundTitle', {
              amount: formatKyat(order.unappliedRefund, currentLanguage()),
            })}
          </strong>{' '}
          {t('orders.detail.unappliedRefundText')}
        </p>
      ) : null}
      <Suspense fallback={null}>
        {/* Unpaid: Pay now (the last QR while payable) or Pay Again, and Cancel (issue 26). */}
        {canPayNow(order) ? <PayAgain order={order} onClosed={refresh} /> : null}
        {shownStatus(order) === 'failed' ? <FailedOrderHelp /> : null}
      </Suspense>

      <OrderFacts order={order} />
      <OrderItems order={order} onChanged={refresh} confirm={endsShare.confirm} />
      {showsCodesEmail(order) ? (
        <Suspense fallback={null}>
          <CodesEmail order={order} onSent={refresh} />
        </Suspense>
      ) : null}
      <OrderSummary order={order} />
      {hasInvoice(order) ? (
        <OrderDownloads order={order} onChanged={refresh} confirm={endsShare.confirm} />
      ) : null}
      {endsShare.dialog}
      {order.share || (order.status === 'completed' && !order.sharingDisabled) ? (
        <Suspense fallback={null}>
          <SharePanel order={order} onChanged={refresh} />
        </Suspense>
      ) : null}
      <section className="order-section" aria-labelledby="order-support">
        <h2 id="order-support">{t('orders.detail.supportTitle')}</h2>
        <p>{t('orders.detail.supportText')}</p>
        <Link href="/support" className="ui-button ui-button--secondary">
          <span>{t('orders.detail.chat')}</span>
        </Link>
      </section>
      {order.status === 'completed' || order.status === 'failed' ? (
        <Suspense fallback={null}>
          <HappinessMeter orderId={order.orderId} feedback={order.feedback} onSaved={refresh} />
        </Suspense>
      ) : null}
    </>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="fact-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The order's facts and its payment's, side by side. */
function OrderFacts({ order }: { order: Order }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <div className="order-grid">
      <section className="order-section" aria-labelledby="order-info">
        <h2 id="order-info">{t('orders.detail.orderInfo')}</h2>
        <dl>
          <Row label={t('orders.detail.orderNumber')}>
            <Code>{order.orderNumber}</Code>
          </Row>
          <Row label={t('orders.detail.date')}>
            {formatDate(order.createdAt, language, { withTime: true, style: 'medium' })}
          </Row>
          <Row label={t('orders.detail.status')}>
            <span data-testid="order-status">{t(`orders.statuses.${shownStatus(order)}`)}</span>
          </Row>
          <Row label={t('orders.detail.totalItems')}>
            {formatNumber(order.totalItems, language)}
          </Row>
        </dl>
      </section>
      <section className="order-section" aria-labelledby="payment-info">
        <h2 id="payment-info">{t('orders.detail.paymentInfo')}</h2>
        <dl>
          <Row label={t('orders.detail.method')}>
            {order.paymentMethod ? t(`orders.methods.${order.paymentMethod}`) : '—'}
          </Row>
          <Row label={t('orders.detail.paymentStatus')}>
            <span data-testid="payment-status">
              {t(`orders.paymentStatuses.${order.paymentStatus}`)}
            </span>
          </Row>
          {order.paidAt ? (
            <Row label={t('orders.detail.paidAt')}>
              {formatDate(order.paidAt, language, { withTime: true, style: 'medium' })}
            </Row>
          ) : null}
          <Row label={t('orders.detail.invoiceNumber')}>{order.invoiceNumber ?? '—'}</Row>
        </dl>
      </section>
    </div>
  );
}

function EloadResult({ item }: { item: OrderDetailItem }) {
  const { t } = useTranslation();
  if (!item.eload) return null;
  // Sent, never confirmed: neither delivered nor failed until support has checked (ADR 0051).
  if (item.toCheck)
    return (
      <p className="ui-result-box ui-result-box--pending" data-testid="eload-result">
        <strong>{t('orders.detail.eload.checking')}</strong>
      </p>
    );
  const { status, reference, message } = item.eload;
  const label = t(`orders.detail.eload.${status}`);
  // The aggregator's own words only when they add something (e.g. why it failed).
  const detail = message && !label.startsWith(message.replace(/[.။]$/, '')) ? message : null;
  return (
    <p className={`ui-result-box ui-result-box--${status}`} data-testid="eload-result">
      <strong>{label}</strong>
      {detail ? ` ${detail}` : ''}
      {reference ? (
        <>
          {' · '}
          <Code text={t('orders.detail.eload.reference', { reference: CODE_SLOT })}>
            {reference}
          </Code>
        </>
      ) : null}
    </p>
  );
}

/** Asks before an action that ends the order's live gift link (issue 26); true: go on. */
type ConfirmEndsShare = (action: EndsShareAction) => Promise<boolean>;

function OrderItems({
  order,
  onChanged,
  confirm,
}: {
  order: Order;
  onChanged: () => void;
  confirm: ConfirmEndsShare;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <section className="order-section" aria-labelledby="order-items">
      <h2 id="order-items">{t('orders.detail.items')}</h2>
      <ul className="order-items">
        {order.items.map((item) => (
          <li key={item.itemId} className="order-item" data-testid="order-item">
            <div className="order-item__head">
              <strong>{item.name}</strong>
              <span className="order-item__code">
                {t('orders.detail.code')}: <Code>{item.code}</Code>
              </span>
            </div>
            <dl className="order-item__facts">
              <Row label={t('orders.detail.quantity')}>{formatNumber(item.quantity, language)}</Row>
              <Row label={t('orders.detail.unitPrice')}>{formatKyat(item.unitPrice, language)}</Row>
              <Row label={t('orders.detail.lineTotal')}>{formatKyat(item.lineTotal, language)}</Row>
              {item.phoneNumber ? (
                <Row label={t('orders.detail.recipient')}>
                  <span data-testid="order-recipient">
                    <TopUpTo phoneNumber={item.phoneNumber} operator={item.operator} />
                  </span>
                </Row>
              ) : null}
            </dl>
            <EloadResult item={item} />
            {item.failureReason && !item.toCheck ? (
              <p className="order-error" role="alert">
                {item.failureReason}
              </p>
            ) : null}
            {item.cards.length ? (
              <ul className="order-cards" aria-label={t('orders.detail.cards')}>
                {item.cards.map((card) => (
                  <li key={card.cardId} className="ui-card-box">
                    <dl>
                      <Row label={t('orders.detail.serial')}>
                        <span data-testid="card-serial" translate="no">
                          {card.serialNumber}
                        </span>
                      </Row>
                      <Row label={t('orders.detail.expires')}>
                        <span data-testid="card-expiry">
                          {card.expiresAt
                            ? formatCalendarDate(cardExpiryDate(card.expiresAt), language, {
                                style: 'medium',
                              })
                            : t('orders.detail.noExpiry')}
                        </span>
                      </Row>
                      {card.faceValue ? (
                        <Row label={t('orders.detail.faceValue')}>
                          {formatFaceValue(card.faceValue, language)}
                        </Row>
                      ) : null}
                      {card.openedByRecipientAt ? (
                        <Row label={t('orders.detail.openedByRecipient')}>
                          <span data-testid="card-opened-by-recipient">
                            {formatDate(card.openedByRecipientAt, language, {
                              withTime: true,
                              style: 'medium',
                            })}
                          </span>
                        </Row>
                      ) : null}
                    </dl>
                    <ScratchCard
                      card={card}
                      dialToTopUp={item.type === 'epin' && item.operator !== null}
                      onRevealed={onChanged}
                      {...(order.share ? { beforeReveal: () => confirm('scratch') } : {})}
                    />
                  </li>
                ))}
              </ul>
            ) : null}
            {item.instructions ? (
              <details className="order-instructions">
                <summary>{t('orders.detail.instructions')}</summary>
                <p>{item.instructions}</p>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function OrderSummary({ order }: { order: Order }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const money = (amount: number) => formatKyat(amount, language);
  return (
    <section className="order-section" aria-labelledby="order-summary">
      <h2 id="order-summary">{t('orders.detail.summary')}</h2>
      <dl className="order-summary">
        <Row label={t('orders.detail.subtotal')}>{money(order.subtotal)}</Row>
        {order.promoCode ? (
          <>
            {/* Issue 17: the promo code's part on its own line; "Discount" is the rest. */}
            <Row label={t('orders.detail.discount')}>
              {order.discount > order.promoDiscount
                ? `− ${money(order.discount - order.promoDiscount)}`
                : money(0)}
            </Row>
            <Row label={t('orders.detail.promoCode', { code: order.promoCode })}>
              <span data-testid="order-promo-discount">− {money(order.promoDiscount)}</span>
            </Row>
          </>
        ) : (
          <Row label={t('orders.detail.discount')}>
            {order.discount ? `− ${money(order.discount)}` : money(0)}
          </Row>
        )}
        <Row label={t('orders.detail.serviceFee')}>{money(order.serviceFee)}</Row>
        <Row label={t('orders.detail.deliveryFee')}>{money(order.deliveryFee)}</Row>
        <Row label={t('orders.detail.tax')}>{money(order.tax)}</Row>
        <Row label={t('orders.detail.total')}>
          <strong data-testid="order-total">{money(order.total)}</strong>
        </Row>
      </dl>
    </section>
  );
}

type DownloadKind = CardListFormat | 'invoice';

function OrderDownloads({
  order,
  onChanged,
  confirm,
}: {
  order: Order;
  onChanged: () => void;
  confirm: ConfirmEndsShare;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<DownloadKind | null>(null);
  const hasCards = order.items.some((item) => item.cards.length > 0);

  const download = async (kind: DownloadKind) => {
    // An invoice, or the card list with every PIN, ends the gift link: asked first.
    if (!(await confirm(kind === 'invoice' ? 'invoice' : 'cards'))) return;
    setBusy(kind);
    try {
      const file =
        kind === 'invoice'
          ? await ordersApi.invoice(order.orderId)
          : await ordersApi.cards(order.orderId, kind);
      saveDownloadedFile(
        file,
        kind === 'invoice'
          ? `invoice-${order.orderNumber}.pdf`
          : `cards-${order.orderNumber}.${kind}`,
      );
      // The invoice number is assigned and a card list reveals every PIN: both turn sharing off.
      onChanged();
    } catch (error) {
      toast.error(errorMessageOr(error, t('orders.detail.downloadFailed')));
    } finally {
      setBusy(null);
    }
  };

  const button = (kind: DownloadKind, label: string) => (
    <Button
      variant="secondary"
      busy={busy === kind}
      busyLabel={t('orders.detail.downloading')}
      disabled={busy !== null && busy !== kind}
      onClick={() => void download(kind)}
      data-testid={`order-download-${kind}`}
    >
      {label}
    </Button>
  );

  return (
    <section className="order-section" aria-labelledby="order-downloads">
      <h2 id="order-downloads">{t('orders.detail.downloads')}</h2>
      <div className="order-actions">
        {hasCards ? button('csv', t('orders.detail.downloadCsv')) : null}
        {hasCards ? button('pdf', t('orders.detail.downloadPdf')) : null}
        {button('invoice', t('orders.detail.generateInvoice'))}
      </div>
      <p className="order-hint">
        {order.sharingDisabled ? t('orders.detail.sharingOff') : t('orders.detail.sharingNote')}
      </p>
    </section>
  );
}
