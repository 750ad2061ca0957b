// Waiting for the large-result file: checkreservationfile at growing intervals until it is ready or the
// wait is over. The wait is counted in the sleeps it made, so tests run it with an instant sleep.
import { setTimeout as wait } from 'node:timers/promises';
import { CancelledError, ServiceError } from './errors';
import type { Sleep } from './http';

export type FileCheck = { ready: false } | { ready: true; fileUrl: string };

export interface FilePolling {
  initialDelayMs: number;
  maxDelayMs: number;
  timeoutMs: number;
}

export const defaultFilePolling: FilePolling = {
  initialDelayMs: 1_000,
  maxDelayMs: 10_000,
  timeoutMs: 5 * 60_000,
};

const defaultSleep: Sleep = (ms, signal) => wait(ms, undefined, signal ? { signal } : undefined);

export async function waitForFile(
  check: () => Promise<FileCheck>,
  polling: Partial<FilePolling> = {},
  sleep: Sleep = defaultSleep,
  signal?: AbortSignal,
): Promise<string> {
  const { initialDelayMs, maxDelayMs, timeoutMs } = { ...defaultFilePolling, ...polling };
  let delay = Math.max(0, initialDelayMs);
  let waited = 0;
  for (;;) {
    try {
      await sleep(delay, signal);
    } catch {
      throw new CancelledError('reservation file check');
    }
    if (signal?.aborted) throw new CancelledError('reservation file check');
    waited += delay;
    const result = await check();
    if (result.ready) return result.fileUrl;
    if (waited >= timeoutMs)
      throw new ServiceError(
        'FileNotReady',
        `The reservation file was not ready after ${Math.round(waited / 1000)} s.`,
        'reservation file check',
      );
    delay = Math.min(Math.max(delay * 2, 50), maxDelayMs);
  }
}
