import '../content/lazy-messages.ts';
import { useTranslation } from 'react-i18next';
import '../catalogue-dialogs.css';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useExchangeRates } from '../api/exchange-rates.ts';

/** Exchange-rates table (spec §2): currency, symbol, rate, status, base currency, last updated. */
export default function ExchangeRatesDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const rates = useExchangeRates();
  const locale = i18n.resolvedLanguage === 'my' ? 'my-MM' : 'en-GB';
  const dateFormat = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Yangon',
  });
  const rateFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });
  return (
    <Dialog open onClose={onClose} title={t('catalogue.rates.title')} className="rates-dialog">
      {rates.isPending ? (
        <p role="status">{t('catalogue.common.loading')}</p>
      ) : rates.isError ? (
        <p role="alert">{t('catalogue.rates.failed')}</p>
      ) : rates.data.length === 0 ? (
        <p>{t('catalogue.rates.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table className="rates-table">
            <caption className="visually-hidden">{t('catalogue.rates.caption')}</caption>
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
                  <td className="numeric">{rateFormat.format(rate.rate)}</td>
                  <td>
                    <span className={`badge badge--${rate.status}`}>
                      {t(`catalogue.rates.statuses.${rate.status}`)}
                    </span>
                  </td>
                  <td>{rate.baseCurrency}</td>
                  <td>{dateFormat.format(new Date(rate.lastUpdated))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  );
}
