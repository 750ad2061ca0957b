// "Before you confirm": what a careful receptionist would look at, shown where the decision is made.
// Problems first, then notes; each sentence says what and why. It informs the decision and never blocks
// it: the buttons below work whatever it says. Unmapped codes are one note line of their own (every code
// with its "Map" link), never a problem: they are work for the mapping screen, not a reason to hesitate.
import { useTranslation } from 'react-i18next';
import type { StayCodeKind } from '../../../shared/domain';
import type { ReservationCheck } from '../../../shared/ipc';
import { checkIcon, markerClass, useCheckSentence } from '../../components/checks';

interface Props {
  checks: readonly ReservationCheck[];
  onMap: (kind: StayCodeKind, code: string) => void;
}

type Unmapped = Extract<ReservationCheck, { kind: 'unmapped' }>;
const isUnmapped = (c: ReservationCheck): c is Unmapped => c.kind === 'unmapped';

export function ChecksSection({ checks, onMap }: Props) {
  const { t } = useTranslation();
  const sentence = useCheckSentence();
  const unmapped = checks.filter(isUnmapped);
  const problems = checks.filter((c) => c.severity === 'problem' && !isUnmapped(c));
  const notes = checks.filter((c) => c.severity === 'note' && !isUnmapped(c));
  const line = (c: ReservationCheck, i: number) => (
    <li key={`${c.kind}-${i}`} className={markerClass(c)} data-check={c.kind} data-severity={c.severity}>
      <span className="check-icon" aria-hidden="true">
        {checkIcon[c.kind]}
      </span>
      <span className="check-text">{sentence(c)}</span>
    </li>
  );
  const unmappedLine = unmapped.length > 0 && (
    <li className="check-note check-unmapped-codes" data-check="unmapped" data-severity="note">
      <span className="check-icon" aria-hidden="true">
        {checkIcon.unmapped}
      </span>
      <span className="check-text">{t('checks.unmappedCodes', { count: unmapped.length })}</span>
      {unmapped.map((c) => (
        <button
          key={`${c.codeKind}-${c.code}`}
          type="button"
          className="link"
          data-testid="map-code"
          onClick={() => onMap(c.codeKind, c.code)}
        >
          {t('checks.mapCode', { codeKind: t(`mapping.kind.${c.codeKind}`), code: c.code })}
        </button>
      ))}
    </li>
  );
  return (
    <section className="checks-section" data-testid="checks" aria-labelledby="checks-title">
      <h3 id="checks-title">{t('checks.title')}</h3>
      {checks.length === 0 ? (
        <p className="muted" data-testid="checks-none">
          {t('checks.none')}
        </p>
      ) : (
        <>
          {problems.length > 0 && (
            <>
              <h4 className="checks-severity problem">{t('checks.severity.problem')}</h4>
              <ul className="checks-list">{problems.map(line)}</ul>
            </>
          )}
          {(notes.length > 0 || unmappedLine) && (
            <>
              <h4 className="checks-severity note">{t('checks.severity.note')}</h4>
              <ul className="checks-list">
                {notes.map(line)}
                {unmappedLine}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
