// The Production screen: each tour operator's answered reservations per month (nights, guests, revenue in the sold
// currencies and in the hotel's, the median wait for an answer), a few months at a time, printable and saved as
// CSV; and the exchange rates the hotel converts at, kept for every desk.
import { useState } from 'react';
import { useAskEffect } from '../../components/useAskEffect';
import { useTranslation } from 'react-i18next';
import type { ExchangeRates, ProductionView, RatesProblem } from '../../../shared/domain';
import { addMonths } from '../../../shared/calendar';
import { ask } from '../../api';
import { ErrorNote } from '../../components/ErrorNote';
import { WindowSteps, pageSteps } from '../../components/WindowSteps';
import { currentLanguage } from '../../i18n';
import { formatMonth } from '../../i18n/format';
import { fileNameOf } from '../pms-entry/export-form';
import { ProductionTable } from './ProductionTable';
import { RatesForm } from './RatesForm';
import '../../styles/office-screen.css';
import './production.css';

const MONTH_CHOICES = [1, 3, 6, 12] as const;

interface Props {
  refreshToken: number;
  /** The hotel's date: the window starts at its month. */
  today: string;
}

export function ProductionScreen({ refreshToken, today }: Props) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const thisMonth = today.slice(0, 7);
  const [from, setFrom] = useState(thisMonth);
  const [months, setMonths] = useState<number>(3);
  const [view, setView] = useState<ProductionView | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<RatesProblem[]>([]);
  const [saved, setSaved] = useState<string | null>(null);
  const [ratesSaid, setRatesSaid] = useState(false);
  const [formKey, setFormKey] = useState(0);

  useAskEffect(
    () => ask('getProduction', { from, months }),
    [from, months, refreshToken, formKey],
    setView,
    setError,
  );

  const saveCsv = () => {
    setBusy(true);
    setError(null);
    ask('exportProduction', { from, months })
      .then((r) => setSaved(r.path), setError)
      .finally(() => setBusy(false));
  };

  const saveRates = (rates: ExchangeRates) => {
    setBusy(true);
    setError(null);
    setRatesSaid(false);
    ask('saveRates', { hotelCurrency: rates.hotelCurrency, rates: { ...rates.rates } })
      .then((r) => {
        setProblems(r.problems);
        if (r.problems.length === 0) {
          setRatesSaid(true);
          setFormKey((k) => k + 1);
        }
      }, setError)
      .finally(() => setBusy(false));
  };

  const step = (direction: -1 | 1) => setFrom((f) => addMonths(f, direction * months));
  const last = addMonths(from, months - 1);
  const sold = view ? view.total.revenue.map((r) => r.currency) : [];
  return (
    <section
      className="office-screen production-screen"
      data-testid="production-screen"
      onKeyDown={pageSteps(step)}
    >
      <div className="office-head production-head">
        <h1>
          {t('production.title')}: {formatMonth(from, lng)}
          {months > 1 && ` – ${formatMonth(last, lng)}`}
        </h1>
        <div className="office-window no-print">
          <WindowSteps
            words={{
              earlier: t('production.earlier'),
              earlierTitle: t('production.earlierLabel'),
              now: t('production.thisMonth'),
              later: t('production.later'),
              laterTitle: t('production.laterLabel'),
            }}
            onStep={step}
            onNow={() => setFrom(thisMonth)}
          />
          <label>
            {t('production.months')}{' '}
            <select
              name="production-months"
              value={months}
              onChange={(e) => setMonths(Number(e.target.value))}
            >
              {MONTH_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {t('production.monthsOption', { count: n })}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="button small" onClick={() => window.print()}>
            {t('production.print')}
          </button>
          <button type="button" className="button small" disabled={busy} onClick={saveCsv}>
            {t('production.saveCsv')}
          </button>
        </div>
      </div>
      <p className="hint no-print">{t('production.intro')}</p>
      {saved && (
        <p className="ok-note no-print" role="status" data-testid="production-saved" data-path={saved}>
          {t('production.saved', { file: fileNameOf(saved) })}{' '}
          <button
            type="button"
            className="button small"
            onClick={() => void ask('openExport', { path: saved }).catch(setError)}
          >
            {t('production.open')}
          </button>
        </p>
      )}
      {view && view.operators.length === 0 && <p className="muted">{t('production.none')}</p>}
      {view && view.operators.length > 0 && (
        <>
          {!view.rates.hotelCurrency && <p className="hint no-print">{t('production.noRates')}</p>}
          <ProductionTable view={view} />
        </>
      )}
      {view && (
        <RatesForm
          key={formKey}
          rates={view.rates}
          sold={sold}
          busy={busy}
          problems={problems}
          onSave={saveRates}
        />
      )}
      {ratesSaid && (
        <p className="ok-note no-print" role="status">
          {t('production.rates.saved')}
        </p>
      )}
      <ErrorNote error={error} />
    </section>
  );
}
