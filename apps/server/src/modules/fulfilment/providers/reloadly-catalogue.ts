import type {
  TopupCatalogueAmount,
  TopupCatalogueOperator,
} from '@shop/contracts/topup-provider-admin';
import { isRecord } from '../../../platform/json.ts';

/*
 * Reloadly's Myanmar catalogue (issue 28), from its published API description
 * (../shared/research/going-live.md §2.1, §6.1): GET /operators/countries/MM?includeBundles=true
 * &includeData=true&suggestedAmountsMap=true → an array of operators {operatorId, name, bundle,
 * data, pin, supportsLocalAmounts, denominationType FIXED|RANGE, senderCurrencyCode,
 * destinationCurrencyCode, minAmount, maxAmount, localMinAmount, localMaxAmount, fixedAmounts,
 * fixedAmountsDescriptions, localFixedAmounts, localFixedAmountsDescriptions, fx{rate,
 * currencyCode}, …}. Amounts without `local` are in the account's (sender) currency: the
 * wholesale cost; `local` ones are in the operator's (kyat); fx.rate is kyat per sender unit.
 */

export const RELOADLY_CATALOGUE_PATH =
  '/operators/countries/MM?includeBundles=true&includeData=true&suggestedAmountsMap=true';

const numberOr = (value: unknown, fallback: number | null): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
};

const numbersOf = (value: unknown): number[] =>
  Array.isArray(value)
    ? value.map((v) => numberOr(v, null)).filter((n): n is number => n !== null)
    : [];

/** A description keyed by its amount ("5.00", "5"): matched by value, not by spelling. */
function descriptionOf(descriptions: unknown, amount: number): string | null {
  if (!isRecord(descriptions)) return null;
  const found = Object.entries(descriptions).find(([key]) => Number(key) === amount);
  return found && typeof found[1] === 'string' ? found[1] : null;
}

/** The quoted FX: kyat per unit of the account's currency (`fx`, or `fxRate` as some describe it). */
function fxOf(operator: Record<string, unknown>): number | null {
  const fx = isRecord(operator.fx) ? operator.fx : isRecord(operator.fxRate) ? operator.fxRate : {};
  const rate = numberOr(fx.rate, null);
  return rate !== null && rate > 0 ? rate : null;
}

const roundCost = (cost: number) => Math.round(cost * 100) / 100;

/**
 * A FIXED operator's amounts: each cost with the kyat it delivers (the local list at the same
 * place when Reloadly gives one as long, else the cost at the quoted FX) and its description.
 */
function fixedAmountsOf(operator: Record<string, unknown>, fx: number | null) {
  const costs = numbersOf(operator.fixedAmounts);
  const locals = numbersOf(operator.localFixedAmounts);
  return costs.map((cost, index): TopupCatalogueAmount => {
    const local =
      locals.length === costs.length ? (locals[index] ?? null) : fx ? Math.round(cost * fx) : null;
    return {
      cost,
      localAmount: local,
      description:
        descriptionOf(operator.fixedAmountsDescriptions, cost) ??
        (local === null ? null : descriptionOf(operator.localFixedAmountsDescriptions, local)),
    };
  });
}

/** One operator as the back-office lists it, or null when it has no id or name. */
export function catalogueOperatorOf(value: unknown): TopupCatalogueOperator | null {
  if (!isRecord(value)) return null;
  const operatorId = numberOr(value.operatorId ?? value.id, null);
  if (operatorId === null || typeof value.name !== 'string') return null;
  const fx = fxOf(value);
  const fixed = value.denominationType === 'FIXED';
  return {
    operatorId,
    name: value.name,
    kind: value.data === true ? 'data' : value.bundle === true ? 'bundle' : 'airtime',
    denominationType: fixed ? 'FIXED' : 'RANGE',
    supportsLocalAmounts: value.supportsLocalAmounts === true,
    costCurrency: typeof value.senderCurrencyCode === 'string' ? value.senderCurrencyCode : null,
    localCurrency:
      typeof value.destinationCurrencyCode === 'string' ? value.destinationCurrencyCode : 'MMK',
    fxRate: fx,
    amounts: fixed ? fixedAmountsOf(value, fx) : [],
    range: fixed
      ? null
      : {
          minCost: numberOr(value.minAmount, null),
          maxCost: numberOr(value.maxAmount, null),
          localMin: numberOr(value.localMinAmount, null),
          localMax: numberOr(value.localMaxAmount, null),
        },
  };
}

/** The Myanmar operators of an answer (an array, or a page's `content`). */
export function catalogueOf(body: unknown): TopupCatalogueOperator[] {
  const rows = Array.isArray(body) ? body : isRecord(body) ? body.content : [];
  return (Array.isArray(rows) ? rows : [])
    .map(catalogueOperatorOf)
    .filter((o): o is TopupCatalogueOperator => o !== null);
}

/**
 * What `localAmount` kyat cost at an operator (in the account's currency): its fixed amount's
 * cost, or the kyat at its FX within its range; null when the operator does not offer it.
 */
export function costOf(operator: TopupCatalogueOperator, localAmount: number): number | null {
  if (operator.denominationType === 'FIXED')
    return operator.amounts.find((a) => a.localAmount === localAmount)?.cost ?? null;
  const { localMin, localMax } = operator.range ?? { localMin: null, localMax: null };
  const inRange =
    (localMin === null || localAmount >= localMin) &&
    (localMax === null || localAmount <= localMax);
  if (!inRange || !operator.fxRate) return null;
  return roundCost(localAmount / operator.fxRate);
}
