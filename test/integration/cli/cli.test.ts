// The `resdesk` command line against the real practice service: the "done when" run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import { Store } from '../../../main/store';
import { sandboxState, tempDir } from '../sync/helpers';
import { runResdesk } from '../../harness/resdesk-cli';

/** Runs the CLI without blocking this process: the practice service answers from this event loop. */
const resdesk = (args: string[], env?: Record<string, string>) => runResdesk(args, { env });

describe('resdesk command line', () => {
  let service: PracticeService;
  let temp: ReturnType<typeof tempDir>;
  let db: string;

  beforeAll(async () => {
    service = await startPracticeService({ port: 0, reservations: 1500, seed: 7, fileReadyAfterMs: 200 });
    temp = tempDir('resdesk-cli-');
    db = path.join(temp.dir, 'desk.db');
  });
  afterAll(async () => {
    await service.close();
    temp.remove();
  });

  const connection = () => ['--db', db, '--service', service.url, '--partner-id', '1001'];

  it('sync --once imports all 1500 through the file path and acknowledges them; a second run fetches nothing', async () => {
    const first = await resdesk(['sync', ...connection(), '--once', '--json']);
    expect(first.code).toBe(0);
    const report = JSON.parse(first.stdout) as {
      new: number;
      changed: number;
      cancelled: number;
      acknowledged: number;
    };
    expect(report.new + report.changed + report.cancelled).toBe(1500);
    expect(report.acknowledged).toBe(1500);
    expect(new Set((await sandboxState(service.url)).acknowledged.map((a) => a.logId)).size).toBe(1500);
    const second = await resdesk(['sync', ...connection(), '--once', '--json', '--format', 'xml']);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ received: 0, new: 0, changed: 0, cancelled: 0 });
  });

  it('lists and shows as one JSON document on stdout', async () => {
    const list = await resdesk(['list', '--db', db, '--status', 'W', '--json']);
    expect(list.code).toBe(0);
    const rows = JSON.parse(list.stdout) as { keyField: string; confirmationStatus: string }[];
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.every((r) => r.confirmationStatus === 'W')).toBe(true);
    // A letter the desk does not answer (the live service's S) comes from the inbox's "other" filter.
    const arrived = await fetch(`${service.url}/_sandbox/arrive`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 2, confirmationStatus: 'S' }),
    });
    expect(arrived.ok).toBe(true);
    expect((await resdesk(['sync', ...connection(), '--once', '--json'])).code).toBe(0);
    const all = JSON.parse((await resdesk(['list', '--db', db, '--json'])).stdout) as typeof rows;
    const sent = JSON.parse(
      (await resdesk(['list', '--db', db, '--status', 's', '--json'])).stdout,
    ) as typeof rows;
    expect(sent.map((r) => r.keyField).sort()).toEqual(
      all
        .filter((r) => r.confirmationStatus === 'S')
        .map((r) => r.keyField)
        .sort(),
    );
    expect(sent).toHaveLength(2);
    const first = rows[0];
    if (!first) throw new Error('no rows');
    const show = await resdesk(['show', first.keyField, '--db', db, '--json']);
    expect(show.code).toBe(0);
    const detail = JSON.parse(show.stdout) as { reservation: { keyField: string; guests: unknown[] } };
    expect(detail.reservation.keyField).toBe(first.keyField);
  });

  it('confirm and decline queue, send and reach the service', async () => {
    const rows = JSON.parse((await resdesk(['list', '--db', db, '--status', 'W', '--json'])).stdout) as {
      keyField: string;
      changeKind: string;
    }[];
    const [a, b] = rows.filter((r) => r.changeKind !== 'cancelled');
    if (!a || !b) throw new Error('need two');
    const confirm = await resdesk([
      'confirm',
      a.keyField,
      ...connection(),
      '--note',
      'Balayı çifti; çiçek & şampanya',
      '--user',
      'Ayşe',
    ]);
    expect(confirm.code).toBe(0);
    expect(confirm.stdout).toMatch(/^Confirmed/);
    const store = Store.open(db);
    const reason = store.listNotConfirmMessages('en-US')[0];
    store.close();
    if (!reason) throw new Error('no reasons stored');
    const decline = await resdesk([
      'decline',
      b.keyField,
      ...connection(),
      '--reason',
      reason.id,
      '--user',
      'Ayşe',
    ]);
    expect(decline.code).toBe(0);
    const state = await sandboxState(service.url);
    expect(state.confirmations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ keyField: a.keyField, confirmationStatus: 'E' }),
        expect.objectContaining({ keyField: b.keyField, confirmationStatus: 'H' }),
      ]),
    );
    // A second answer is refused before anything is sent, with one line and a non-zero status.
    const again = await resdesk(['confirm', a.keyField, ...connection()]);
    expect(again.code).not.toBe(0);
    expect(again.stderr.trim().split('\n')).toHaveLength(1);
    // The store refuses with a code (answered already, said before "no longer waiting"); the command line says
    // it in English.
    expect(again.stderr.trim()).toMatch(/^This reservation already has an answer/);
    expect(
      (await sandboxState(service.url)).confirmations.filter((c) => c.keyField === a.keyField),
    ).toHaveLength(1);

    // The agency changes it: confirming the new version without --note keeps the earlier note, as the screen does.
    const changed = await fetch(`${service.url}/_sandbox/change`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ keyField: a.keyField }),
    });
    expect(changed.ok).toBe(true);
    const synced = await resdesk(['sync', ...connection(), '--once', '--json']);
    expect(JSON.parse(synced.stdout)).toMatchObject({ changed: 1, unreadable: 0 });
    const reconfirm = await resdesk(['confirm', a.keyField, ...connection()]);
    expect(reconfirm.code).toBe(0);
    expect(reconfirm.stdout).toContain('The earlier note was kept: Balayı çifti; çiçek & şampanya');
    const answers = (await sandboxState(service.url)).confirmations.filter((c) => c.keyField === a.keyField);
    expect(answers).toHaveLength(2);
    expect(answers[1]?.confirmationNote).toBe('Balayı çifti; çiçek & şampanya');
  });

  it('fails with one plain line and a non-zero status', async () => {
    const noPassword = await resdesk(['sync', ...connection(), '--once'], { RESDESK_USER: 'demo' });
    expect(noPassword.code).not.toBe(0);
    expect(noPassword.stderr.trim()).toBe('Set RESDESK_PASSWORD to the service password.');
    const wrongPassword = await resdesk(['sync', ...connection(), '--once'], {
      RESDESK_USER: 'demo',
      RESDESK_PASSWORD: 'wrong',
    });
    expect(wrongPassword.code).not.toBe(0);
    expect(wrongPassword.stderr.trim().split('\n')).toHaveLength(1);
    expect(wrongPassword.stderr).toMatch(/password/i);
    const badBatch = await resdesk(['sync', ...connection(), '--once', '--batch-size', '0'], {
      RESDESK_USER: 'demo',
      RESDESK_PASSWORD: 'demo',
    });
    expect(badBatch.code).not.toBe(0);
    expect(badBatch.stderr.trim()).toBe('--batch-size must be a whole number from 1 to 100000.');
    const unknown = await resdesk(['show', 'NO|SUCH|KEY', '--db', db]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
    // A word more than a command takes, a day that does not exist, an option without its value: usage mistakes.
    for (const mistaken of [
      ['confirm', 'K1', 'K2', '--db', db],
      ['list', 'everything', '--db', db],
      ['show', 'K1', '--db', db, '--json', '--today', '2026-11-31'],
      ['list', '--db'],
    ]) {
      const refused = await resdesk(mistaken);
      expect(refused.code, mistaken.join(' ')).toBe(2);
      expect(refused.stdout).toBe('');
    }
  });

  it('keeps the service that worked: a mistyped one is refused or, reaching nothing, not kept', async () => {
    const env = { RESDESK_USER: 'demo', RESDESK_PASSWORD: 'demo' };
    const nowhere = await resdesk(['sync', '--db', db, '--service', 'http://127.0.0.1:1', '--once'], env);
    expect(nowhere.code).not.toBe(0);
    expect(nowhere.stdout.trim()).toBe('');
    expect(nowhere.stderr.trim().split('\n')).toHaveLength(1);
    for (const mistyped of [
      ['--service', '   '],
      ['--service', 'ftp://service'],
      ['--partner-id', '99999999999999999999'],
    ]) {
      const refused = await resdesk(['sync', '--db', db, ...mistyped, '--once'], env);
      expect(refused.code).toBe(2);
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    }
    const again = await resdesk(['sync', '--db', db, '--once', '--json'], env);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ error: null });
  });
});
