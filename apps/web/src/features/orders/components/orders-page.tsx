import '../content/lazy-messages.ts';
import '../orders.css';
import { orderDisplayStatuses, type OrderDisplayStatus } from '@shop/contracts/order-status';
import type { Order } from '@shop/contracts/orders';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { Code } from '../../../components/ui/code-in-text.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { isFetchPaused } from '../../../lib/fetch-cooldown.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { cartBadge, loadCartController } from '../../cart/index.ts';
import { formatKyat } from '../../../lib/money-format.ts';
import { useInvalidateOrders, useOrderList } from '../api/orders-api.ts';
import { buyAgainLines, canPayNow } from '../order-rules.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { PayNowButton } from './pay-now-button.tsx';
import { SignInGate } from './sign-in-prompt.tsx';
import { PageTitle } from '../../../lib/page-title.tsx';

/** The filter offers each status as the list shows it, "Partly delivered" too (ADR 0051). */
const readStatus = (value: string | null): OrderDisplayStatus | null =>
  value && (orderDisplayStatuses as readonly string[]).includes(value)
    ? (value as OrderDisplayStatus)
    : null;

/**
 * /orders (spec §2 "Orders"): status filter, 'showing X of Y orders', previous/next, buy again
 * (or Pay now for an order still waiting for its money).
 */
export default function OrdersPage() {
  const { t } = useTranslation();
  return (
    <div className="page order-page">
      <PageTitle title={t('orders.title')} />
      <h1>{t('orders.title')}</h1>
      <SignInGate>
        <OrderHistory />
      </SignInGate>
    </div>
  );
}

