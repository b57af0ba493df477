import type { AdminCustomer } from '@shop/contracts/admin';
import { Link } from 'wouter';
import { useAdminCustomers } from '../api/admin-api.ts';
import {
  FilterForm,
  kyat,
  recipientText,
  useListFilters,
  when,
  type FilterField,
} from './admin-list.tsx';
import { ListTable, type AdminColumn } from './admin-table.tsx';

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
  const { filters, apply, goTo } = useListFilters();
  const query = useAdminCustomers(filters);
  return (
    <>
      <h1>Customers</h1>
      <FilterForm fields={fields} onApply={apply} label="Search customers" />
      <ListTable
        query={query}
        empty="No customers match."
        onPage={goTo}
        testId="admin-customers"
        rowKey={(customer) => customer.id}
        columns={customerColumns}
      />
    </>
  );
}
