// A bench script run in a process of its own (a fresh heap, its own peak memory), read by the JSON line it prints
// last.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Runs `script` (a URL next to the caller, e.g. new URL('./import-once.ts', import.meta.url)) under tsx. */
export function inOwnProcess<T>(script: URL, args: readonly string[]): T {
  const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(script), ...args], {
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as T;
}
