// A desk core in a process of its own (desk-process.ts, bundled once per test process), to be killed outright:
// what it says on stdout is collected line by line, so a test can wait for it to be ready or to talk.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { bundled } from '../../harness/bundle';

export interface Said {
  e: string;
  at: number;
}

export interface KillableDesk {
  said: Said[];
  process: ChildProcess;
  /** Resolves once it has said `e` (ready, talks, stopped); rejects if it exits first or after `ms`. */
  saysSoon(e: string, ms?: number): Promise<void>;
}

export interface KillableDeskOptions {
  url: string;
  serviceUrl: string;
  pc: string;
  setUp?: boolean;
  leaseTtlMs?: number;
  answerDeadlineMs?: number;
}

export async function startKillableDesk(options: KillableDeskOptions): Promise<KillableDesk> {
  const program = await bundled('test/integration/several-desks/desk-process.ts');
  const said: Said[] = [];
  const proc = spawn(process.execPath, [program], {
    env: {
      ...process.env,
      RESDESK_TEST_DB_URL: options.url,
      RESDESK_TEST_SERVICE_URL: options.serviceUrl,
      RESDESK_TEST_PC: options.pc,
      RESDESK_TEST_SET_UP: options.setUp === false ? '0' : '1',
      ...(options.leaseTtlMs ? { RESDESK_TEST_LEASE_TTL_MS: String(options.leaseTtlMs) } : {}),
      ...(options.answerDeadlineMs
        ? { RESDESK_TEST_ANSWER_DEADLINE_MS: String(options.answerDeadlineMs) }
        : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const waiters = new Set<() => void>();
  if (proc.stdout)
    createInterface({ input: proc.stdout }).on('line', (line) => {
      try {
        said.push(JSON.parse(line) as Said);
        for (const w of waiters) w();
      } catch {
        // Not one of its JSON lines (a library's output): not for the test.
      }
    });
  const saysSoon = (e: string, ms = 60_000): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = () => {
        if (said.some((s) => s.e === e)) done(resolve);
      };
      const onExit = () => done(() => reject(new Error(`${options.pc} exited before it said ${e}`)));
      const timer = setTimeout(() => done(() => reject(new Error(`${options.pc} did not say ${e}`))), ms);
      const done = (then: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        proc.off('exit', onExit);
        then();
      };
      waiters.add(check);
      proc.once('exit', onExit);
      check();
    });
  return { said, process: proc, saysSoon };
}
