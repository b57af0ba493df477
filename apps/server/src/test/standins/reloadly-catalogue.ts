/*
 * The Reloadly stand-in's Myanmar catalogue (issue 28), in the documented shape of
 * GET /operators/countries/MM (../shared/research/going-live.md §2.1): a USD account; MPT and
 * ATOM airtime by any kyat amount in a range, Mytel airtime in fixed amounts, an MPT data
 * operator with fixed bundles. fx.rate is kyat per US dollar. Tests change it (stand.catalogue)
 * to take an amount or an operator away.
 */

const FX = { rate: 2100, currencyCode: 'MMK' };

const common = {
  pin: false,
  supportsLocalAmounts: true,
  senderCurrencyCode: 'USD',
  senderCurrencySymbol: '$',
  destinationCurrencyCode: 'MMK',
  destinationCurrencySymbol: 'K',
  commission: 0,
  internationalDiscount: 0,
  localDiscount: 0,
  country: { isoName: 'MM', name: 'Myanmar' },
  fx: FX,
  logoUrls: [],
  suggestedAmounts: [],
  suggestedAmountsMap: {},
};

/** What every operator of the catalogue says of itself, whichever way it is priced. */
const operator = (operatorId: number, name: string, data: boolean) => ({
  ...common,
  id: operatorId,
  operatorId,
  name,
  bundle: false,
  data,
});

function rangeOperator(operatorId: number, name: string, localMin: number, localMax: number) {
  return {
    ...operator(operatorId, name, false),
    denominationType: 'RANGE',
    minAmount: Math.round((localMin / FX.rate) * 100) / 100,
    maxAmount: Math.round((localMax / FX.rate) * 100) / 100,
    localMinAmount: localMin,
    localMaxAmount: localMax,
    // No fixed amounts.
    fixedAmounts: [],
    fixedAmountsDescriptions: {},
    localFixedAmounts: [],
    localFixedAmountsDescriptions: {},
  };
}

function fixedOperator(
  operatorId: number,
  name: string,
  data: boolean,
  amounts: { cost: number; local: number; description?: string }[],
) {
  const describe = (key: (a: (typeof amounts)[number]) => number) =>
    Object.fromEntries(
      amounts.filter((a) => a.description).map((a) => [key(a).toFixed(2), a.description]),
    );
  return {
    ...operator(operatorId, name, data),
    denominationType: 'FIXED',
    // No range.
    minAmount: null,
    maxAmount: null,
    localMinAmount: null,
    localMaxAmount: null,
    fixedAmounts: amounts.map((a) => a.cost),
    fixedAmountsDescriptions: describe((a) => a.cost),
    localFixedAmounts: amounts.map((a) => a.local),
    localFixedAmountsDescriptions: describe((a) => a.local),
  };
}

/** A fresh copy (tests edit theirs). */
export function defaultReloadlyCatalogue(): Record<string, unknown>[] {
  return [
    rangeOperator(1001, 'MPT Myanmar', 1000, 50_000),
    rangeOperator(1003, 'ATOM Myanmar', 1000, 50_000),
    fixedOperator(1004, 'Mytel Myanmar', false, [
      { cost: 0.48, local: 1000 },
      { cost: 1.43, local: 3000 },
      { cost: 4.76, local: 10_000 },
    ]),
    fixedOperator(1101, 'MPT Myanmar Data', true, [
      { cost: 1.9, local: 4000, description: '1.5 GB, 30 days' },
      { cost: 4.3, local: 9000, description: '5 GB, 30 days' },
    ]),
  ];
}
