import { Link } from 'wouter';
import { useAdminCustomers } from '../api/admin-api.ts';
import {
  FilterForm,
  ListBody,
  kyat,
  recipientText,
  useListFilters,
  when,
  type FilterField,
} from './admin-list.tsx';

const fields: FilterField[] = [{ name: 'q', label: 'Name, e-mail or phone' }];

/** Customers: search, with their orders and spending. */
export function CustomersPage() {
  const { filters, apply, goTo } = useListFilters();
  const query = useAdminCustomers(filters);
  return (
    <>
      <h1>Customers</h1>
      <FilterForm fields={fields} onApply={apply} label="Search customers" />
      <ListBody query={query} empty="No customers match." onPage={goTo}>
        {(customers) => (
          <table className="admin-table" data-testid="admin-customers">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Phone</th>
                <th scope="col">Role</th>
                <th scope="col">Orders</th>
                <th scope="col">Spent</th>
                <th scope="col">Joined</th>
              </tr>
            </thead>
            <tbody>
              {customers.map((customer) => (
                <tr key={customer.id}>
                  <th scope="row">
                    <Link href={`/customers/${customer.id}`}>{customer.name}</Link>
                    {customer.blocked ? <span className="admin-sub">Blocked</span> : null}
                  </th>
                  <td>
                    {customer.email}
                    {customer.emailVerified ? '' : ' (unverified)'}
                  </td>
                  <td>
                    {recipientText(customer.phoneNumber)}
                    {customer.phoneVerified ? '' : ' (unverified)'}
                  </td>
                  <td>{customer.role}</td>
                  <td>{customer.orderCount}</td>
                  <td>{kyat(customer.spentMmk)}</td>
                  <td>{when(customer.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListBody>
    </>
  );
}
