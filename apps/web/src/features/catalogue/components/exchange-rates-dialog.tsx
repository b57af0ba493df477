import '../content/dialog-messages.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../catalogue-dialogs.css';
import { formatNumber } from '@shop/contracts/languages';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { CurrencyChoice, useExchangeRates } from '../../currency/index.ts';

const columns = ['currency', 'symbol', 'rate', 'status', 'baseCurrency', 'lastUpdated'] as const;

/**
 * Exchange-rates table (spec §2): currency, symbol, rate, status, base currency, last updated;
 * above it the buyer's "Show prices also in" choice (issue 31).
 */
export default function ExchangeRatesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const rates = useExchangeRates();
  return (
    <Dialog open onClose={onClose} title={t('catalogue.rates.title')} className="rates-dialog">
      {rates.isPending ? (
        <p role="status">{t('catalogue.common.loading')}</p>
      ) : rates.isError ? (
        <p role="alert">{t('catalogue.rates.failed')}</p>
      ) : rates.data.length === 0 ? (
        <p>{t('catalogue.rates.empty')}</p>
      ) : (
        <>
          <CurrencyChoice rates={rates.data} />
          {/* On a phone each rate is a small card (label: value), so the table fits a 390 px screen
          without scrolling sideways (issue 26); wider screens show the table. The roles keep the
          table's meaning for screen readers when a phone's CSS lays its rows out as blocks. */}
          <div className="rates-table-wrap">
            <table className="rates-table" role="table">
              <caption className="visually-hidden">{t('catalogue.rates.caption')}</caption>
              <thead role="rowgroup">
                <tr role="row">
                  {columns.map((column) => (
                    <th key={column} scope="col" role="columnheader">
                      {t(`catalogue.rates.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody role="rowgroup">
                {rates.data.map((rate) => (
                  <tr key={rate.currency} role="row">
                    <th scope="row" role="rowheader">
                      {rate.currency}
                    </th>
                    <td role="cell" data-label={t('catalogue.rates.symbol')}>
                      {rate.symbol}
                    </td>
                    <td role="cell" className="numeric" data-label={t('catalogue.rates.rate')}>
                      {formatNumber(rate.rate, language, { maximumFractionDigits: 4 })}
                    </td>
                    <td role="cell" data-label={t('catalogue.rates.status')}>
                      <span className={`badge badge--${rate.status}`}>
                        {t(`catalogue.rates.statuses.${rate.status}`)}
                      </span>
                    </td>
                    <td role="cell" data-label={t('catalogue.rates.baseCurrency')}>
                      {rate.baseCurrency}
                    </td>
                    <td role="cell" data-label={t('catalogue.rates.lastUpdated')}>
                      {formatDate(rate.lastUpdated, language, { withTime: true, style: 'medium' })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Dialog>
  );
}
