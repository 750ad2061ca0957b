// "Before you confirm": what a careful receptionist would look at, shown where the decision is made.
// Problems first, then notes; each sentence says what and why. It informs the decision and never blocks
// it: the buttons below work whatever it says. An unmapped code links to its mapping row.
import { useTranslation } from 'react-i18next';
import type { StayCodeKind } from '../../../shared/domain';
import type { ReservationCheck } from '../../../shared/ipc';
import { checkIcon, markerClass, useCheckSentence } from '../../components/checks';

interface Props {
  checks: readonly ReservationCheck[];
  onMap: (kind: StayCodeKind, code: string) => void;
}

export function ChecksSection({ checks, onMap }: Props) {
  const { t } = useTranslation();
  const sentence = useCheckSentence();
  const problems = checks.filter((c) => c.severity === 'problem');
  const notes = checks.filter((c) => c.severity === 'note');
  const list = (items: ReservationCheck[], severity: 'problem' | 'note') =>
    items.length > 0 && (
      <>
        <h4 className={`checks-severity ${severity}`}>{t(`checks.severity.${severity}`)}</h4>
        <ul className="checks-list">
          {items.map((c, i) => (
            <li
              key={`${c.kind}-${i}`}
              className={markerClass(c)}
              data-check={c.kind}
              data-severity={c.severity}
            >
              <span className="check-icon" aria-hidden="true">
                {checkIcon[c.kind]}
              </span>
              <span className="check-text">{sentence(c)}</span>
              {c.kind === 'unmapped' && (
                <button type="button" className="link" onClick={() => onMap(c.codeKind, c.code)}>
                  {t('checks.unmappedAction')}
                </button>
              )}
            </li>
          ))}
        </ul>
      </>
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
          {list(problems, 'problem')}
          {list(notes, 'note')}
        </>
      )}
    </section>
  );
}