function OrderHistory() {
  const { t } = useTranslation();
  const filterId = useId();
  const search = useSearch();
  const [pathname, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const status = readStatus(params.get('status'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query = useOrderList(page, status);

  // Filter and page live in the URL, so Back and a reload keep them.
  const go = (next: { status?: OrderDisplayStatus | null; page?: number }) => {
    const updated = new URLSearchParams(search);
    const nextStatus = next.status === undefined ? status : next.status;
    const nextPage = next.page ?? 1;
    if (nextStatus) updated.set('status', nextStatus);
    else updated.delete('status');
    if (nextPage > 1) updated.set('page', String(nextPage));
    else updated.delete('page');
    const text = updated.toString();
    navigate(text ? `${pathname}?${text}` : pathname);
  };

  const meta = query.data?.meta;
  const orders = query.data?.data ?? [];
  // "Showing 11–15 of 15 orders" on page 2: the range of this page, not the count up to its end.
  const shownFrom = meta ? (meta.page - 1) * meta.limit + 1 : 1;
  const shownTo = meta ? Math.min(meta.total, shownFrom - 1 + orders.length) : orders.length;
  const total = meta?.total ?? orders.length;

  return (
    <>
      <div className="orders-toolbar">
        <label htmlFor={filterId}>{t('orders.filter')}</label>
        <select
          id={filterId}
          value={status ?? ''}
          data-testid="orders-status-filter"
          onChange={(event) => {
            go({ status: readStatus(event.target.value), page: 1 });
          }}
        >
          <option value="">{t('orders.all')}</option>
          {orderDisplayStatuses.map((value) => (
            <option key={value} value={value}>
              {t(`orders.statuses.${value}`)}
            </option>
          ))}
        </select>
      </div>

      {query.isPending ? (
        <p className="order-state" role="status">
          <Spinner /> {t('orders.loading')}
        </p>
      ) : query.isError && !query.data ? (
        <div className="order-state" role="alert">
          <p>{t('orders.loadFailed')}</p>
          {isFetchPaused(query.error) ? <p>{query.error.message}</p> : null}
          <Button onClick={() => void query.refetch()}>{t('orders.retry')}</Button>
        </div>
      ) : orders.length === 0 ? (
        <div className="order-state">
          <p>{status ? t('orders.emptyFiltered') : t('orders.empty')}</p>
          {status ? null : (
            <Link href="/" className="ui-button ui-button--primary">
              <span>{t('orders.startShopping')}</span>
            </Link>
          )}
        </div>
      ) : (
        <>
          <p className="orders-count" role="status" data-testid="orders-count">
            {shownFrom === shownTo
              ? t('orders.showingOne', { shown: shownTo, total })
              : t('orders.showing', { from: shownFrom, to: shownTo, total })}
          </p>
          <ul className="orders-list" aria-busy={query.isFetching || undefined}>
            {orders.map((order) => (
              <OrderListEntry key={order.orderId} order={order} />
            ))}
          </ul>
          {meta && meta.totalPages > 1 ? (
            <nav className="orders-pager" aria-label={t('orders.pagination')}>
              <Button
                variant="secondary"
                disabled={meta.page <= 1}
                onClick={() => {
                  go({ page: meta.page - 1 });
                }}
              >
                {t('orders.previous')}
              </Button>
              <span>{t('orders.page', { page: meta.page, pages: meta.totalPages })}</span>
              <Button
                variant="secondary"
                disabled={meta.page >= meta.totalPages}
                onClick={() => {
                  go({ page: meta.page + 1 });
                }}
              >
                {t('orders.next')}
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </>
  );
}

function OrderListEntry({ order }: { order: Order }) {
  const { t } = useTranslation();
  const invalidateOrders = useInvalidateOrders();
  // Paid, cancelled or left open: the list shows the order as it is now.
  const onPaymentClosed = () => void invalidateOrders();
  const language = currentLanguage();
  const [busy, setBusy] = useState(false);
  const href = `/orders/${encodeURIComponent(order.orderId)}`;

  // Buy again: every line back into the cart (each add is one cart call with the cart's rules),
  // but the lines that paid someone's "Top me up" request.
  const again = buyAgainLines(order);
  const buyAgain = async () => {
    setBusy(true);
    const cart = await loadCartController().catch(() => null);
    let added = 0;
    if (cart) {
      for (const line of again) {
        if (await cart.add(line.productId, line.quantity, line.phoneNumber)) added++;
      }
    }
    setBusy(false);
    if (added < again.length) toast.error(t('orders.buyAgainFailed'));
    if (added > 0) cartBadge.openDrawer();
  };

  return (
    <li className="orders-entry" data-testid="order-entry">
      <div className="orders-entry__head">
        <Link href={href} className="orders-entry__number">
          <Code>{order.orderNumber}</Code>
        </Link>
        <OrderStatusBadge order={order} />
      </div>
      <p className="orders-entry__meta">
        {formatDate(order.createdAt, language, { withTime: true, style: 'medium' })} ·{' '}
        {t('orders.itemCount', { count: order.totalItems })} ·{' '}
        <strong>{formatKyat(order.total, language)}</strong>
      </p>
      <p className="orders-entry__names">{order.items.map((item) => item.name).join(', ')}</p>
      {/* A refund waits only for a top-up being checked with the operator: not "Refund pending"
          (it may have arrived), the status says it is being checked (ADR 0051). */}
      {order.refund && (order.refund.status !== 'refund_pending' || order.refundPending) ? (
        <p
          className={`refund-status refund-status--${order.refund.status}`}
          data-testid="order-refund"
        >
          {t('orders.refund.listLabel', {
            status: t(`orders.paymentStatuses.${order.refund.status}`),
            amount: formatKyat(order.refund.amount, language),
          })}
        </p>
      ) : null}
      <div className="order-actions">
        <Link href={href} className="ui-button ui-button--secondary">
          <span>{t('orders.viewDetails')}</span>
        </Link>
        {canPayNow(order) ? (
          <PayNowButton order={order} label={t('orders.payNow')} onClosed={onPaymentClosed} />
        ) : again.length > 0 ? (
          <Button busy={busy} busyLabel={t('orders.buyAgainBusy')} onClick={() => void buyAgain()}>
            {t('orders.buyAgain')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
