// The whole core against the real practice service and real SQLite: practice mode, the inbox,
// confirm / decline reaching the service, a change's diff, setup errors in plain words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCore } from '../../../main/desk/core';
import { memoryStore } from '../../../main/secrets/memory-store';
import type { Core, Logger } from '../../../main/kernel/core-types';
import type { Events } from '../../../shared/ipc';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';

const logger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

async function until<T>(
  probe: () => Promise<T | null | undefined | false>,
  what: string,
  ms = 20_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('core in practice mode', () => {
  let dir: string;
  let core: Core;
  const changed: Events['reservationsChanged'][] = [];
  const statuses: Events['syncStatus'][] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'resdesk-core-'));
    core = createCore(
      { dataDir: dir, credentials: memoryStore(), logger },
      // Answers go out at once here; the grace period (Undo) has its own test file.
      {
        practice: { reservations: 80, evolveEveryMs: 0, fileReadyAfterMs: 100 },
        answerGraceDefaultSeconds: 0,
      },
    );
    core.on('reservationsChanged', (e) => changed.push(e));
    core.on('syncStatus', (s) => statuses.push(s));
    await core.start();
  });

  afterAll(async () => {
    await core.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts practice mode with a full inbox and reference data', async () => {
    const setup = await core.handlers.startPracticeMode({});
    expect(setup.practiceMode).toBe(true);
    expect(setup.configured).toBe(true);
    const page = await core.handlers.listReservations({
      filter: {},
      sort: 'checkIn',
      direction: 'asc',
      offset: 0,
      limit: 500,
    });
    expect(page.total).toBe(80);
    expect(page.rows.length).toBe(80);
    const counts = await core.handlers.inboxCounts({ filter: {} });
    expect(counts.total).toBe(80);
    expect(counts.new + counts.changed + counts.cancelled).toBe(80);
    expect((await core.handlers.listAgencies({})).length).toBeGreaterThanOrEqual(4);
    expect((await core.handlers.listDeclineReasons({ language: 'tr' })).length).toBeGreaterThan(0);
    // The practice world is under contract: its busiest operators' room types hold an allotment one room short of
    // their busiest night, so the calendar has rows and some night is full or over.
    const { contracts } = await core.handlers.listContracts({});
    expect(contracts.length).toBeGreaterThan(0);
    const seasons = await Promise.all(
      contracts.map((c) => core.handlers.getAllotment({ from: c.from, nights: 62 })),
    );
    const cells = seasons.flatMap((v) => v.rows.flatMap((row) => row.cells));
    expect(cells.some((cell) => cell !== null && cell.free <= 0)).toBe(true);
    expect(changed.reduce((n, e) => n + e.keyFields.length, 0)).toBe(80);
    // While the first read ran, the status bar was told how many it had read; once it ended, nothing.
    expect(statuses.some((s) => s.syncing && s.readSoFar >= 80)).toBe(true);
    expect(statuses.filter((s) => !s.syncing).every((s) => s.readSoFar === 0)).toBe(true);
    const status = await core.handlers.getStatus({});
    expect(status.online).toBe(true);
    expect(status.practiceMode).toBe(true);
    expect(core.waitingCount().total).toBeGreaterThan(0);
    // The Activity screen is not empty after practice and a sync: both are there, in the desk's words.
    const activity = await until(async () => {
      const entries = await core.handlers.listActivity({ offset: 0, limit: 50 });
      return entries.some((e) => e.action === 'sync') && entries;
    }, 'the sync in the activity log');
    expect(activity.find((e) => e.action === 'setup')?.detail).toMatch(/^Alıştırma başladı/);
    const sync = activity.filter((e) => e.action === 'sync');
    expect(sync.map((e) => e.detail)).toEqual([
      `Servisten gelen: ${counts.new} yeni, ${counts.changed} değişiklik, ${counts.cancelled} iptal`,
    ]);
  });

  it('confirms with a note and declines with a reason, both reaching the practice service', async () => {
    const waiting = await core.handlers.listReservations({
      filter: { statuses: ['W'], kinds: ['new'] },
      sort: 'checkIn',
      direction: 'asc',
      offset: 0,
      limit: 10,
    });
    const [a, b] = waiting.rows;
    if (!a || !b) throw new Error('need two waiting reservations');
    const pending = await core.handlers.confirm({
      keyField: a.keyField,
      note: 'Deniz manzaralı oda & geç giriş',
    });
    expect(pending.state).toBe('pending');
    const reason = (await core.handlers.listDeclineReasons({ language: 'en' }))[0];
    if (!reason) throw new Error('no reasons');
    await core.handlers.decline({ keyField: b.keyField, reasonId: reason.id });

    const sent = await until(async () => {
      const d = (await core.handlers.getReservation({ keyField: a.keyField })).decision;
      const e = (await core.handlers.getReservation({ keyField: b.keyField })).decision;
      if (d?.state === 'failed' || e?.state === 'failed')
        throw new Error(`send failed: ${d?.error ?? ''} ${e?.error ?? ''}`);
      return d?.state === 'sent' && e?.state === 'sent' ? { d, e } : null;
    }, 'both decisions sent');
    expect(sent.d.voucherSaved).toBe(true);
    const state = (await (await fetch(`${core.practiceServiceUrl?.()}/_sandbox/state`)).json()) as {
      confirmations: {
        keyField: string;
        confirmationStatus: string;
        confirmationNote: string | null;
        notconfirmationNote: string | null;
      }[];
    };
    expect(state.confirmations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          keyField: a.keyField,
          confirmationStatus: 'E',
          confirmationNote: 'Deniz manzaralı oda & geç giriş',
        }),
        expect.objectContaining({
          keyField: b.keyField,
          confirmationStatus: 'H',
          notconfirmationNote: reason.id,
        }),
      ]),
    );
    const detail = await core.handlers.getReservation({ keyField: a.keyField });
    expect(detail.reservation.confirmationStatus).toBe('E');

    // The second answer to the same reservation is refused before anything is sent.
    const again = await core.handlers.confirm({ keyField: a.keyField }).then(
      () => 'accepted',
      (e: Error) => e.message,
    );
    expect(again).not.toBe('accepted');

    const activity = await core.handlers.listActivity({ offset: 0, limit: 10 });
    expect(activity.map((x) => x.action)).toEqual(expect.arrayContaining(['confirm', 'decline']));
    // Each names its guest; the decline names its reason in the desk's language (Turkish here).
    const declined = activity.find((x) => x.action === 'decline');
    const turkish = (await core.handlers.listDeclineReasons({ language: 'tr' })).find(
      (r) => r.id === reason.id,
    );
    expect(turkish?.name).toBeTruthy();
    expect(turkish?.name).not.toBe(reason.name);
    expect(declined).toMatchObject({ keyField: b.keyField, guest: b.leadGuest, reasonName: turkish?.name });
    expect(activity.find((x) => x.action === 'confirm')).toMatchObject({ guest: a.leadGuest });
    expect(activity.every((x) => x.user === 'Alıştırma')).toBe(true);
  });

  it('leaving practice mode takes away the "Practice" name and asks for one', async () => {
    const left = await core.handlers.leavePracticeMode({});
    expect(left).toMatchObject({ practiceMode: false, deskUser: '', askDeskUser: true });
    expect(await core.handlers.setDeskUser({ name: 'Ayşe' })).toMatchObject({
      deskUser: 'Ayşe',
      askDeskUser: false,
    });
    // A desk with a name keeps it through practice and after.
    expect(await core.handlers.startPracticeMode({})).toMatchObject({ deskUser: 'Ayşe', askDeskUser: false });
    expect(await core.handlers.leavePracticeMode({})).toMatchObject({ deskUser: 'Ayşe', askDeskUser: false });
  });
});

