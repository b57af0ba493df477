import { adminOrderStatuses, type AdminOrder } from '@shop/contracts/admin';
import { Link } from 'wouter';
import { adminLists } from '../api/admin-api.ts';
import { kyat, recipientText, statusText, when, type FilterField } from './admin-list.tsx';
import { AdminList, type AdminColumn } from './admin-table.tsx';

const fields: FilterField[] = [
  { name: 'orderNumber', label: 'Order number' },
  { name: 'email', label: 'E-mail' },
  { name: 'phone', label: 'Account phone' },
  { name: 'recipient', label: 'Recipient number' },
  { name: 'status', label: 'Status', type: 'select', options: adminOrderStatuses },
  { name: 'from', label: 'From', type: 'date' },
  { name: 'to', label: 'To', type: 'date' },
];

/** An order's row: its number (linked), when, status, payment and total; who, where the list needs it. */
export const orderColumns = (withWho: boolean): AdminColumn<AdminOrder>[] => [
  {
    header: 'Order',
    cell: (order) => <Link href={`/orders/${order.id}`}>{order.orderNumber}</Link>,
  },
  { header: 'Placed', cell: (order) => when(order.createdAt) },
  ...(withWho ? whoColumns : []),
  { header: 'Status', cell: (order) => statusText(order.shownStatus) },
  { header: 'Payment', cell: (order) => statusText(order.paymentStatus) },
  { header: 'Total', cell: (order) => kyat(order.totalMmk) },
];

const whoColumns: AdminColumn<AdminOrder>[] = [
  { header: 'Customer', cell: (order) => order.email ?? order.customer.email },
  { header: 'Recipients', cell: (order) => order.recipients.map(recipientText).join(', ') || '—' },
];

/** Orders: search by number, e-mail, phone, recipient number, dates and status. */
export function OrdersPage() {
  return (
    <>
      <h1>Orders</h1>
      <AdminList
        source={adminLists.orders}
        search={{ label: 'Search orders', fields }}
        empty="No orders match."
        testId="admin-orders"
        rowKey={(order) => order.id}
        columns={orderColumns(true)}
      />
    </>
  );
}
