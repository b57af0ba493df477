import '../content/lazy-messages.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import '../catalogue-dialogs.css';
import { formatNumber } from '@shop/contracts/languages';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useExchangeRates } from '../api/exchange-rates.ts';

/** Exchange-rates table (spec §2): currency, symbol, rate, status, base currency, last updated. */
export default function ExchangeRatesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const rates = useExchangeRates();
  const captionId = useId();
  return (
    <Dialog open onClose={onClose} title={t('catalogue.rates.title')} className="rates-dialog">
      {rates.isPending ? (
        <p role="status">{t('catalogue.common.loading')}</p>
      ) : rates.isError ? (
        <p role="alert">{t('catalogue.rates.failed')}</p>
      ) : rates.data.length === 0 ? (
        <p>{t('catalogue.rates.empty')}</p>
      ) : (
        // Wider than a phone: the table scrolls sideways, so keyboard users can focus and scroll it
        // too (axe scrollable-region-focusable); the region is named by the table's caption.
        <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="rates-table">
            <caption id={captionId} className="visually-hidden">
              {t('catalogue.rates.caption')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('catalogue.rates.currency')}</th>
                <th scope="col">{t('catalogue.rates.symbol')}</th>
                <th scope="col">{t('catalogue.rates.rate')}</th>
                <th scope="col">{t('catalogue.rates.status')}</th>
                <th scope="col">{t('catalogue.rates.baseCurrency')}</th>
                <th scope="col">{t('catalogue.rates.lastUpdated')}</th>
              </tr>
            </thead>
            <tbody>
              {rates.data.map((rate) => (
                <tr key={rate.currency}>
                  <th scope="row">{rate.currency}</th>
                  <td>{rate.symbol}</td>
                  <td className="numeric">
                    {formatNumber(rate.rate, language, { maximumFractionDigits: 4 })}
                  </td>
                  <td>
                    <span className={`badge badge--${rate.status}`}>
                      {t(`catalogue.rates.statuses.${rate.status}`)}
                    </span>
                  </td>
                  <td>{rate.baseCurrency}</td>
                  <td>
                    {formatDate(rate.lastUpdated, language, { withTime: true, style: 'medium' })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  );
}
