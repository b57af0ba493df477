import type { AdminCustomer } from '@shop/contracts/admin';
import { Link } from 'wouter';
import { adminLists } from '../api/admin-api.ts';
import { kyat, recipientText, when, type FilterField } from './admin-list.tsx';
import { AdminList, type AdminColumn } from './admin-table.tsx';

const fields: FilterField[] = [{ name: 'q', label: 'Name, e-mail or phone' }];

const customerColumns: AdminColumn<AdminCustomer>[] = [
  {
    header: 'Name',
    rowHeader: true,
    cell: (customer) => (
      <>
        <Link href={`/customers/${customer.id}`}>{customer.name}</Link>
        {customer.blocked ? <span className="admin-sub">Blocked</span> : null}
      </>
    ),
  },
  {
    header: 'E-mail',
    cell: (customer) => `${customer.email}${customer.emailVerified ? '' : ' (unverified)'}`,
  },
  {
    header: 'Phone',
    cell: (customer) =>
      `${recipientText(customer.phoneNumber)}${customer.phoneVerified ? '' : ' (unverified)'}`,
  },
  { header: 'Role', cell: (customer) => customer.role },
  { header: 'Orders', cell: (customer) => customer.orderCount },
  { header: 'Spent', cell: (customer) => kyat(customer.spentMmk) },
  { header: 'Joined', cell: (customer) => when(customer.createdAt) },
];

/** Customers: search, with their orders and spending. */
export function CustomersPage() {
  return (
    <>
      <h1>Customers</h1>
      <AdminList
        source={adminLists.customers}
        search={{ label: 'Search customers', fields }}
        empty="No customers match."
        testId="admin-customers"
        rowKey={(customer) => customer.id}
        columns={customerColumns}
      />
    </>
  );
}
