import {
  topupBalanceResponseSchema,
  type TopupBalance,
} from '@shop/contracts/topup-provider-admin';
import { useQuery } from '@tanstack/react-query';
import { adminCall } from '../api/admin-api.ts';

/** The aggregator's prepaid balance (issue 28; admins only), read at most every 30 s by the server. */
export const useTopupBalance = () =>
  useQuery({
    queryKey: ['admin', 'topup-balance'],
    queryFn: ({ signal }) =>
      adminCall('/topup-provider/balance', topupBalanceResponseSchema, { signal }),
    retry: false,
  });

const money = (amount: number, currency: string | null) =>
  `${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${currency ?? ''}`.trim();

function BalanceFigure({ balance }: { balance: TopupBalance }) {
  if (!balance.hasBalance) return <p>The {balance.provider} top-up provider keeps no balance.</p>;
  return (
    <>
      <p className="admin-card__figure">
        {balance.amount === null ? '—' : money(balance.amount, balance.currencyCode)}
      </p>
      {balance.low ? (
        <p role="alert">
          Below {money(balance.lowThreshold ?? 0, balance.currencyCode)}: fund the account at{' '}
          {balance.provider}.
        </p>
      ) : null}
      {balance.lowThreshold !== null && !balance.low ? (
        <p>The owner is e-mailed below {money(balance.lowThreshold, balance.currencyCode)}.</p>
      ) : null}
      {balance.problem ? <p>Not read just now: {balance.problem}</p> : null}
    </>
  );
}

/** Dashboard card: the balance at the top-up aggregator, in its own currency. */
export function TopupBalanceCard() {
  const query = useTopupBalance();
  return (
    <div className="admin-card" data-testid="topup-balance">
      <h3>Top-up balance</h3>
      {query.isPending ? <p role="status">Loading…</p> : null}
      {query.data ? <BalanceFigure balance={query.data.data} /> : null}
      {query.isError ? <p>The balance could not be loaded.</p> : null}
    </div>
  );
}
