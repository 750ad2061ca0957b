// The hotel's exchange rates: its own currency and, for each currency the operators sell in, what one unit is
// worth in it. Typed as a receptionist writes numbers (35,5 or 35.5); what cannot be kept is said under the form.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ratesProblems, type ExchangeRates, type RatesProblem } from '../../../shared/domain';
import { currentLanguage } from '../../i18n';

interface Props {
  rates: ExchangeRates;
  /** The currencies the shown reservations were sold in: each gets a line even before it has a rate. */
  sold: string[];
  busy: boolean;
  problems: RatesProblem[];
  onSave: (rates: ExchangeRates) => void;
}

/** A rate as the desk's language writes it: 35,5 in Turkish, 35.5 in English. */
const rateText = (rate: number | undefined, language: string): string =>
  rate === undefined ? '' : language === 'tr' ? String(rate).replace('.', ',') : String(rate);
const rateOf = (text: string): number =>
  /^\s*\d+([.,]\d+)?\s*$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN;

export function RatesForm({ rates, sold, busy, problems, onSave }: Props) {
  const { t } = useTranslation();
  const [hotelCurrency, setHotelCurrency] = useState(rates.hotelCurrency);
  const [added, setAdded] = useState('');
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.keys(rates.rates).map((c) => [c, rateText(rates.rates[c], currentLanguage())])),
  );
  const [typed, setTyped] = useState<RatesProblem[]>([]);
  const home = hotelCurrency.trim().toUpperCase();
  // A sold currency with no code (or a code no rate can be kept for) gets no line: its total says it has no rate.
  const currencies = [...new Set([...Object.keys(texts), ...sold.filter((c) => /^[A-Z]{3}$/.test(c))])]
    .filter((c) => c !== home)
    .sort();

  const save = () => {
    const entered: ExchangeRates = {
      hotelCurrency: home,
      rates: Object.fromEntries(
        currencies.filter((c) => (texts[c] ?? '').trim() !== '').map((c) => [c, rateOf(texts[c] ?? '')]),
      ),
    };
    const found = ratesProblems(entered);
    setTyped(found);
    if (found.length === 0) onSave(entered);
  };

  const shown = typed.length > 0 ? typed : problems;
  return (
    <form
      className="rates-form no-print"
      data-testid="rates-form"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <h2>{t('production.rates.title')}</h2>
      <p className="hint">{t('production.rates.intro')}</p>
      <div className="rates-fields">
        <label>
          {t('production.rates.hotelCurrency')}
          <input
            name="hotel-currency"
            value={hotelCurrency}
            maxLength={3}
            size={4}
            autoCapitalize="characters"
            onChange={(e) => setHotelCurrency(e.target.value.toUpperCase())}
          />
        </label>
        {currencies.map((c) => (
          <label key={c}>
            {t('production.rates.rate', { currency: c })}
            <input
              name={`rate-${c}`}
              inputMode="decimal"
              size={8}
              value={texts[c] ?? ''}
              onChange={(e) => setTexts((all) => ({ ...all, [c]: e.target.value }))}
            />
            <span className="muted">{home || '…'}</span>
          </label>
        ))}
        <label>
          {t('production.rates.addLabel')}
          <input
            name="add-currency"
            value={added}
            maxLength={3}
            size={4}
            onChange={(e) => setAdded(e.target.value.toUpperCase())}
          />
        </label>
        <button
          type="button"
          className="button small"
          disabled={added.trim() === ''}
          onClick={() => {
            setTexts((all) => ({ ...all, [added.trim()]: all[added.trim()] ?? '' }));
            setAdded('');
          }}
        >
          {t('production.rates.add')}
        </button>
        <button type="submit" className="button small primary" disabled={busy}>
          {t('production.rates.save')}
        </button>
      </div>
      {shown.length > 0 && (
        <ul className="form-problems" role="alert">
          {shown.map((p) => (
            <li key={`${p.currency}-${p.reason}`}>
              {t(`production.rates.problem.${p.reason}`, { currency: p.currency })}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
