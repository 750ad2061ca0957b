// The connection test's report in plain words: the overall sentence, one line per operation (✓/✗, how
// many items came, the failure sentence), which names the service speaks, whether JSON works too, the data
// format the form now has, and — folded away, for whoever helps the hotel — HTTP statuses, times and the
// fields or values the service sent that Resdesk does not know.
import { useTranslation } from 'react-i18next';
import type { ConnectionCheckOperation, ConnectionCheckStep } from '../../../shared/ipc';
import type { TestOutcome } from './useSetupForm';

/** Stay codes are asked once per agency: the receptionist sees them as one line. */
function oneLinePerOperation(steps: ConnectionCheckStep[]): ConnectionCheckStep[] {
  const lines: ConnectionCheckStep[] = [];
  for (const step of steps) {
    const same = lines.find((l) => l.operation === step.operation);
    if (!same) {
      lines.push({ ...step, unexpected: [...step.unexpected] });
      continue;
    }
    same.ok = same.ok && step.ok;
    same.items = same.items === null && step.items === null ? null : (same.items ?? 0) + (step.items ?? 0);
    same.ms += step.ms;
    same.message = same.message ?? step.message;
    if (!step.ok) same.httpStatus = step.httpStatus;
    for (const u of step.unexpected) if (!same.unexpected.includes(u)) same.unexpected.push(u);
  }
  return lines;
}

const operationsWithoutCount: readonly ConnectionCheckOperation[] = ['login', 'json'];

export function ConnectionReport({ outcome }: { outcome: TestOutcome }) {
  const { t } = useTranslation();
  const { result, testedFormat, switchedTo } = outcome;
  const lines = oneLinePerOperation(result.steps);
  const loggedIn = result.steps.some((s) => s.operation === 'login' && s.ok);
  const jsonStep = lines.find((s) => s.operation === 'json');
  const unexpected = lines.reduce((n, s) => n + s.unexpected.length, 0);

  const jsonLine = jsonStep
    ? jsonStep.ok
      ? t('check.json.works')
      : t('check.json.fails')
    : testedFormat === 'json' && loggedIn
      ? result.ok
        ? t('check.json.tested')
        : t('check.json.testedFailed')
      : null;

  return (
    <div className="connection-report" data-testid="connection-report">
      <p
        className={result.ok ? 'ok-note' : 'error-note'}
        role={outcome.refused ? 'alert' : 'status'}
        data-testid="connection-result"
      >
        <span aria-hidden="true">{result.ok ? '✓ ' : '⚠ '}</span>
        {outcome.refused ? t('setup.notSaved', { reason: result.message }) : result.message}
      </p>
      {lines.length > 0 && (
        <>
          <h3>{t('check.title')}</h3>
          <ul className="check-steps" data-testid="connection-steps">
            {lines.map((s) => (
              <li
                key={s.operation}
                className={s.ok ? 'ok' : 'failed'}
                data-operation={s.operation}
                data-ok={s.ok}
              >
                <span className="mark" aria-hidden="true">
                  {s.ok ? '✓' : '✗'}
                </span>
                <span className="step-name">{t(`check.op.${s.operation}`)}</span>
                <span className="step-outcome">
                  {' — '}
                  {/* The sentence above already says why: a step that failed for it is not told twice. */}
                  {!s.ok
                    ? s.message && s.message !== result.message
                      ? s.message
                      : t('check.failed')
                    : s.items === null || operationsWithoutCount.includes(s.operation)
                      ? t('check.works')
                      : t('check.items', { count: s.items })}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {loggedIn && (
        <p className="check-line" data-testid="connection-dialect" data-dialect={result.dialect ?? 'unknown'}>
          {t(`check.dialect.${result.dialect ?? 'unknown'}`)}
        </p>
      )}
      {jsonLine && (
        <p className="check-line" data-testid="connection-json">
          {jsonLine}
        </p>
      )}
      {switchedTo && (
        <p className="ok-note" data-testid="connection-format" data-format={switchedTo}>
          {t('check.formatSwitched', { format: switchedTo.toUpperCase() })}
        </p>
      )}
      {lines.length > 0 && (
        <details className="check-details" data-testid="connection-details">
          <summary>
            {unexpected > 0 ? t('check.detailsUnexpected', { count: unexpected }) : t('check.details')}
          </summary>
          <p className="hint">{unexpected > 0 ? t('check.unexpectedIntro') : t('check.noUnexpected')}</p>
          <table className="check-table">
            <thead>
              <tr>
                <th>{t('check.step')}</th>
                <th>{t('check.http')}</th>
                <th>{t('check.time')}</th>
                <th>{t('check.unexpected')}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((s) => (
                <tr key={s.operation}>
                  <td>{s.operation}</td>
                  <td>{s.httpStatus ?? t('check.noAnswer')}</td>
                  <td>{`${s.ms} ms`}</td>
                  <td>
                    {s.unexpected.length === 0
                      ? '—'
                      : s.unexpected.map((u) => (
                          <code key={u} className="unexpected">
                            {u}
                          </code>
                        ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </div>
  );
}
