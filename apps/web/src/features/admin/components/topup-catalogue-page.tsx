import {
  topupCatalogueResponseSchema,
  type TopupCatalogueOperator,
} from '@shop/contracts/topup-provider-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { adminCall } from '../api/admin-api.ts';
import { AdminAlert } from './admin-alert.tsx';
import { TopupMappingsSection } from './topup-mappings.tsx';

const catalogueKey = ['admin', 'topup-catalogue'] as const;

const useTopupCatalogue = () =>
  useQuery({
    queryKey: catalogueKey,
    queryFn: ({ signal }) =>
      adminCall('/topup-provider/catalogue', topupCatalogueResponseSchema, { signal }),
    retry: false,
  });

const figure = (n: number | null, digits = 0) =>
  n === null ? '—' : n.toLocaleString('en-US', { maximumFractionDigits: digits });

const kindLabel = { airtime: 'Airtime', data: 'Data', bundle: 'Bundle' } as const;

/** One row per amount (FIXED) or one for the range (RANGE). */
function OperatorRows({ operator }: { operator: TopupCatalogueOperator }) {
  const currency = operator.costCurrency ?? '';
  const head = (
    <th scope="row">
      {operator.name}
      <span className="admin-sub">
        {kindLabel[operator.kind]} · id {operator.operatorId}
        {operator.supportsLocalAmounts ? '' : ' · no kyat amounts (not sold by the shop)'}
      </span>
    </th>
  );
  const fx = <td>{operator.fxRate === null ? '—' : `${figure(operator.fxRate, 4)} K`}</td>;
  if (operator.range)
    return (
      <tr>
        {head}
        <td>
          {figure(operator.range.localMin)}–{figure(operator.range.localMax)}{' '}
          {operator.localCurrency}
        </td>
        <td>
          {figure(operator.range.minCost, 2)}–{figure(operator.range.maxCost, 2)} {currency}
        </td>
        {fx}
      </tr>
    );
  return (
    <>
      {operator.amounts.map((amount, index) => (
        <tr key={`${String(amount.cost)}-${String(index)}`}>
          {index === 0 ? head : <td />}
          <td>
            {figure(amount.localAmount)} {operator.localCurrency}
            {amount.description ? <span className="admin-sub">{amount.description}</span> : null}
          </td>
          <td>
            {figure(amount.cost, 2)} {currency}
          </td>
          {fx}
        </tr>
      ))}
    </>
  );
}

/**
 * The aggregator's Myanmar catalogue (issue 28; admins): operators, amounts and bundles with the
 * wholesale cost in the aggregator's currency and the FX it quotes. Read again on request.
 */
export function TopupCataloguePage() {
  const query = useTopupCatalogue();
  const client = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const [refreshError, setRefreshError] = useState<unknown>(null);
  const refresh = async () => {
    setRefreshing(true);
    setRefreshError(null);
    try {
      const fresh = await adminCall(
        '/topup-provider/catalogue?refresh=true',
        topupCatalogueResponseSchema,
      );
      client.setQueryData(catalogueKey, fresh);
    } catch (error) {
      setRefreshError(error);
    } finally {
      setRefreshing(false);
    }
  };
  const data = query.data?.data;
  return (
    <>
      <h1>Aggregator catalogue</h1>
      <p className="admin-note">
        What the top-up aggregator offers in Myanmar: each operator&apos;s kyat amounts or data
        bundles, what one costs the shop in the aggregator&apos;s currency, and the exchange rate it
        quotes (kyat per unit).
      </p>
      {query.isPending ? <p role="status">Loading…</p> : null}
      <AdminAlert error={query.error ?? refreshError} fallback="The catalogue could not be read." />
      {data && !data.hasCatalogue ? (
        <p className="admin-empty">
          The {data.provider} top-up provider has no catalogue (TOPUP_PROVIDER=reloadly has one).
        </p>
      ) : null}
      {data?.hasCatalogue ? (
        <>
          <p>
            Read {data.refreshedAt ? new Date(data.refreshedAt).toLocaleString('en-GB') : '—'}.{' '}
            <Button
              type="button"
              variant="secondary"
              busy={refreshing}
              busyLabel="Reading…"
              onClick={() => void refresh()}
            >
              Read again
            </Button>
          </p>
          <table className="admin-table" data-testid="topup-catalogue">
            <thead>
              <tr>
                <th scope="col">Operator</th>
                <th scope="col">Amount</th>
                <th scope="col">Cost</th>
                <th scope="col">FX quoted</th>
              </tr>
            </thead>
            <tbody>
              {data.operators.map((operator) => (
                <OperatorRows key={operator.operatorId} operator={operator} />
              ))}
            </tbody>
          </table>
          <TopupMappingsSection operators={data.operators} />
        </>
      ) : null}
    </>
  );
}
