import { adminProductListResponseSchema } from '@shop/contracts/admin';
import {
  topupMappingListResponseSchema,
  topupMappingResponseSchema,
  type TopupCatalogueOperator,
  type TopupMapping,
} from '@shop/contracts/topup-provider-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { adminCall } from '../api/admin-api.ts';
import { getStaffSession } from '../api/staff-session.ts';
import { AdminAlert } from './admin-alert.tsx';
import { kyat } from './admin-list.tsx';
import { AdminTable, type AdminColumn } from './admin-table.tsx';

const mappingsKey = ['admin', 'topup-mappings'] as const;

/** The products mapped to the aggregator (admins; the simulator has none: a 404, shown as none). */
export const useTopupMappings = () =>
  useQuery({
    queryKey: mappingsKey,
    queryFn: ({ signal }) =>
      adminCall('/topup-provider/mappings', topupMappingListResponseSchema, { signal }),
    enabled: getStaffSession()?.staff.role === 'admin',
    retry: false,
  });

/** The products page's margin cell: price less the aggregator's cost at its quoted FX. */
export function MarginCell({ productId }: { productId: string }) {
  const mapping = useTopupMappings().data?.data.find((m) => m.productId === productId);
  if (!mapping) return <>—</>;
  return (
    <>
      {kyat(mapping.marginMmk)}
      <span className="admin-sub">
        cost {mapping.cost} {mapping.costCurrency} × {mapping.fxRate} = {kyat(mapping.costMmk)}
        {mapping.offered ? '' : ' · not sold: no longer offered by the aggregator'}
      </span>
    </>
  );
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/** The id of the product with exactly this SKU (any case), found by the products list's search. */
async function productIdOfSku(sku: string): Promise<string> {
  const found = await adminCall(
    `/products?q=${encodeURIComponent(sku)}`,
    adminProductListResponseSchema,
  );
  const product = found.data.find((p) => p.sku.toLowerCase() === sku.toLowerCase());
  if (!product) throw new Error(`No product has the SKU ${sku}.`);
  return product.id;
}

/** Every amount of the catalogue a product can be mapped to, as "operator id:kyat". */
function amountChoices(operators: TopupCatalogueOperator[]) {
  return operators
    .filter((o) => o.supportsLocalAmounts)
    .flatMap((o) =>
      o.amounts
        .filter((a) => a.localAmount !== null)
        .map((a) => ({
          value: `${String(o.operatorId)}:${String(a.localAmount)}`,
          label: `${o.name}: ${String(a.localAmount)} ${o.localCurrency}${a.description ? ` (${a.description})` : ''}`,
        })),
    );
}

/** The mapped products with their margins, and a form mapping a product to an amount. */
export function TopupMappingsSection({ operators }: { operators: TopupCatalogueOperator[] }) {
  const query = useTopupMappings();
  const client = useQueryClient();
  const ids = { product: useId(), amount: useId(), range: useId() };
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (form: FormData) => {
    const [operator = '', fixed = ''] = field(form, 'amount').split(':');
    const localAmount = Number(field(form, 'rangeAmount') || fixed);
    setBusy(true);
    setError(null);
    try {
      const productId = await productIdOfSku(field(form, 'sku'));
      await adminCall(
        `/topup-provider/mappings/${encodeURIComponent(productId)}`,
        topupMappingResponseSchema,
        { method: 'PUT', body: { operatorId: Number(operator), localAmount } },
      );
      await client.invalidateQueries({ queryKey: mappingsKey });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const rangeOperators = operators.filter((o) => o.range && o.supportsLocalAmounts);
  return (
    <section aria-labelledby="mappings-title">
      <h2 id="mappings-title">Mapped products</h2>
      <MappingsTable mappings={query.data?.data ?? []} />
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit(new FormData(event.currentTarget));
        }}
      >
        <h3>Map a product</h3>
        <label htmlFor={ids.product}>SKU of a top-up or data product</label>
        <input id={ids.product} name="sku" required />
        <label htmlFor={ids.amount}>Amount</label>
        <select id={ids.amount} name="amount" required>
          {amountChoices(operators).map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
          {rangeOperators.map((o) => (
            <option key={o.operatorId} value={`${String(o.operatorId)}:`}>
              {o.name}: any amount in its range (below)
            </option>
          ))}
        </select>
        <label htmlFor={ids.range}>Kyat, for an operator with a range</label>
        <input id={ids.range} name="rangeAmount" inputMode="numeric" />
        <AdminAlert
          error={error}
          fallback="The product could not be mapped: check the SKU (a top-up or data product) and the amount."
        />
        <Button type="submit" busy={busy} busyLabel="Mapping…">
          Map
        </Button>
      </form>
    </section>
  );
}

const mappingColumns: AdminColumn<TopupMapping>[] = [
  {
    header: 'Product',
    rowHeader: true,
    cell: (m) => (
      <>
        {m.name}
        <span className="admin-sub">{m.sku}</span>
      </>
    ),
  },
  { header: 'Operator and amount', cell: (m) => `${m.operatorName}: ${kyat(m.localAmount)}` },
  { header: 'Price', cell: (m) => kyat(m.priceMmk) },
  {
    header: 'Cost',
    cell: (m) => `${m.cost} ${m.costCurrency} × ${m.fxRate} = ${kyat(m.costMmk)}`,
  },
  { header: 'Margin', cell: (m) => kyat(m.marginMmk) },
  { header: 'Sold', cell: (m) => (m.offered ? 'Yes' : 'No: no longer offered by the aggregator') },
];

function MappingsTable({ mappings }: { mappings: TopupMapping[] }) {
  if (mappings.length === 0) return <p className="admin-empty">No product is mapped yet.</p>;
  return (
    <AdminTable
      testId="topup-mappings"
      rows={mappings}
      rowKey={(m) => m.productId}
      columns={mappingColumns}
    />
  );
}
