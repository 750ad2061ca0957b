// What the log keeps of an error the window met: where it broke, never what it said. An error's message (and the
// first line of its stack, which repeats it) can hold whatever the page was showing, a guest's name among it, so
// the log gets the error's kind, React's error number and the frames; a window failing in a loop is logged a few
// times a minute, not until the log has rotated everything else away.
import type { Logger } from '../kernel/core-types';

export interface RendererErrorReport {
  message: string;
  stack?: string;
  componentStack?: string;
}

const PER_MINUTE = 5;
const FRAMES = 12;

/** The fields logged for one report: no text of the message. */
export function rendererErrorFields(report: RendererErrorReport): Record<string, string> {
  const lines = (report.stack ?? '').split('\n');
  const kind = /^([A-Za-z_$][\w$]*)(?::|$)/.exec(lines[0]?.trim() ?? '')?.[1] ?? 'Error';
  const frames = lines
    .filter((line) => /^\s+at\s/.test(line))
    .slice(0, FRAMES)
    // A frame's address keeps its file, line and column, never a query string.
    .map((line) => line.trim().replace(/\?[^\s:)]*/g, ''))
    .join('\n');
  const react = /Minified React error #(\d+)/.exec(report.message)?.[1];
  return {
    error: kind,
    ...(react !== undefined ? { reactError: react } : {}),
    ...(frames !== '' ? { stack: frames } : {}),
    ...(report.componentStack ? { componentStack: report.componentStack.trim() } : {}),
  };
}

/** Logs reports as rendererErrorFields, at most PER_MINUTE a minute; the ones left out are counted in the next. */
export function rendererErrorLog(
  logger: Logger,
  now: () => number = Date.now,
): (report: RendererErrorReport) => void {
  const logged: number[] = [];
  let leftOut = 0;
  return (report) => {
    const at = now();
    while (logged.length > 0 && (logged[0] ?? 0) <= at - 60_000) logged.shift();
    if (logged.length >= PER_MINUTE) {
      leftOut++;
      return;
    }
    logged.push(at);
    logger.error('the window met an error and showed the reload screen', {
      ...rendererErrorFields(report),
      ...(leftOut > 0 ? { notLoggedBefore: String(leftOut) } : {}),
    });
    leftOut = 0;
  };
}
