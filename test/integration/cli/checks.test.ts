// Pre-confirm checks through the command line against the practice service, in both dialects:
// `show --json` carries `checks` exactly as the engine says them, and each case is made to happen the way a
// hotel would meet it — a reservation still waiting after its check-in day with a honeymoon note, codes
// left unmapped then mapped, a stop-sale added and removed with `resdesk stop-sale`, and a guest who
// stayed before, found among the practice world's own reservations.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { startPracticeService, type PracticeService } from '../../../main/sandbox';
import { hotelToday } from '../../../main/sandbox/calendar';
import { Store } from '../../../main/store';
import { foldName } from '../../../main/checks';
import { buildChecker } from '../../../main/operations/checks';
import type { ReservationCheck, StopSaleEntry } from '../../../shared/domain';
import { control, tempDir } from '../sync/helpers';
import { runResdesk } from '../../harness/resdesk-cli';

const resdesk = (args: string[]) => runResdesk(args);

const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface Shown {
  reservation: {
    keyField: string;
    agencyId: string;
    checkIn: string;
    roomId: string;
    quotaType: number;
    reservationStatus: number;
    roomTypeId: string;
    accomId: string;
    guests: { name: string; nationality: string }[];
  };
  checks: ReservationCheck[];
}

describe.each(['original', 'spec'] as const)('checks in show --json, the %s dialect', (dialect) => {
  let service: PracticeService;
  let temp: ReturnType<typeof tempDir>;
  let db: string;
  let today: string;
  let late: string;

  const show = async (keyField: string): Promise<Shown> => {
    const run = await resdesk(['show', keyField, '--db', db, '--json', '--today', today]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    return JSON.parse(run.stdout) as Shown;
  };
  const withStore = <T>(use: (store: Store) => T): T => {
    const store = Store.open(db);
    try {
      return use(store);
    } finally {
      store.close();
    }
  };

  beforeAll(async () => {
    service = await startPracticeService({ reservations: 300, seed: 11, fileReadyAfterMs: 100, dialect });
    temp = tempDir('resdesk-checks-');
    db = path.join(temp.dir, 'desk.db');
    today = hotelToday(new Date());
    // Still waiting three days after its check-in, and the agency's note says honeymoon (its flag does not).
    const arrived = (await control(service.url, 'arrive', {
      checkIn: addDays(today, -3),
      note: 'Honeymoon couple, late arrival',
    })) as { reservations: { keyField: string }[] };
    late = arrived.reservations[0]?.keyField ?? '';
    const run = await resdesk([
      'sync',
      '--db',
      db,
      '--service',
      service.url,
      '--partner-id',
      '1001',
      '--once',
      '--json',
    ]);
    expect(run.code).toBe(0);
  });
  afterAll(async () => {
    await service.close();
    temp.remove();
  });

  it('a late reservation: check-in passed, every code unmapped, a honeymoon from the note', async () => {
    const { reservation: r, checks } = await show(late);
    expect(checks[0]).toEqual({ kind: 'past-check-in', severity: 'problem', checkIn: r.checkIn, days: 3 });
    const unmapped = checks.filter((c) => c.kind === 'unmapped');
    expect(unmapped).toEqual(
      expect.arrayContaining([
        { kind: 'unmapped', severity: 'note', agencyId: r.agencyId, codeKind: 'room', code: r.roomId },
        {
          kind: 'unmapped',
          severity: 'note',
          agencyId: r.agencyId,
          codeKind: 'roomType',
          code: r.roomTypeId,
        },
        { kind: 'unmapped', severity: 'note', agencyId: r.agencyId, codeKind: 'board', code: r.accomId },
      ]),
    );
    expect(unmapped.filter((c) => c.codeKind === 'nationality').length).toBeGreaterThan(0);
    expect(checks.at(-1)).toEqual({ kind: 'honeymoon', severity: 'note', source: 'note' });
    // On the check-in day itself nothing is late yet.
    const onTheDay = await resdesk(['show', late, '--db', db, '--json', '--today', r.checkIn]);
    const kinds = (JSON.parse(onTheDay.stdout) as Shown).checks.map((c) => c.kind);
    expect(kinds).not.toContain('past-check-in');
  });

  /** What stays of the late reservation's checks once its codes are mapped: an option or request is said too. */
  const lateKinds = (r: Shown['reservation']): string[] => [
    'past-check-in',
    ...(r.reservationStatus === 4 || r.reservationStatus === 1 || r.quotaType === 2 ? ['on-request'] : []),
    'honeymoon',
  ];

  it('mapped codes end the unmapped checks; a stop-sale added with the CLI flags the stay until removed', async () => {
    const { reservation: r } = await show(late);
    withStore((store) => {
      const at = new Date().toISOString();
      const map = (
        kind: 'room' | 'roomType' | 'board' | 'nationality',
        channelCode: string,
        hotelCode: string,
      ) => store.setMapping({ agencyId: r.agencyId, kind, channelCode, hotelCode, user: 'test', at });
      map('room', r.roomId, `H-${r.roomId}`);
      map('roomType', r.roomTypeId, 'STD');
      map('board', r.accomId, `H-${r.accomId}`);
      for (const g of r.guests) if (g.nationality) map('nationality', g.nationality, `H-${g.nationality}`);
    });
    expect((await show(late)).checks.map((c) => c.kind)).toEqual(lateKinds(r));

    const added = await resdesk([
      'stop-sale',
      'add',
      '--db',
      db,
      '--room-type',
      'STD',
      '--from',
      r.checkIn,
      '--to',
      addDays(r.checkIn, 1),
      '--note',
      'Renovation',
      '--user',
      'Ayşe',
      '--json',
    ]);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    const entry = JSON.parse(added.stdout) as StopSaleEntry;
    expect(entry).toMatchObject({
      codeKind: 'roomType',
      hotelCode: 'STD',
      note: 'Renovation',
      createdBy: 'Ayşe',
    });
    const listed = await resdesk(['stop-sale', 'list', '--db', db, '--json']);
    expect(JSON.parse(listed.stdout)).toEqual([entry]);

    expect((await show(late)).checks).toContainEqual({
      kind: 'stop-sale',
      severity: 'problem',
      codeKind: 'roomType',
      hotelCode: 'STD',
      from: r.checkIn,
      to: addDays(r.checkIn, 1),
    });

    const removed = await resdesk(['stop-sale', 'remove', String(entry.id), '--db', db]);
    expect(removed.code).toBe(0);
    expect((await show(late)).checks.map((c) => c.kind)).toEqual(lateKinds(r));
    const again = await resdesk(['stop-sale', 'remove', String(entry.id), '--db', db]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/no stop-sale/);
    const bad = await resdesk([
      'stop-sale',
      'add',
      '--db',
      db,
      '--room-type',
      'STD',
      '--from',
      '2026-08-05',
      '--to',
      '2026-08-01',
    ]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/before/);
  });

  it('a guest who stayed before: the earlier reservation has the same lead guest and an earlier check-in', async () => {
    // Found in-process (one index, every reservation), then shown through the CLI like any other.
    const store = Store.open(db);
    const candidate = await (async () => {
      const checker = await buildChecker(store, today);
      for (const r of store.checksInput().reservations) {
        const row = store.checkedReservations([r.keyField]).get(r.keyField);
        if (row && checker.check(row).some((c) => c.kind === 'returning-guest')) return r.keyField;
      }
      return null;
    })().finally(() => store.close());
    let found: { shown: Shown; check: Extract<ReservationCheck, { kind: 'returning-guest' }> } | null = null;
    if (candidate !== null) {
      const shown = await show(candidate);
      const check = shown.checks.find((c) => c.kind === 'returning-guest');
      if (check?.kind === 'returning-guest') found = { shown, check };
    }
    expect(found, 'no returning guest in the practice world').not.toBeNull();
    if (!found) return;
    const earlier = await show(found.check.keyField);
    expect(earlier.reservation.checkIn).toBe(found.check.checkIn);
    expect(earlier.reservation.checkIn < found.shown.reservation.checkIn).toBe(true);
    expect(earlier.reservation.guests.map((g) => foldName(g.name))).toContain(foldName(found.check.guest));
  });
});
