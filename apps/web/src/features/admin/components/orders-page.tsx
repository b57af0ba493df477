import { adminOrderStatuses } from '@shop/contracts/admin';
import { Link } from 'wouter';
import { useAdminOrders } from '../api/admin-api.ts';
import {
  FilterForm,
  ListBody,
  kyat,
  recipientText,
  statusText,
  useListFilters,
  when,
  type FilterField,
} from './admin-list.tsx';

const fields: FilterField[] = [
  { name: 'orderNumber', label: 'Order number' },
  { name: 'email', label: 'E-mail' },
  { name: 'phone', label: 'Account phone' },
  { name: 'recipient', label: 'Recipient number' },
  { name: 'status', label: 'Status', type: 'select', options: adminOrderStatuses },
  { name: 'from', label: 'From', type: 'date' },
  { name: 'to', label: 'To', type: 'date' },
];

/** Orders: search by number, e-mail, phone, recipient number, dates and status. */
export function OrdersPage() {
  const { filters, apply, goTo } = useListFilters();
  const query = useAdminOrders(filters);
  return (
    <>
      <h1>Orders</h1>
      <FilterForm fields={fields} onApply={apply} label="Search orders" />
      <ListBody query={query} empty="No orders match." onPage={goTo}>
        {(orders) => (
          <table className="admin-table" data-testid="admin-orders">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Customer</th>
                <th scope="col">Recipients</th>
                <th scope="col">Status</th>
                <th scope="col">Payment</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <td>
                    <Link href={`/orders/${order.id}`}>{order.orderNumber}</Link>
                  </td>
                  <td>{when(order.createdAt)}</td>
                  <td>{order.email ?? order.customer.email}</td>
                  <td>{order.recipients.map(recipientText).join(', ') || '—'}</td>
                  <td>{statusText(order.shownStatus)}</td>
                  <td>{statusText(order.paymentStatus)}</td>
                  <td>{kyat(order.totalMmk)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListBody>
    </>
  );
}
