import type { AuditEntry } from '@shop/contracts/admin';
import { useAuditLog } from '../api/admin-api.ts';
import { FilterForm, ListBody, useListFilters, when, type FilterField } from './admin-list.tsx';

const fields: FilterField[] = [
  { name: 'actor', label: 'Staff e-mail' },
  { name: 'action', label: 'Action' },
  { name: 'from', label: 'From', type: 'date' },
  { name: 'to', label: 'To', type: 'date' },
];

type Fields = Record<string, unknown>;
const asFields = (value: unknown): Fields | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : null;
const shown = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

/**
 * The fields an entry changed, with their values before and after: only those that differ when
 * both sides are records (a creation lists what was made, a removal what was there).
 */
function changesOf(entry: AuditEntry): { name: string; before: unknown; after: unknown }[] {
  const before = asFields(entry.before);
  const after = asFields(entry.after);
  if (!before && !after) {
    if (entry.before === null && entry.after === null) return [];
    return [{ name: 'value', before: entry.before ?? undefined, after: entry.after ?? undefined }];
  }
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return names
    .map((name) => ({ name, before: before?.[name], after: after?.[name] }))
    .filter((c) => !before || !after || JSON.stringify(c.before) !== JSON.stringify(c.after));
}

/** What the entry changed, folded (issue 26): the field names in one line, the values on demand. */
function Changes({ entry }: { entry: AuditEntry }) {
  const changes = changesOf(entry);
  if (changes.length === 0) return <>—</>;
  const verb = entry.before === null ? 'Set' : entry.after === null ? 'Removed' : 'Changed';
  const names = changes.map((c) => c.name);
  const listed =
    names.length > 4
      ? `${names.slice(0, 4).join(', ')} and ${String(names.length - 4)} more`
      : names.join(', ');
  return (
    <details className="admin-changes">
      <summary>
        {verb}: {listed}
      </summary>
      <table className="admin-diff">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.name}>
              <th scope="row">{c.name}</th>
              <td>{shown(c.before)}</td>
              <td>{shown(c.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
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
          <table className="admin-table admin-table--audit" data-testid="audit-log">
            <colgroup>
              <col className="admin-col--when" />
              <col className="admin-col--who" />
              <col className="admin-col--action" />
              <col className="admin-col--target" />
              <col />
              <col className="admin-col--address" />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Target</th>
                <th scope="col">Before and after</th>
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
                    {entry.targetType} <span className="admin-sub">{entry.targetId}</span>
                  </td>
                  <td>
                    <Changes entry={entry} />
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
