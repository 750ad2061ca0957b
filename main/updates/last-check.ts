// The last update check, kept in the data folder so Settings shows it after a restart and the daily
// check counts from it rather than from the start of this run.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { UpdateState } from '../../shared/ipc';

export type LastCheck = Pick<UpdateState, 'lastCheckAt' | 'lastCheck'>;

const NONE: LastCheck = { lastCheckAt: null, lastCheck: null };

export function readLastCheck(file: string): LastCheck {
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<LastCheck>;
    const at = typeof saved.lastCheckAt === 'string' ? saved.lastCheckAt : null;
    const result =
      saved.lastCheck === 'up-to-date' || saved.lastCheck === 'found' || saved.lastCheck === 'failed'
        ? saved.lastCheck
        : null;
    return at ? { lastCheckAt: at, lastCheck: result } : NONE;
  } catch {
    return NONE;
  }
}

export function writeLastCheck(file: string, check: LastCheck): void {
  writeFileSync(`${file}.tmp`, JSON.stringify(check));
  renameSync(`${file}.tmp`, file);
}
