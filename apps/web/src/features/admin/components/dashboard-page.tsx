import type { Dashboard } from '@shop/contracts/admin';
import { Link } from 'wouter';
import { useDashboard } from '../api/admin-api.ts';
import { getStaffSession } from '../api/staff-session.ts';
import { expiryDay, kyat, NotLoaded } from './admin-list.tsx';
import { AdminTable, type AdminColumn } from './admin-table.tsx';
import { TopupBalanceCard } from './topup-balance-card.tsx';

type SalesWindow = Dashboard['sales']['today'];

const windows = [
  ['today', 'Today'],
  ['days7', 'Last 7 days'],
  ['days30', 'Last 30 days'],
] as const;

/** Dashboard: sales, orders by status, what needs doing (refunds, top-ups to check, stock, jobs). */
export function DashboardPage() {
  const query = useDashboard();
  if (!query.data) return <NotLoaded query={query} fallback="The dashboard could not be loaded." />;
  const data = query.data.data;
  return (
    <>
      <h1>Dashboard</h1>
      <section aria-labelledby="sales-title">
        <h2 id="sales-title">Sales (paid orders, less refunds)</h2>
        <div className="admin-cards">
          {windows.map(([key, label]) => (
            <div className="admin-card" key={key} data-testid={`sales-${key}`}>
              <h3>{label}</h3>
              <p className="admin-card__figure">{kyat(data.sales[key].kyat)}</p>
              <p>{data.sales[key].orders} orders</p>
            </div>
          ))}
        </div>
        <SalesChart title="Last 30 days by category" rows={byCategory(data.sales.days30)} />
        <SalesChart title="Last 30 days by operator" rows={byOperator(data.sales.days30)} />
      </section>
      <section aria-labelledby="todo-title">
        <h2 id="todo-title">Needs attention</h2>
        <div className="admin-cards">
          <div className="admin-card" data-testid="refunds-pending">
            <h3>Refunds pending</h3>
            <p className="admin-card__figure">{data.refundsPending.count}</p>
            <p>{kyat(data.refundsPending.kyat)}</p>
          </div>
          <div className="admin-card">
            <h3>Unconfirmed top-ups</h3>
            <p className="admin-card__figure">{data.unconfirmedTopups}</p>
          </div>
          <div className="admin-card" data-testid="unknown-payments">
            <h3>Unknown payments</h3>
            <p className="admin-card__figure">{data.unknownPayments}</p>
            <p>
              <Link href="/unknown-payments">Check them</Link>
            </p>
          </div>
          <div className="admin-card">
            <h3>Failed jobs</h3>
            <p className="admin-card__figure">{data.failedJobs}</p>
          </div>
          {getStaffSession()?.staff.role === 'admin' ? <TopupBalanceCard /> : null}
        </div>
      </section>
      <section aria-labelledby="status-title">
        <h2 id="status-title">Orders by status</h2>
        {Object.keys(data.ordersByStatus).length === 0 ? (
          <p className="admin-empty">No orders yet.</p>
        ) : (
          <AdminTable
            rows={Object.entries(data.ordersByStatus)}
            rowKey={([status]) => status}
            columns={statusColumns}
          />
        )}
      </section>
      <section aria-labelledby="stock-title">
        <h2 id="stock-title">Card stock</h2>
        <h3>Low stock</h3>
        {data.lowStock.length === 0 ? (
          <p className="admin-empty">No product is low on cards.</p>
        ) : (
          <ul>
            {data.lowStock.map((row) => (
              <li key={row.productId}>
                {row.name.en} ({row.sku}): {row.available} left
              </li>
            ))}
          </ul>
        )}
        <h3>Expiring soon</h3>
        {data.expiringCards.length === 0 ? (
          <p className="admin-empty">No cards expire soon.</p>
        ) : (
          <ul>
            {data.expiringCards.map((row) => (
              <li key={row.productId}>
                {row.name.en} ({row.sku}): {row.count} cards, the first on{' '}
                {expiryDay(row.firstExpiry)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

const statusColumns: AdminColumn<[string, number]>[] = [
  { header: 'Status', cell: ([status]) => status },
  { header: 'Orders', cell: ([, count]) => count },
];

interface ChartRow {
  label: string;
  kyat: number;
  orders: number;
}

const byCategory = (window: SalesWindow): ChartRow[] =>
  window.byCategory.map((row) => ({ label: row.category.en, kyat: row.kyat, orders: row.orders }));
const byOperator = (window: SalesWindow): ChartRow[] =>
  window.byOperator.map((row) => ({
    label: row.operator ?? 'No operator',
    kyat: row.kyat,
    orders: row.orders,
  }));

/** A bar chart drawn with widths, each bar labelled with its figures (read as a list). */
function SalesChart({ title, rows }: { title: string; rows: ChartRow[] }) {
  const most = Math.max(1, ...rows.map((row) => row.kyat));
  return (
    <figure className="admin-chart">
      <figcaption>{title}</figcaption>
      {rows.length === 0 ? (
        <p className="admin-empty">No sales.</p>
      ) : (
        <ul>
          {rows.map((row) => (
            <li key={row.label}>
              <span className="admin-chart__label">{row.label}</span>
              <span
                className="admin-chart__bar"
                style={{ width: `${String((row.kyat / most) * 100)}%` }}
              />
              <span className="admin-chart__value">
                {kyat(row.kyat)} · {row.orders} orders
              </span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
