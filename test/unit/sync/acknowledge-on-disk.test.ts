// Acknowledge only what a database on disk holds. SQLite goes on committing through its
// open descriptors when the file is deleted, replaced or made read-only, so the pull must look before each
// report. The real pull and store on a file; a stand-in client hands out the batches and records what it
// was told; between batches (onBatchStored, after the commit and before the report) the test sabotages
// the file. Asserted: what the service was told (only batches stored before, each stored), that it stops
// at once, that the next sync stops before asking anything, and the sentence the receptionist reads.
import { sqliteDeskStore } from '../../../main/store/engines/desk-store';
import { chmodSync, copyFileSync, mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseFileChangedError, Store } from '../../../main/store';
import { confirmStoredOnDisk } from '../../../main/store/acknowledgements';
import { emptySummary, pullReservations } from '../../../main/sync/pull';
import type { SyncClient } from '../../../main/sync/ports';
import { describeFailure } from '../../../main/kernel/describe-error';
import { createMessages, type MessageKey } from '../../../main/kernel/messages';
import type { Reservation } from '../../../shared/domain';
import { makeReservation } from '../store/fixtures';
import { propertyRuns } from '../../harness/property-runs';

const en = createMessages('en');
const tr = createMessages('tr');
const WINDOW = { checkInStart: '2026-01-01', checkInEnd: '2027-12-31' };
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) {
    chmodSync(dir, 0o755);
    rmSync(dir, { recursive: true, force: true });
  }
});

interface StandInClient extends SyncClient {
  acked: number[];
  listed: number;
}

/** Hands out `batches` one after the other; records every LogId it is told about. */
function standInClient(batches: Reservation[][]): StandInClient {
  const client: StandInClient = {
    acked: [],
    listed: 0,
    async fetchReservations(_params, onBatch) {
      client.listed++;
      for (const batch of batches) await onBatch(batch);
    },
    async postSentLogIds(_serviceId, logIds) {
      client.acked.push(...logIds);
    },
    getHotelAgencies: () => Promise.reject(new Error('not used')),
    getNotConfirmMessages: () => Promise.reject(new Error('not used')),
    getStayForMapping: () => Promise.reject(new Error('not used')),
    sendConfirmation: () => Promise.reject(new Error('not used')),
    downloadFile: () => Promise.reject(new Error('not used')),
  };
  return client;
}

const batchesOf = (count: number, size = 3): Reservation[][] =>
  Array.from({ length: count }, (_, b) =>
    Array.from({ length: size }, (_, i) => {
      const n = b * size + i + 1;
      return makeReservation({ keyField: `K${n}`, logId: n });
    }),
  );

function storeOnFile(): { store: Store; file: string; dir: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'resdesk-on-disk-'));
  dirs.push(dir);
  const file = path.join(dir, 'desk.db');
  return { store: Store.open(file), file, dir };
}

type Sabotage = 'delete' | 'delete-wal' | 'replace-copy' | 'replace-text' | 'read-only' | 'wal-read-only';
const expectedProblem: Record<Sabotage, DatabaseFileChangedError['problem']> = {
  delete: 'deleted',
  'delete-wal': 'deleted',
  'replace-copy': 'replaced',
  'replace-text': 'replaced',
  'read-only': 'unwritable',
  'wal-read-only': 'unwritable',
};
const sentence: Record<DatabaseFileChangedError['problem'], MessageKey> = {
  deleted: 'error.databaseGone',
  replaced: 'error.databaseGone',
  unwritable: 'error.databaseMadeReadOnly',
  'not-on-disk': 'error.databaseNotOnDisk',
};

function sabotage(kind: Sabotage, file: string): void {
  switch (kind) {
    case 'delete':
      return unlinkSync(file);
    case 'delete-wal':
      return unlinkSync(`${file}-wal`);
    case 'replace-copy':
      // Another inode with the very same bytes: a restore or a sync tool putting "the same" file back.
      copyFileSync(file, `${file}.copy`);
      return renameSync(`${file}.copy`, file);
    case 'replace-text':
      writeFileSync(`${file}.new`, 'not a database');
      return renameSync(`${file}.new`, file);
    case 'read-only':
      return chmodSync(file, 0o444);
    case 'wal-read-only':
      return chmodSync(`${file}-wal`, 0o444);
  }
}

async function pullWithSabotage(batchCount: number, after: number, kind: Sabotage) {
  const { store, file } = storeOnFile();
  const client = standInClient(batchesOf(batchCount));
  let stored = 0;
  const error = await pullReservations(client, sqliteDeskStore(store), {
    window: WINDOW,
    now: () => new Date('2026-06-01T08:00:00Z'),
    partnerId: 1001,
    onBatchStored: () => {
      stored++;
      if (stored === after) sabotage(kind, file);
    },
  }).then(
    () => null,
    (e: unknown) => e,
  );
  return { store, file, client, error, stored };
}

