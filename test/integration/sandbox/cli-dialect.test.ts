// The command-line practice service's --dialect and --oddities flags: the original dialect answers on
// its own mapping path, odd values are on unless --oddities off, and a bad value stops it with exit 2.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { bundled } from '../../harness/bundle';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

interface Running {
  url: string;
  stop(): void;
}

/** Starts the CLI and waits for its first line; rejects with the exit code if it ends first. */
async function startCli(args: string[]): Promise<Running> {
  const program = await bundled('main/sandbox/cli.ts');
  const child = spawn(process.execPath, [program, '--port', '0', '--evolve-seconds', '0', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`exit ${code ?? 'signal'}`)));
    if (!child.stdout) return;
    createInterface({ input: child.stdout }).once('line', (line) => {
      const url = /^Practice service listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line)?.[1] ?? '';
      resolve({ url, stop: () => child.kill('SIGTERM') });
    });
  });
}

async function token(url: string): Promise<string> {
  return (await (await fetch(`${url}/api/system/login?user=demo&pass=demo`)).text()).replace(/"/g, '');
}

describe('npm run sandbox -- --dialect / --oddities', () => {
  it('speaks the original dialect and turns odd values on by default', async () => {
    const cli = await startCli(['--dialect', 'original', '--reservations', '300']);
    try {
      const headers = { cookie: await token(cli.url) };
      const agencies = (await (
        await fetch(`${cli.url}/api/pax/gethotelagencies?format=json`, { headers })
      ).json()) as { Data: { Id: string }[] };
      const agencyId = agencies.Data[0]?.Id ?? '';
      const sejour = await fetch(
        `${cli.url}/api/pax/getsejourformapping?paximumId=1001&agencyId=${agencyId}&format=xml`,
        { headers },
      );
      expect(sejour.status).toBe(200);
      // The live service's published shape: the item resets to no namespace, nothing below it is prefixed.
      expect(await sejour.text()).toContain(
        '<Data><SejourCodesForMapping xmlns=""><SejourBoards><SejourBoard>',
      );
      const state = (await (await fetch(`${cli.url}/_sandbox/state`)).json()) as {
        dialect: string;
        oddities: { enabled: boolean };
      };
      // People meet every kind: odd values, check cases, reused LogIds, other hotels' numbers, charsets.
      expect(state).toMatchObject({
        dialect: 'original',
        oddities: { enabled: true, kinds: ['values', 'checkCases', 'logIds', 'foreignHotel', 'charsets'] },
      });
      const list = (await (
        await fetch(
          `${cli.url}/api/pax/getReservationList?checkInStart=01.01.2000&checkInEnd=12.31.2099&format=json`,
          { headers },
        )
      ).json()) as { Data: { ConfirmationStatus: string }[] };
      expect(list.Data.some((item) => item.ConfirmationStatus !== 'W')).toBe(true);
    } finally {
      cli.stop();
    }
  });

  it('keeps the world clean with --oddities off and the spec dialect by default', async () => {
    const cli = await startCli(['--oddities', 'off']);
    try {
      const state = (await (await fetch(`${cli.url}/_sandbox/state`)).json()) as {
        dialect: string;
        oddities: { enabled: boolean };
      };
      expect(state).toMatchObject({ dialect: 'spec', oddities: { enabled: false, kinds: [] } });
    } finally {
      cli.stop();
    }
  });

  it('refuses an unknown dialect or oddities value with exit 2', async () => {
    await expect(startCli(['--dialect', 'sejour'])).rejects.toThrow('exit 2');
    await expect(startCli(['--oddities', 'yes'])).rejects.toThrow('exit 2');
  });
});
