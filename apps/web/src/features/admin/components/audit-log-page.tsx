import { useAuditLog } from '../api/admin-api.ts';
import { FilterForm, ListBody, useListFilters, when, type FilterField } from './admin-list.tsx';

const fields: FilterField[] = [
  { name: 'actor', label: 'Staff e-mail' },
  { name: 'action', label: 'Action' },
  { name: 'from', label: 'From', type: 'date' },
  { name: 'to', label: 'To', type: 'date' },
];

/** A record's fields, one "name: value" line each. */
function Fields({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <>—</>;
  if (typeof value !== 'object') return <>{JSON.stringify(value)}</>;
  return (
    <ul className="admin-fields">
      {Object.entries(value).map(([name, field]) => (
        <li key={name}>
          {name}: {JSON.stringify(field)}
        </li>
      ))}
    </ul>
  );
}

/** The append-only audit log: every staff write, who, what, before and after, when, from where. */
export function AuditLogPage() {
  const { filters, apply, goTo } = useListFilters();
  const query = useAuditLog(filters);
  return (
    <>
      <h1>Audit log</h1>
      <FilterForm fields={fields} onApply={apply} label="Filter the audit log" />
      <ListBody query={query} empty="No entries match." onPage={goTo}>
        {(entries) => (
          <table className="admin-table" data-testid="audit-log">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Target</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
                <th scope="col">Address</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{when(entry.createdAt)}</td>
                  <td>{entry.actorEmail}</td>
                  <td>{entry.action}</td>
                  <td>
                    {entry.targetType} {entry.targetId}
                  </td>
                  <td className="admin-json">
                    <Fields value={entry.before} />
                  </td>
                  <td className="admin-json">
                    <Fields value={entry.after} />
                  </td>
                  <td>{entry.address}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListBody>
    </>
  );
}
