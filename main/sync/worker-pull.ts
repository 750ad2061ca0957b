// Runs the pull phase of a sync cycle in a worker thread with its own SQLite connection and exchange
// client, so a 20k-reservation import never blocks the thread that answers the window (WAL lets the main
// thread keep reading meanwhile). The worker lives for one phase: nothing to leak between cycles. It is
// for large reads only (the desk decides which, desk.ts): an idle poll costs a thread start and a
// SQLite open, ~100 ms of CPU, against under 1 ms in the main thread.
import { Worker } from 'node:worker_threads';
import type { UiLanguage, WireFormat } from '../../shared/domain';
import type { CheckInWindow } from './checkin-window';
import { addSummary, type OnProgress, type PullSummary } from './pull';
import type { PhaseMode, ReconcilePlan } from './reconcile';
import type { FailureKind } from './push';
import { RemoteSyncError } from './remote-error';

export interface WorkerScript {
  /** dist/main/import-worker.cjs in the app; main/desk/import-worker.ts with execArgv ['--import', 'tsx'] in development. */
  path: string;
  execArgv?: string[];
}

export interface PullJob {
  dbFile: string;
  serviceUrl: string;
  user: string;
  partnerId: number;
  format: WireFormat;
  language: UiLanguage;
  window: CheckInWindow;
  reconcile: ReconcilePlan | null;
  /** Safe mode and the watch for another reader, as the cycle read them (cycle.ts). */
  mode: PhaseMode;
  /**
   * The main thread's session token, so the worker logs in only if the service refuses it. In memory
   * only, like the password.
   */
  token?: string;
  /** Reservations stored per transaction (the client's default when absent). */
  batchSize?: number;
}

/**
 * The worker's last word: a failure still carries what was stored before it, so the main thread can announce it.
 * Before it, a progress message after each stored batch (how many listed reservations were read so far).
 */
export type PullJobMessage =
  | { ok: true; summary: PullSummary }
  | { ok: false; kind: FailureKind; message: string; summary: PullSummary; waitMs?: number | null };
export type PullProgressMessage = { progress: number };

export function workerPullPhase(
  script: WorkerScript,
  job: () => Promise<Omit<PullJob, 'window' | 'reconcile' | 'mode'> & { password: string }>,
): (
  window: CheckInWindow,
  reconcile: ReconcilePlan | null,
  into: PullSummary,
  mode: PhaseMode,
  onProgress: OnProgress,
) => Promise<void> {
  return async (window, reconcile, into, mode, onProgress) => {
    const data = { ...(await job()), window, reconcile, mode };
    return new Promise<void>((resolve, reject) => {
      const worker = new Worker(script.path, { workerData: data, execArgv: script.execArgv ?? [] });
      let settled = false;
      worker.on('message', (message: PullJobMessage | PullProgressMessage) => {
        if (settled) return;
        if ('progress' in message) {
          onProgress(message.progress);
          return;
        }
        settled = true;
        addSummary(into, message.summary);
        if (message.ok) resolve();
        else reject(new RemoteSyncError(message.kind, message.message, message.waitMs ?? null));
      });
      worker.once('error', (error) => {
        if (!settled) reject(new RemoteSyncError('other', error.message));
        settled = true;
      });
      worker.once('exit', (code) => {
        if (!settled) reject(new RemoteSyncError('other', `The import stopped unexpectedly (exit ${code}).`));
      });
    });
  };
}
