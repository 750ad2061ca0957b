// From the command line: a sign-in page answering instead of the service makes `sync --once` fail
// with one sentence that says what to do (exit non-zero, nothing stored as if connected); a wrong address
// before the first successful sync says to check the address; `reasons` and `--help` work without reading
// the database by hand.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import { runResdesk } from '../../harness/resdesk-cli';

let service: PracticeService;
let dir = '';

beforeAll(async () => {
  service = await startPracticeService({ port: 0, seed: 3, reservations: 20, fileReadyAfterMs: 20 });
  dir = mkdtempSync(path.join(tmpdir(), 'resdesk-cli-portal-'));
});

afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

async function faults(method: 'POST' | 'DELETE', body?: object): Promise<void> {
  const res = await fetch(`${service.url}/_sandbox/faults`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.ok).toBe(true);
}

describe('resdesk sync --once when something else answers', () => {
  it('a wrong path before any sync says to check the address, not "offline"', async () => {
    const db = path.join(dir, 'wrong.db');
    const run = await runResdesk([
      'sync',
      '--db',
      db,
      '--service',
      `${service.url}/no-such-place`,
      '--partner-id',
      '1001',
      '--once',
    ]);
    expect(run.code).not.toBe(0);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/check the service address/i);
  });

  it('a sign-in page fails the cycle with one sentence; once signed in the same command works', async () => {
    const db = path.join(dir, 'desk.db');
    const args = ['sync', '--db', db, '--service', service.url, '--partner-id', '1001', '--once'];
    expect((await runResdesk(args)).code).toBe(0);
    await faults('POST', { kind: 'html', share: 1 });
    try {
      const run = await runResdesk(args);
      expect(run.code).not.toBe(0);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/internet login page answered instead of the reservation service/i);
      expect(lines[0]).toMatch(/sign in to the hotel's internet/i);
    } finally {
      await faults('DELETE');
    }
    expect((await runResdesk(args)).code).toBe(0);
  });

  it('reasons lists the decline reasons; --help prints the usage and succeeds', async () => {
    const db = path.join(dir, 'desk.db');
    const reasons = await runResdesk(['reasons', '--db', db, '--json', '--language', 'en']);
    expect(reasons.code).toBe(0);
    const list = JSON.parse(reasons.stdout) as { id: string; name: string }[];
    expect(list.length).toBeGreaterThan(0);
    for (const r of list) expect(r.id).not.toBe('');
    const help = await runResdesk(['decline', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: resdesk decline');
    const all = await runResdesk(['--help']);
    expect(all.code).toBe(0);
    expect(all.stdout).toContain('reasons');
  });
});
