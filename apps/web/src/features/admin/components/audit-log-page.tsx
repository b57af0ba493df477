import type { AuditEntry } from '@shop/contracts/admin';
import { adminLists } from '../api/admin-api.ts';
import { when, type FilterField } from './admin-list.tsx';
import { AdminList, type AdminColumn } from './admin-table.tsx';

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

const auditColumns: AdminColumn<AuditEntry>[] = [
  { header: 'When', col: 'admin-col--when', cell: (entry) => when(entry.createdAt) },
  { header: 'Who', col: 'admin-col--who', cell: (entry) => entry.actorEmail },
  { header: 'Action', col: 'admin-col--action', cell: (entry) => entry.action },
  {
    header: 'Target',
    col: 'admin-col--target',
    cell: (entry) => (
      <>
        {entry.targetType} <span className="admin-sub">{entry.targetId}</span>
      </>
    ),
  },
  { header: 'Before and after', cell: (entry) => <Changes entry={entry} /> },
  { header: 'Address', col: 'admin-col--address', cell: (entry) => entry.address },
];

/** The append-only audit log: every staff write, who, what, before and after, when, from where. */
export function AuditLogPage() {
  return (
    <>
      <h1>Audit log</h1>
      <AdminList
        source={adminLists.auditLog}
        search={{ label: 'Filter the audit log', fields }}
        empty="No entries match."
        className="admin-table--audit"
        testId="audit-log"
        rowKey={(entry) => String(entry.id)}
        columns={auditColumns}
      />
    </>
  );
}
