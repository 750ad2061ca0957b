// `npm run bench -- start`: what a normal start costs at 100,000 reservations against the same start at 1,000, in
// CPU: the desk file's check at start (integrity-schedule.ts decides how much it reads), the open with its
// migrations' check, the setup and the counts the first screen shows, then the close. The whole read it makes
// after an unclean stop or once a week is printed beside, for scale.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readSetup } from '../../main/kernel/setup';
import { Store } from '../../main/store';
import { refuseUnusableDeskFile, type CheckDepth } from '../../main/store/backup-check';
import { generateReservations } from '../unit/store/fixtures';
import { cpuNow } from './import-once';
import { median } from './median';

function deskFile(dir: string, count: number): string {
  const file = path.join(dir, `desk-${count}.db`);
  const store = Store.open(file);
  try {
    for (let first = 0; first < count; first += 2000)
      store.importBatch(
        generateReservations(Math.min(2000, count - first), 5, first),
        '2026-06-01T08:00:00Z',
      );
  } finally {
    store.close();
  }
  return file;
}

/** One start as the desk makes it, CPU ms. */
function startOnce(file: string, depth: CheckDepth): number {
  const before = cpuNow();
  refuseUnusableDeskFile(file, true, depth);
  const store = Store.open(file);
  readSetup(store);
  store.waitingCount();
  store.queuedDecisionCount();
  store.openSetAsideCounts();
  store.close();
  return cpuNow() - before;
}

const startCpu = (file: string, depth: CheckDepth, runs: number): number => {
  startOnce(file, depth);
  return median(Array.from({ length: runs }, () => startOnce(file, depth)));
};

export interface StartBench {
  small: number;
  large: number;
  smallMs: number;
  largeMs: number;
  ratio: number;
  wholeLargeMs: number;
}

export function benchStart(small = 1_000, large = 100_000, runs = 15): StartBench {
  const dir = mkdtempSync(path.join(tmpdir(), 'resdesk-start-'));
  try {
    const smallFile = deskFile(dir, small);
    const largeFile = deskFile(dir, large);
    const smallMs = startCpu(smallFile, 'shape', runs);
    const largeMs = startCpu(largeFile, 'shape', runs);
    const wholeLargeMs = startCpu(largeFile, 'whole', 3);
    return { small, large, smallMs, largeMs, ratio: largeMs / smallMs, wholeLargeMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
