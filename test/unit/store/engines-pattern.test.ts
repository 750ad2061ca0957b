// The store's two-engine pattern: one operation, compiled for each engine; a
// prepared query compiled once per engine with each call's values; failures thrown into the operation; a write
// all or nothing on SQLite. The same operations on a real PostgreSQL: test/integration/hotel-db/store-areas.test.ts.
import { PostgresQueryCompiler, SqliteQueryCompiler } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from 'better-sqlite3';
import { all, first, once, q, run, type Op } from '../../../main/store/engines/op';
import { prepared } from '../../../main/store/engines/prepared';
import { runSqlite, writeSqlite } from '../../../main/store/engines/run-sqlite';
import { openDeskDatabase } from './desk-fixture';

const sqlite = new SqliteQueryCompiler();
const postgres = new PostgresQueryCompiler();

describe('one query, two engines', () => {
  it("compiles the same builder to each engine's SQL", () => {
    const upsert = once(
      q
        .insertInto('settings')
        .values({ key: 'k', value: '1' })
        .onConflict((c) => c.column('key').doUpdateSet({ value: (e) => e.ref('excluded.value') }))
        .returning('key'),
    );
    const onSqlite = upsert.compileFor(sqlite);
    const onPostgres = upsert.compileFor(postgres);
    expect(onSqlite.sql).toBe(
      'insert into "settings" ("key", "value") values (?, ?) on conflict ("key") do update set "value" = "excluded"."value" returning "key"',
    );
    expect(onPostgres.sql).toBe(
      'insert into "settings" ("key", "value") values ($1, $2) on conflict ("key") do update set "value" = "excluded"."value" returning "key"',
    );
    expect(onSqlite.parameters).toEqual(['k', '1']);
    expect(onPostgres.parameters).toEqual(['k', '1']);
  });

  it("prepares once per engine and binds each call's values in their places", () => {
    let builds = 0;
    const byKey = prepared((p: { key: string; limit: number }) => {
      builds++;
      return q.selectFrom('settings').select('value').where('key', '=', p.key).limit(p.limit);
    });
    const a = byKey({ key: 'a', limit: 1 }).compileFor(sqlite);
    const b = byKey({ key: 'b', limit: 2 }).compileFor(sqlite);
    const c = byKey({ key: 'c', limit: 3 }).compileFor(postgres);
    expect(builds).toBe(1);
    expect(a.sql).toBe(b.sql);
    expect(c.sql).toBe('select "value" from "settings" where "key" = $1 limit $2');
    expect([a.parameters, b.parameters, c.parameters]).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
  });
});

describe('runSqlite', () => {
  let db: Database;
  beforeEach(() => {
    db = openDeskDatabase();
  });
  afterEach(() => db.close());

  const put = (key: string, value: string) => run(q.insertInto('settings').values({ key, value }));

  it('hands each query its rows and counts, and returns what the operation returns', () => {
    function* op(): Op<[number, number, string[]]> {
      const added = yield* put('a', '1');
      const returned = yield* all(q.deleteFrom('settings').where('key', '=', 'a').returning('key'));
      const none = yield* run(q.deleteFrom('settings').where('key', '=', 'a'));
      return [added, none, returned.map((r) => r.key)];
    }
    expect(runSqlite(db, op())).toEqual([1, 0, ['a']]);
  });

  it('throws a failing query into the operation, which may say what it means', () => {
    function* op(): Op<string> {
      try {
        yield* put('a', 'not json');
        return 'stored';
      } catch {
        return 'refused';
      }
    }
    expect(runSqlite(db, op())).toBe('refused');
  });

  it('writes all of an operation or nothing', () => {
    function* op(): Op<void> {
      yield* put('a', '1');
      yield* put('b', 'not json');
    }
    expect(() => writeSqlite(db, op())).toThrow(/CHECK/);
    expect(runSqlite(db, first(q.selectFrom('settings').select('key')))).toBeUndefined();
  });
});
