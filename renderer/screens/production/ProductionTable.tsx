// The production table: each operator's months with figures and its total, then every operator together. Revenue is
// shown per sold currency and in the hotel's currency where every sold currency has a rate.
import { useTranslation } from 'react-i18next';
import type { ProductionFigures, ProductionView } from '../../../shared/domain';
import { currentLanguage } from '../../i18n';
import { formatCount, formatMoney, formatMonth } from '../../i18n/format';
import { waitText } from './wait-text';

const hasFigures = (f: ProductionFigures): boolean =>
  f.arrivals > 0 || f.roomNights > 0 || f.revenue.length > 0;

interface Props {
  view: ProductionView;
}

export function ProductionTable({ view }: Props) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const count = (n: number) => formatCount(n, lng);
  const currency = view.rates.hotelCurrency;

  const row = (label: string, f: ProductionFigures, total: boolean, key: string) => (
    <tr key={key} className={total ? 'production-total' : undefined}>
      <th scope="row">{label}</th>
      <td>{count(f.arrivals)}</td>
      <td>{count(f.guests)}</td>
      <td>{count(f.roomNights)}</td>
      <td>{count(f.guestNights)}</td>
      <td className="money">
        {f.revenue.map((r) => (
          <span key={r.currency}>{formatMoney(r.amount, r.currency, lng)}</span>
        ))}
      </td>
      <td className="money">
        {f.hotelRevenue !== null ? (
          formatMoney(f.hotelRevenue, currency, lng)
        ) : (
          <span className="muted">{t('production.noRate', { currencies: f.missingRates.join(', ') })}</span>
        )}
      </td>
      <td>{f.medianWaitMinutes === null ? '–' : waitText(f.medianWaitMinutes, t)}</td>
    </tr>
  );

  const group = (name: string, months: ProductionFigures[], total: ProductionFigures, key: string) => (
    <tbody key={key} data-operator={name}>
      <tr className="production-operator">
        <th colSpan={8} scope="rowgroup">
          {name}
        </th>
      </tr>
      {months.map((f, i) =>
        hasFigures(f)
          ? row(formatMonth(view.months[i] ?? '', lng), f, false, view.months[i] ?? String(i))
          : null,
      )}
      {row(t('production.total'), total, true, 'total')}
    </tbody>
  );

  return (
    <div
      className="office-scroll production-scroll"
      tabIndex={0}
      role="region"
      aria-label={t('production.title')}
    >
      <table className="office-table production-table" data-testid="production-table">
        <thead>
          <tr>
            <th scope="col">{t('production.month')}</th>
            <th scope="col">{t('production.arrivals')}</th>
            <th scope="col">{t('production.guests')}</th>
            <th scope="col">{t('production.roomNights')}</th>
            <th scope="col">{t('production.guestNights')}</th>
            <th scope="col">{t('production.revenue')}</th>
            <th scope="col">
              {currency ? t('production.hotelRevenue', { currency }) : t('production.hotelRevenueNone')}
            </th>
            <th scope="col">{t('production.wait')}</th>
          </tr>
        </thead>
        {view.operators.map((o) => group(o.agencyName, o.months, o.total, o.agencyId))}
        {view.operators.length > 1 &&
          group(t('production.allOperators'), view.monthTotals, view.total, '\u0000all')}
      </table>
    </div>
  );
}
