// An answer that has not left yet can be taken back: during its grace period a countdown with Undo and
// "Send now"; while it waits for the line, "Take back my answer". Once it has gone, the panel says what to
// do if it was the wrong one (the desk cannot take back what the service holds).
import { useTranslation } from 'react-i18next';
import type { DecisionView } from '../../../shared/ipc';
import { useSecondsLeft } from '../../components/useSecondsLeft';

interface Props {
  decision: DecisionView;
  busy: boolean;
  onUndo: () => void;
  onSendNow: () => void;
}

export function HeldAnswer({ decision, busy, onUndo, onSendNow }: Props) {
  const { t } = useTranslation();
  const seconds = useSecondsLeft(decision.state === 'pending' ? decision.sendAfter : null);
  if (decision.state === 'sent')
    return (
      <p className="hint" data-testid="sent-hint">
        {t('decision.sentHint')}
      </p>
    );
  if (decision.state !== 'pending') return null;
  const holding = seconds !== null && seconds > 0;
  return (
    <div className="held-answer actions" data-testid="held-answer" data-holding={holding}>
      {holding && (
        <span className="countdown" role="timer" aria-live="off" data-testid="countdown">
          {t('decision.sendingIn', { count: seconds })}
        </span>
      )}
      <button type="button" className="button primary" data-testid="undo" disabled={busy} onClick={onUndo}>
        <span aria-hidden="true">↶ </span>
        {t(holding ? 'decision.undo' : 'decision.takeBack')}
      </button>
      {holding && (
        <button type="button" className="button" data-testid="send-now" disabled={busy} onClick={onSendNow}>
          {t('decision.sendNow')}
        </button>
      )}
    </div>
  );
}
