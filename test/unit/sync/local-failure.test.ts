// A failure of this computer's store is never worded as the service's
// unreadable answer. Before, a unique constraint (a LogId reused for another reservation) failed the batch
// and the sync said "the reservation service sent an answer Resdesk cannot read" at every cycle. The
// constraint no longer fires (identity.test.ts); any SQLite failure left still names the data file.
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../../main/kernel/describe-error';
import { createMessages } from '../../../main/kernel/messages';
import { emptySummary, pullReservations, type PullStore } from '../../../main/sync/pull';
import type { SyncClient } from '../../../main/sync/ports';
import { makeReservation } from '../store/fixtures';

const en = createMessages('en');
const tr = createMessages('tr');

/** A real SQLite failure of the kind given, as better-sqlite3 throws it. */
function sqliteFailure(kind: 'unique' | 'check' | 'not-null'): unknown {
  const db = new BetterSqlite3(':memory:');
  try {
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER NOT NULL CHECK (n >= 0))');
    db.exec('INSERT INTO t VALUES (1, 1)');
    const sql = {
      unique: 'INSERT INTO t VALUES (1, 1)',
      check: 'INSERT INTO t VALUES (2, -1)',
      'not-null': 'INSERT INTO t VALUES (3, NULL)',
    }[kind];
    db.exec(sql);
  } catch (error) {
    return error;
  } finally {
    db.close();
  }
  throw new Error('expected a failure');
}

describe('a failure of the local store', () => {
  it.each(['unique', 'check', 'not-null'] as const)(
    'a %s constraint names the data file, in both languages',
    (kind) => {
      const error = sqliteFailure(kind);
      const code = (error as { code: string }).code;
      expect(code).toMatch(/^SQLITE_CONSTRAINT/);
      expect(describeFailure(error, en, null)).toBe(en.t('error.databaseFailed', { code }));
      expect(describeFailure(error, en, null)).not.toBe(en.t('error.malformed'));
      expect(describeFailure(error, tr, null)).toContain(code);
    },
  );

  it('thrown by the store during a pull, reaches the cycle as it was: nothing reported after it', async () => {
    const failure = sqliteFailure('unique');
    const acked: number[] = [];
    const client = {
      fetchReservations: async (
        _p: unknown,
        onBatch: (b: ReturnType<typeof makeReservation>[]) => Promise<void>,
      ) => {
        await onBatch([makeReservation({ keyField: 'K1', logId: 1 })]);
      },
      postSentLogIds: async (_s: string, ids: number[]) => void acked.push(...ids),
    } as unknown as SyncClient;
    const store: PullStore = {
      importBatch: async () => {
        throw failure;
      },
      pendingAcknowledgements: async () => [],
      markAcknowledged: async () => undefined,
      recordUnreadable: async () => undefined,
      localFile: null,
    };
    const error = await pullReservations(
      client,
      store,
      {
        window: { checkInStart: '2026-01-01', checkInEnd: '2026-12-31' },
        now: () => new Date(),
        partnerId: 1001,
      },
      emptySummary(),
    ).catch((e: unknown) => e);
    expect(error).toBe(failure);
    expect(acked).toEqual([]);
    expect(describeFailure(error, en, null)).toMatch(/data file/);
  });
});
