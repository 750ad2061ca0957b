// Whole seconds until an instant (ISO), ticking while it is ahead; 0 once it has passed, null without one.
// Drives the "Sending in 8 s" countdown of an answer held so it can be taken back.
import { useEffect, useState } from 'react';

const left = (until: string | null): number | null =>
  until === null ? null : Math.max(0, Math.ceil((Date.parse(until) - Date.now()) / 1000));

export function useSecondsLeft(until: string | null): number | null {
  const [seconds, setSeconds] = useState(() => left(until));
  useEffect(() => {
    setSeconds(left(until));
    if (until === null) return;
    const timer = setInterval(() => {
      const now = left(until);
      setSeconds(now);
      if (now === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);
  return seconds;
}
