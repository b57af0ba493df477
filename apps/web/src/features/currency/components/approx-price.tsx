import { lazy, Suspense } from 'react';
import { useBuyerCurrency } from '../buyer-currency-setting.ts';

const ApproxAmount = lazy(() => import('./approx-amount.tsx'));

/**
 * Beside a kyat price: its approximate amount in the buyer's chosen currency, or nothing for kyat
 * only (the default). What shows it, the rates and their call load only once a currency is chosen,
 * so the pages a first visit lands on carry just this and the choice's store (issue 31).
 * Client-only: the server's HTML and the hydrating render have no choice (buyer-currency-setting).
 */
export function ApproxPrice({ kyat }: { kyat: number }) {
  const currency = useBuyerCurrency();
  if (currency === null) return null;
  return (
    <Suspense fallback={null}>
      <ApproxAmount kyat={kyat} />
    </Suspense>
  );
}
