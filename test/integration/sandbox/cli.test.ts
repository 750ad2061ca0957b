// The command-line practice service: its exact first line, and one log line per request that never
// shows a query string, password or token.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { bundled } from '../../harness/bundle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
let child: ChildProcess;
const lines: string[] = [];
let url = '';

function nextLine(predicate: (line: string) => boolean): Promise<string> {
  return new Promise((resolve) => {
    const check = (): boolean => {
      const found = lines.find(predicate);
      if (found !== undefined) resolve(found);
      return found !== undefined;
    };
    if (check()) return;
    const timer = setInterval(() => check() && clearInterval(timer), 20);
  });
}

beforeAll(async () => {
  child = spawn(
    process.execPath,
    [
      await bundled('main/sandbox/cli.ts'),
      '--port',
      '0',
      '--reservations',
      '12',
      '--seed',
      '3',
      '--evolve-seconds',
      '0',
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (child.stdout) createInterface({ input: child.stdout }).on('line', (line) => lines.push(line));
  const first = await nextLine(() => true);
  url = /^Practice service listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(first)?.[1] ?? '';
});
afterAll(() => {
  child.kill('SIGTERM');
});

describe('npm run sandbox', () => {
  it('prints the listening line first', () => {
    expect(lines[0]).toBe(`Practice service listening on ${url}`);
  });

  it('logs method, path without query, status and ms for each request', async () => {
    const login = await fetch(`${url}/api/system/login?user=demo&pass=demo&format=json`);
    const token = String(await login.json());
    await fetch(`${url}/api/pax/gethotelagencies?format=json`, { headers: { Token: token } });
    const logged = await nextLine((line) => line.startsWith('GET /api/pax/gethotelagencies '));
    expect(logged).toMatch(/^GET \/api\/pax\/gethotelagencies 200 \d+ms$/);
    const loginLine = await nextLine((line) => line.startsWith('GET /api/system/login '));
    expect(loginLine).toMatch(/^GET \/api\/system\/login 200 \d+ms$/);
    expect(lines.join('\n')).not.toContain(token);
    expect(lines.join('\n')).not.toContain('pass=');
  });

  it('says its usage for --help, and for a mistyped option in one line with the usage, never a stack trace', async () => {
    const program = await bundled('main/sandbox/cli.ts');
    const run = (args: string[]) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const c = spawn(process.execPath, [program, ...args], { cwd: root });
        let out = '';
        let err = '';
        c.stdout.on('data', (d: Buffer) => (out += d.toString()));
        c.stderr.on('data', (d: Buffer) => (err += d.toString()));
        c.on('close', (code) => resolve({ code, out, err }));
      });
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: npm run sandbox -- \[--port 8787\]/);
    const typo = await run(['--prot', '8787']);
    expect(typo.code).toBe(2);
    expect(typo.err).toContain("Unknown option '--prot'");
    expect(typo.err).toContain('Usage: npm run sandbox');
    expect(typo.err).not.toMatch(/\bat .*cli\.ts/);
  }, 60_000);
});
