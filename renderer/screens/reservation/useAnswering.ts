// Who is answering this reservation. While the confirm or decline form is open, this desk says so
// (`answering` open, again every 30 s so its row on the shared database does not expire; closed when the form
// closes, is sent, or the window goes). Whatever is shown, it asks whether another desk is answering it: at
// once, on `answeringChanged`, and every 30 s (a desk that died leaves a row that expires without a word).
// A notice, not a lock: a failed request just shows nobody.
import { useEffect, useState } from 'react';
import type { AnsweringView } from '../../../shared/ipc';
import { ask, onDeskEvent } from '../../api';

/** The presence row expires after 90 s on the database's clock; renewing every 30 s gives three chances. */
export const ANSWERING_RENEW_MS = 30_000;

export type AnsweringElsewhere = AnsweringView['elsewhere'];

export function useAnswering(keyField: string, watching: boolean, formOpen: boolean): AnsweringElsewhere {
  const [elsewhere, setElsewhere] = useState<AnsweringElsewhere>(null);

  useEffect(() => {
    setElsewhere(null);
    if (!watching) return;
    let live = true;
    const read = () =>
      ask('getAnswering', { keyField }).then(
        (view) => live && setElsewhere(view.elsewhere),
        () => undefined,
      );
    void read();
    const off = onDeskEvent('answeringChanged', (change) => {
      if (change.keyField === null || change.keyField === keyField) void read();
    });
    const timer = setInterval(() => void read(), ANSWERING_RENEW_MS);
    return () => {
      live = false;
      off();
      clearInterval(timer);
    };
  }, [keyField, watching]);

  useEffect(() => {
    if (!formOpen) return;
    let live = true;
    const report = () =>
      ask('answering', { keyField, open: true }).then(
        (view) => live && setElsewhere(view.elsewhere),
        () => undefined,
      );
    void report();
    const timer = setInterval(() => void report(), ANSWERING_RENEW_MS);
    const leave = () => void ask('answering', { keyField, open: false }).catch(() => undefined);
    // A reload or a closed window runs no React cleanup; pagehide still lets the message go.
    window.addEventListener('pagehide', leave);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [keyField, formOpen]);

  return elsewhere;
}
