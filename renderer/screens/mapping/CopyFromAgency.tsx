// "Copy mappings from agency X": fills this agency's unmapped codes with X's own mappings of the same
// codes. Nothing this agency maps (itself or through a mapping for all agencies) is changed, so it needs no
// confirmation; what was copied is said in a sentence. The screen keys it by agency, so the sentence of one
// agency is never shown on another.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Agency, MappingCopy } from '../../../shared/domain';
import { ErrorNote } from '../../components/ErrorNote';

/** Copied codes named beside the sentence; more are only counted. */
const SHOWN = 8;

interface Props {
  agencyId: string;
  agencies: readonly Agency[];
  /** Resolves to the codes copied; throws the desk's refusal. */
  onCopy: (fromAgencyId: string) => Promise<MappingCopy['copied']>;
}

export function CopyFromAgency({ agencyId, agencies, onCopy }: Props) {
  const { t } = useTranslation();
  const [from, setFrom] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const [codes, setCodes] = useState('');
  const [error, setError] = useState<unknown>(null);
  const others = agencies.filter((a) => a.id !== agencyId);
  if (others.length === 0) return null;

  const copy = async () => {
    const agency = others.find((a) => a.id === from)?.name ?? from;
    setBusy(true);
    setSaid('');
    setCodes('');
    setError(null);
    try {
      const copied = await onCopy(from);
      const count = copied.length;
      setSaid(count > 0 ? t('mapping.copied', { count, agency }) : t('mapping.copiedNone', { agency }));
      // Which ones, as codes: the rows keep their places in the list.
      const shown = copied.slice(0, SHOWN).map((c) => `${c.channelCode} → ${c.hotelCode}`);
      setCodes(shown.join(', ') + (count > SHOWN ? ', …' : ''));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mapping-copy" data-testid="copy-mappings">
      <label>
        {t('mapping.copyFrom')}{' '}
        <select value={from} onChange={(e) => setFrom(e.target.value)}>
          <option value="">{t('mapping.copyChoose')}</option>
          {others.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="button small"
        disabled={from === '' || busy}
        onClick={() => void copy()}
      >
        {busy ? t('common.saving') : t('mapping.copy')}
      </button>
      <span className="copy-result" role="status">
        {said}
        {codes && <span className="copied-codes"> {codes}</span>}
      </span>
      <ErrorNote error={error} />
    </div>
  );
}
