// Runs initdb and pg_ctl. PostgreSQL refuses to run as root, so when the desk runs as root (a container, a test
// machine; never a reception PC) the programs run as the `postgres` user, which must own the hotel-database
// folder. On Windows no console window opens.
import { execFile, spawnSync } from 'node:child_process';
import path from 'node:path';
import { HotelServerProblem } from './problems';

export interface RunAs {
  uid: number;
  gid: number;
}

/** Whom the server runs as: this user, or `postgres` when this is root. */
export function serverUser(): RunAs | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string): number => {
    const r = spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
    if (r.status !== 0) throw new HotelServerProblem('root-without-postgres-user');
    return Number(r.stdout.trim());
  };
  return { uid: id('-u'), gid: id('-g') };
}

export interface ProgramOutcome {
  ok: boolean;
  code: number | null;
  output: string;
}

export function runProgram(
  as: RunAs | null,
  file: string,
  args: string[],
  timeoutMs = 120_000,
): Promise<ProgramOutcome> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      {
        timeout: timeoutMs,
        encoding: 'utf8',
        windowsHide: true,
        cwd: path.dirname(file),
        ...(as ?? {}),
        // English messages whatever the PC's language: the log is read by support.
        env: { ...process.env, LC_MESSAGES: 'C' },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ ok: !error, code, output: `${stdout}${stderr}`.trim() });
      },
    );
  });
}
