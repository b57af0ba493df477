import type { AdminMembership } from '@shop/contracts/admin';
import type { PaginationMeta } from '@shop/contracts/catalogue';
import { formatKyat } from '@shop/contracts/money';
import { cardExpiryDate } from '@shop/contracts/orders';
import { formatRecipientNumber } from '@shop/contracts/phone';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { formatCalendarDate, formatDate } from '../../../lib/dates.ts';
import { Button } from '../../../components/ui/button.tsx';
import type { ListFilters } from '../api/admin-api.ts';
import { AdminAlert } from './admin-alert.tsx';

/** Kyat and Yangon times as the back-office writes them (English). */
export const kyat = (amount: number) => formatKyat(amount, 'en');
export const when = (iso: string | null) =>
  iso ? formatDate(iso, 'en', { withTime: true, style: 'medium' }) : '—';

/** A status as people read it: "partly_delivered" → "Partly delivered" (issue 26). */
export const statusText = (status: string) => {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A recipient number as the shop writes it elsewhere: "959250000123" → "09 250 000 123". */
export const recipientText = (phone: string | null) => (phone ? formatRecipientNumber(phone) : '—');

/** A customer's tier as support reads it (issue 31): "Gold · priority service · 2% off". */
export const membershipText = ({ tier, prioritySupport, discountPercent }: AdminMembership) =>
  [
    statusText(tier),
    ...(prioritySupport ? ['priority service'] : []),
    ...(discountPercent > 0 ? [`${String(discountPercent)}% off`] : []),
  ].join(' · ');

/** A card's expiry: its calendar date, as imported (issue 26), never shifted by a time zone. */
export const expiryDay = (iso: string | null) =>
  iso ? formatCalendarDate(cardExpiryDate(iso), 'en', { style: 'medium' }) : '—';

export interface FilterField {
  name: string;
  label: string;
  type?: 'text' | 'date' | 'select';
  options?: readonly string[];
}

/** The filters of a list (applied together on submit) and the page shown. */
export function useListFilters(initial: ListFilters = {}) {
  const [filters, setFilters] = useState<ListFilters>({ ...initial, page: 1 });
  return {
    filters,
    apply: (values: Record<string, string>) => {
      setFilters({ ...values, page: 1 });
    },
    goTo: (page: number) => {
      setFilters((current) => ({ ...current, page }));
    },
  };
}

export function FilterForm({
  fields,
  onApply,
  label,
}: {
  fields: readonly FilterField[];
  onApply: (values: Record<string, string>) => void;
  label: string;
}) {
  const id = useId();
  const form = useForm<Record<string, string>>({
    defaultValues: Object.fromEntries(fields.map((f) => [f.name, ''])),
  });
  return (
    <form
      className="admin-filters"
      role="search"
      aria-label={label}
      onSubmit={(event) => void form.handleSubmit(onApply)(event)}
    >
      {fields.map((field) => (
        <div className="admin-filters__field" key={field.name}>
          <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
          {field.type === 'select' ? (
            <select id={`${id}-${field.name}`} className="ui-input" {...form.register(field.name)}>
              <option value="">Any</option>
              {field.options?.map((option) => (
                <option key={option} value={option}>
                  {statusText(option)}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={`${id}-${field.name}`}
              className="ui-input"
              type={field.type ?? 'text'}
              {...form.register(field.name)}
            />
          )}
        </div>
      ))}
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </form>
  );
}

/** Page n of m with Previous and Next. */
export function Pager({ meta, onPage }: { meta: PaginationMeta; onPage: (page: number) => void }) {
  return (
    <nav className="admin-pager" aria-label="Pages">
      <Button
        variant="ghost"
        disabled={meta.page <= 1}
        onClick={() => {
          onPage(meta.page - 1);
        }}
      >
        Previous
      </Button>
      <span>
        Page {meta.page} of {meta.totalPages} · {meta.total} in all
      </span>
      <Button
        variant="ghost"
        disabled={meta.page >= meta.totalPages}
        onClick={() => {
          onPage(meta.page + 1);
        }}
      >
        Next
      </Button>
    </nav>
  );
}

/**
 * What a page or list shows before its data is there: "Loading…" while it loads; once it failed,
 * the server's message, with the page's heading above it and a link back below where given.
 */
export function NotLoaded({
  query,
  fallback,
  heading,
  back,
}: {
  query: { error: unknown; isPending: boolean };
  fallback: string;
  heading?: string;
  back?: { href: string; text: string };
}) {
  if (query.isPending) return <p role="status">Loading…</p>;
  return (
    <>
      {heading ? <h1>{heading}</h1> : null}
      <AdminAlert error={query.error} fallback={fallback} />
      {back ? <Link href={back.href}>{back.text}</Link> : null}
    </>
  );
}

/** A list's states: loading, failed (the server's message), empty, or its table and pages. */
export function ListBody<T>({
  query,
  empty,
  children,
  onPage,
}: {
  query: {
    data?: { data: T[]; meta: PaginationMeta } | undefined;
    error: unknown;
    isPending: boolean;
    isFetching: boolean;
  };
  empty: string;
  children: (rows: T[]) => ReactNode;
  onPage: (page: number) => void;
}) {
  if (!query.data) return <NotLoaded query={query} fallback="The list could not be loaded." />;
  return (
    <div aria-busy={query.isFetching || undefined}>
      <AdminAlert error={query.error} fallback="The list could not be loaded." />
      {query.data.data.length === 0 ? (
        <p className="admin-empty">{empty}</p>
      ) : (
        children(query.data.data)
      )}
      <Pager meta={query.data.meta} onPage={onPage} />
    </div>
  );
}
