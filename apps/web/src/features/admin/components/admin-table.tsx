import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useAdminList, type AdminListSource, type ListFilters } from '../api/admin-api.ts';
import { FilterForm, ListBody, useListFilters, type FilterField } from './admin-list.tsx';

/** One column of a back-office table: its heading and what each row shows in it. */
export interface AdminColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** This column names the row: its cells are row headers (`<th scope="row">`). */
  rowHeader?: boolean;
  /** The heading is for screen readers only (an actions column). */
  hiddenHeader?: boolean;
  className?: string;
  /** The column's width class (a `<col>`): given on any column, the table gets a colgroup. */
  col?: string;
  /** A test id on each of the column's cells. */
  testId?: string;
  /** A cell's own id and tab stop (where the focus goes when the row's action is done). */
  cellAttributes?: (row: T) => { id: string; tabIndex: number };
}

/**
 * The back-office's table (issue 30: one scaffold instead of a copy per page): a heading per
 * column, a row per item, the naming column as row headers so a screen reader says whose row a
 * cell is in.
 */
export function AdminTable<T>({
  rows,
  columns,
  rowKey,
  testId,
  caption,
  className,
}: {
  rows: readonly T[];
  columns: readonly AdminColumn<T>[];
  rowKey: (row: T) => string;
  testId?: string;
  caption?: string;
  className?: string;
}) {
  return (
    <table className={className ? `admin-table ${className}` : 'admin-table'} data-testid={testId}>
      {caption ? <caption>{caption}</caption> : null}
      {columns.some((column) => column.col) ? (
        <colgroup>
          {columns.map((column) => (
            <col key={column.header} className={column.col} />
          ))}
        </colgroup>
      ) : null}
      <thead>
        <tr>
          {columns.map((column) => (
            <th scope="col" key={column.header}>
              {column.hiddenHeader ? (
                <span className="visually-hidden">{column.header}</span>
              ) : (
                column.header
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) =>
              column.rowHeader ? (
                <th
                  scope="row"
                  key={column.header}
                  className={column.className}
                  data-testid={column.testId}
                >
                  {column.cell(row)}
                </th>
              ) : (
                <td
                  key={column.header}
                  className={column.className}
                  data-testid={column.testId}
                  {...column.cellAttributes?.(row)}
                >
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The last column of a list: a button per row (or none where `shown` says so), its accessible name
 * saying whose row it acts on ("Edit MPT", "Cards of MPT 1,000").
 */
export function actionColumn<T>(
  text: string,
  label: (row: T) => string,
  onAct: (row: NoInfer<T>) => void,
  shown: (row: T) => boolean = () => true,
): AdminColumn<T> {
  return {
    header: 'Actions',
    hiddenHeader: true,
    cell: (row) =>
      shown(row) ? (
        <Button
          variant="secondary"
          aria-label={label(row)}
          onClick={() => {
            onAct(row);
          }}
        >
          {text}
        </Button>
      ) : null,
  };
}

/** The last column of an editable list: an Edit button named after the row. */
export const editColumn = <T,>(name: (row: T) => string, onEdit: (row: NoInfer<T>) => void) =>
  actionColumn<T>('Edit', (row) => `Edit ${name(row)}`, onEdit);

/** A list's states and pages (ListBody) around its table: what most back-office pages show. */
export function ListTable<T>({
  query,
  empty,
  onPage,
  ...table
}: {
  query: Parameters<typeof ListBody<T>>[0]['query'];
  empty: string;
  onPage: (page: number) => void;
} & Omit<Parameters<typeof AdminTable<T>>[0], 'rows'>) {
  return (
    <ListBody query={query} empty={empty} onPage={onPage}>
      {(rows) => <AdminTable {...table} rows={rows} />}
    </ListBody>
  );
}

/**
 * A list whose rows an admin edits: its states and pages (ListBody), the table with an Edit button
 * per row, and the row's edit dialog while it is open.
 */
export function EditableList<T>({
  query,
  empty,
  onPage,
  testId,
  rowKey,
  columns,
  name,
  editor,
}: {
  query: Parameters<typeof ListBody<T>>[0]['query'];
  empty: string;
  onPage: (page: number) => void;
  testId: string;
  rowKey: (row: T) => string;
  columns: readonly AdminColumn<T>[];
  /** The row's name, as its Edit button says it. */
  name: (row: T) => string;
  /** The dialog that edits a row; it calls `onClose` when saved or dismissed. */
  editor: (row: T, onClose: () => void) => ReactNode;
}) {
  const [editing, setEditing] = useState<{ row: T } | null>(null);
  const edit = (row: T) => {
    setEditing({ row });
  };
  return (
    <>
      <ListTable
        query={query}
        empty={empty}
        onPage={onPage}
        testId={testId}
        rowKey={rowKey}
        columns={[...columns, editColumn(name, edit)]}
      />
      {editing
        ? editor(editing.row, () => {
            setEditing(null);
          })
        : null}
    </>
  );
}

/**
 * A list page's list (issue 30: the scaffold each list page wrote out): its filters, applied
 * together on submit, when `search` names them; its rows from `source`, page by page, in a table;
 * with an Edit button per row and the row's dialog when `edit` is given.
 */
export function AdminList<T>({
  source,
  initial,
  search,
  edit,
  ...table
}: {
  source: AdminListSource<T>;
  /** Filters sent with every page (`limit`). */
  initial?: ListFilters;
  search?: { label: string; fields: readonly FilterField[] };
  edit?: Pick<Parameters<typeof EditableList<T>>[0], 'name' | 'editor'>;
  empty: string;
  testId: string;
  rowKey: (row: T) => string;
  columns: readonly AdminColumn<T>[];
  className?: string;
}) {
  const { filters, apply, goTo } = useListFilters(initial);
  const query = useAdminList(source, filters);
  return (
    <>
      {search ? <FilterForm fields={search.fields} onApply={apply} label={search.label} /> : null}
      {edit ? (
        <EditableList query={query} onPage={goTo} {...table} {...edit} />
      ) : (
        <ListTable query={query} onPage={goTo} {...table} />
      )}
    </>
  );
}

/** A bilingual name as the lists show it: English, and the Burmese below it. */
export function BilingualName({ text }: { text: { en: string; my: string } }) {
  return (
    <>
      {text.en}
      <span className="admin-sub" lang="my">
        {text.my}
      </span>
    </>
  );
}
