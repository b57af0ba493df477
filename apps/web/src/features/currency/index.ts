/**
 * What other features may use of the buyer's currency (issue 31): the exchange rates (one query),
 * the "Show prices also in" choice, and the approximate amount and rate note beside kyat. Display
 * only: every payment stays in kyat. Side-effect free (apps/web/package.json): an importer keeps
 * only what it uses, and the rates' call loads with their first fetch.
 */
export { exchangeRatesQuery, useExchangeRates } from './api/exchange-rates-query.ts';
export { ApproxPrice } from './components/approx-price.tsx';
export { CurrencyChoice } from './components/currency-choice.tsx';
export { RateNote } from './components/rate-note.tsx';