describe('the database file changes under a running sync', () => {
  it.each(Object.keys(expectedProblem) as Sabotage[])(
    '%s after the second batch: stops before reporting it, says so, and the next sync asks nothing',
    async (kind) => {
      const { store, client, error, stored } = await pullWithSabotage(4, 2, kind);
      try {
        expect(error).toBeInstanceOf(DatabaseFileChangedError);
        expect(error).toMatchObject({ problem: expectedProblem[kind] });
        // A list is reported once it is read whole, so nothing was reported; both batches
        // committed stay queued, and no third was read (the earlier per-batch reports said [1, 2, 3]).
        expect(client.acked).toEqual([]);
        expect(stored).toBe(2);
        expect(store.pendingAcknowledgements()).toEqual([{ serviceId: 'svc-a', logIds: [1, 2, 3, 4, 5, 6] }]);
        const problem = (error as DatabaseFileChangedError).problem;
        expect(describeFailure(error, en, null)).toBe(en.t(sentence[problem]));
        expect(describeFailure(error, tr, null)).toBe(tr.t(sentence[problem]));

        const again = standInClient(batchesOf(1));
        await expect(
          pullReservations(again, sqliteDeskStore(store), {
            window: WINDOW,
            now: () => new Date(),
            partnerId: 1001,
          }),
        ).rejects.toBeInstanceOf(DatabaseFileChangedError);
        expect(again.listed).toBe(0);
        expect(again.acked).toEqual([]);
      } finally {
        store.close();
      }
    },
  );

  it('overwritten in place (same inode): the fresh read finds nothing, so nothing is reported', async () => {
    const { store, file } = storeOnFile();
    const client = standInClient(batchesOf(3));
    let batches = 0;
    const error = await pullReservations(client, sqliteDeskStore(store), {
      window: WINDOW,
      now: () => new Date(),
      partnerId: 1001,
      onBatchStored: () => {
        if (++batches !== 2) return;
        // Everything into the file itself, then the file's bytes replaced where they are.
        store.db.pragma('wal_checkpoint(TRUNCATE)');
        writeFileSync(file, 'restored from somewhere else '.repeat(2000));
      },
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ problem: 'not-on-disk' });
    expect(describeFailure(error, en, null)).toBe(en.t('error.databaseNotOnDisk'));
    // Reported once the list is read whole: the fresh read before it finds nothing.
    expect(client.acked).toEqual([]);
    store.close();
  });

  it('a LogId the file does not hold is never confirmed', () => {
    const { store } = storeOnFile();
    store.importBatch([makeReservation({ keyField: 'K1', logId: 1 })], '2026-06-01T08:00:00Z');
    expect(() => confirmStoredOnDisk(store.db, [1])).not.toThrow();
    expect(() => confirmStoredOnDisk(store.db, [1, 2])).toThrow(DatabaseFileChangedError);
    store.close();
  });

  it('whenever and however it changes, the service is told only of batches the file held', async () => {
    const kinds = Object.keys(expectedProblem) as Sabotage[];
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 1, max: 5 })
          .chain((count) =>
            fc.tuple(fc.constant(count), fc.integer({ min: 1, max: count }), fc.constantFrom(...kinds)),
          ),
        async ([count, after, kind]) => {
          const { store, client, error } = await pullWithSabotage(count, after, kind);
          try {
            expect(error).toMatchObject({ problem: expectedProblem[kind] });
            // The list is reported once read whole, so a change anywhere in it reports
            // nothing (the earlier per-batch reports told the batches before the change).
            expect(client.acked).toEqual([]);
            expect(after).toBeLessThanOrEqual(count);
            // What was reported is stored (the connection still sees what it wrote).
            const stored = new Set(
              store.db.prepare<[], number>('SELECT log_id FROM reservation_versions').pluck().all(),
            );
            for (const logId of client.acked) expect(stored.has(logId)).toBe(true);
          } finally {
            store.close();
          }
        },
      ),
      { numRuns: propertyRuns(30) },
    );
  });
});

describe('a file that stays as it was', () => {
  it('is reported batch by batch as before, and a later sync goes on', async () => {
    const { store } = storeOnFile();
    const client = standInClient(batchesOf(3));
    const summary = await pullReservations(
      client,
      sqliteDeskStore(store),
      { window: WINDOW, now: () => new Date(), partnerId: 1001 },
      emptySummary(),
    );
    expect(summary.acknowledged).toBe(9);
    expect(client.acked).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    store.close();
  });
});
