// Crashes caught: an exception or rejection nobody handled in main is written to the redacted
// log and the receptionist is told in a plain sentence (once a run: a loop of errors must not become a
// loop of dialogs); a renderer or helper process that dies is logged; the desk window whose page crashed
// is reloaded, at most RELOAD_LIMIT times a run, so a page that crashes at once does not spin.
// Only types come from electron, so the process handlers run in plain Node too (the tests' child process).
import type { App, Details, RenderProcessGoneDetails, WebContents } from 'electron';
import type { Logger } from '../kernel/core-types';

export const RELOAD_LIMIT = 3;

export interface ProcessEvents {
  on(event: 'uncaughtException', listener: (error: Error) => void): unknown;
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
}

/** uncaughtException and unhandledRejection → the log, and `tell` once. */
export function catchProcessCrashes(options: {
  logger: Logger;
  tell: () => void;
  processEvents?: ProcessEvents;
}): void {
  const events = options.processEvents ?? process;
  let told = false;
  const caught = (message: string, error: unknown): void => {
    options.logger.error(message, { error });
    if (told) return;
    told = true;
    try {
      options.tell();
    } catch {
      // Telling failed (no display yet): the log has it.
    }
  };
  events.on('uncaughtException', (error) => caught('an error nobody caught in main', error));
  events.on('unhandledRejection', (reason) => caught('a rejected promise nobody handled in main', reason));
}

/** render-process-gone and child-process-gone → the log; the desk window's page reloaded after a crash. */
export function watchProcessesGone(options: {
  app: Pick<App, 'on'>;
  logger: Logger;
  /** The desk window's page, when it is open. */
  desk: () => WebContents | null;
}): void {
  let reloads = 0;
  options.app.on(
    'render-process-gone',
    (_event: Electron.Event, contents: WebContents, details: RenderProcessGoneDetails) => {
      options.logger.error('a window process ended', { reason: details.reason, exitCode: details.exitCode });
      if (details.reason === 'clean-exit' || contents !== options.desk()) return;
      if (reloads >= RELOAD_LIMIT) {
        options.logger.error('the desk window keeps crashing: it is not reopened again this run');
        return;
      }
      reloads += 1;
      contents.reload();
    },
  );
  options.app.on('child-process-gone', (_event: Electron.Event, details: Details) => {
    options.logger.error('a helper process ended', {
      type: details.type,
      reason: details.reason,
      exitCode: details.exitCode,
      name: details.name,
    });
  });
}