describe('core setup', () => {
  let dir: string;
  let core: Core;
  let service: PracticeService;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'resdesk-setup-'));
    service = await startPracticeService({ port: 0, reservations: 20, password: 'Kum-saati-77' });
    core = createCore({ dataDir: dir, credentials: memoryStore(), logger });
    await core.start();
  });
  afterAll(async () => {
    await core.stop();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is not configured on first run', async () => {
    const setup = await core.handlers.getSetup({});
    expect(setup.configured).toBe(false);
    expect(setup.passwordSaved).toBe(false);
    // No keychain in this core (memory store): said in the desk's language, Turkish until changed.
    expect(setup.credentialWarning).toMatch(/şifre anahtarlığına ulaşamıyor/);
  });

  it('says in plain words what is wrong with a connection', async () => {
    const base = { serviceUrl: service.url, user: 'demo', partnerId: 1001, format: 'json' as const };
    expect((await core.handlers.testConnection({ ...base, password: 'Kum-saati-77' })).ok).toBe(true);
    const wrongPassword = await core.handlers.testConnection({ ...base, password: 'nope' });
    expect(wrongPassword.problem).toBe('wrong-password');
    const wrongPartner = await core.handlers.testConnection({
      ...base,
      password: 'Kum-saati-77',
      partnerId: 4242,
    });
    expect(wrongPartner.problem).toBe('wrong-partner');
    expect(wrongPartner.message).toMatch(/4242/);
    const unreachable = await core.handlers.testConnection({
      ...base,
      serviceUrl: 'http://127.0.0.1:9',
      password: 'Kum-saati-77',
    });
    expect(unreachable.problem).toBe('unreachable');
  });

  it('saves the setup with the password in the credential store only, then syncs', async () => {
    const view = await core.handlers.saveSetup({
      serviceUrl: service.url,
      user: 'demo',
      password: 'Kum-saati-77',
      partnerId: 1001,
      format: 'xml',
    });
    expect(view.configured).toBe(true);
    expect(view.passwordSaved).toBe(true);
    expect(JSON.stringify(view)).not.toContain('Kum-saati-77');
    const status = await core.handlers.syncNow({});
    expect(status.online).toBe(true);
    expect(status.lastError).toBeNull();
    const page = await core.handlers.listReservations({
      filter: {},
      sort: 'arrival',
      direction: 'desc',
      offset: 0,
      limit: 100,
    });
    expect(page.total).toBe(20);
  });
});
