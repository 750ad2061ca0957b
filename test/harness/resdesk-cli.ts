// Runs the `resdesk` command line as a child process without blocking the test's event loop (the practice
// service the command talks to answers from that loop). One helper for every CLI test. The program is bundled
// once per test process (harness/bundle.ts), so a run costs a node start, not a compile of the sources.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { bundled } from './bundle';

const ROOT = path.resolve(__dirname, '../..');

/** The bundled `resdesk` program, for a test that starts it its own way (a pipe, spawnSync). */
export const resdeskProgram = (): Promise<string> => bundled('main/cli.ts');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Added to PATH and HOME; by default the practice service's user and password. */
  env?: Record<string, string>;
  /** Given the child as soon as it starts (to kill it mid-flight). */
  onStart?: (child: ChildProcess) => void;
  /** In a process group of its own, as a terminal starts a command (to signal the whole group). */
  detached?: boolean;
}

export async function runResdesk(args: string[], options: CliOptions = {}): Promise<CliRun> {
  const env = options.env ?? { RESDESK_USER: 'demo', RESDESK_PASSWORD: 'demo' };
  const program = await resdeskProgram();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [program, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      detached: options.detached ?? false,
    });
    options.onStart?.(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
