// Finds the hotel's partner id by name, so nobody has to phone the service to ask for a number.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HotelHit } from '../../../shared/ipc';
import { ask } from '../../api';
import { ErrorNote } from '../../components/ErrorNote';

interface Props {
  serviceUrl: string;
  user: string;
  password: string;
  onPick: (hit: HotelHit) => void;
}

export function HotelSearch({ serviceUrl, user, password, onPick }: Props) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<HotelHit[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const ready = serviceUrl.trim() !== '' && user.trim() !== '' && query.trim() !== '';

  const search = async () => {
    setBusy(true);
    setError(null);
    try {
      setHits(await ask('searchHotels', { serviceUrl, user, password: password || undefined, query }));
    } catch (e) {
      setError(e);
      setHits(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="hotel-search">
      <div className="inline-fields">
        <input
          type="search"
          aria-label={t('setup.hotelSearch')}
          placeholder={t('setup.hotelSearchPlaceholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && ready) {
              e.preventDefault();
              void search();
            }
          }}
        />
        <button type="button" className="button" disabled={!ready || busy} onClick={() => void search()}>
          {t('setup.search')}
        </button>
      </div>
      {!serviceUrl.trim() || !user.trim() ? <p className="hint">{t('setup.searchNeedsLogin')}</p> : null}
      <ErrorNote error={error} />
      {hits && hits.length === 0 && <p className="hint">{t('setup.noHotels')}</p>}
      {hits && hits.length > 0 && (
        <ul className="hotel-hits">
          {hits.map((hit) => (
            <li key={hit.partnerId}>
              <button type="button" className="link" onClick={() => onPick(hit)}>
                {hit.name}
                {hit.city ? ` — ${hit.city}` : ''} <span className="muted">#{hit.partnerId}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
