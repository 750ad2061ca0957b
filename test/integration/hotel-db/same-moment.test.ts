// Two desks doing the same thing at the same moment on the hotel's database come out as if one did it after the
// other: each write below runs twice at once (the PostgreSQL pool gives each its own connection), several times.
// A read followed by a write lets both through on PostgreSQL unless the write claims, locks or takes turns; on
// SQLite one writer runs at a time, so the same outcomes hold there trivially.
// `npx vitest run test/integration/hotel-db/same-moment.test.ts`
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decisionOps, DecisionRefused } from '../../../main/store/decisions';
import { mappingOps, mappingViewOps } from '../../../main/store/mappings';
import { RELEASES_SAID_ON } from '../../../main/store/release-day';
import { settingsOps } from '../../../main/store/settings';
import { stayCodeOps } from '../../../main/store/stay-codes';
import { contractProblems } from '../../../shared/contract-problems';
import { julyAllotment } from '../../harness/contracts';
import { newVersion, seedReservation } from './answers-seed';
import { bothEngines, engineNames, type EngineUnderTest } from './engines';

const AT = '2026-07-01T09:00:00.000Z';
const TRIES = 5;
const engines = bothEngines();

const count = async (e: EngineUnderTest, sql: string): Promise<number> =>
  Number((await e.rows(`SELECT CAST(count(*) AS integer) AS n FROM ${sql}`))[0]?.n);

/** Whether a write went through or was refused with a DecisionRefused, by its code. */
const outcome = async (p: Promise<unknown>): Promise<string> => {
  try {
    await p;
    return 'done';
  } catch (error) {
    if (error instanceof DecisionRefused) return error.code;
    throw error;
  }
};

describe.each(engineNames)('on %s', (name) => {
  let e: EngineUnderTest;
  beforeEach(async () => {
    e = await engines.open(name);
  });
  afterEach(async () => {
    await e.close();
  });

  it('a setting claimed by three desks at once is claimed by one', async () => {
    for (const day of ['2026-07-01', '2026-07-02', '2026-07-03', '2026-07-04', '2026-07-05']) {
      const claims = await Promise.all(
        [1, 2, 3].map(() => e.write(settingsOps.claim(RELEASES_SAID_ON, day))),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
    }
    expect(await e.write(settingsOps.claim(RELEASES_SAID_ON, '2026-07-05'))).toBe(false);
    expect(await e.store.getSetting(RELEASES_SAID_ON, null)).toBe('2026-07-05');
  });

  it("the day's release reminders are said once", async () => {
    const reminder = {
      kind: 'contract' as const,
      change: 'release' as const,
      agencyId: 'A1',
      roomType: 'DZ',
      night: '2026-07-15',
      releaseOn: '2026-07-08',
      unused: 2,
      allotted: 4,
    };
    for (const day of ['2026-07-07', '2026-07-08', '2026-07-09']) {
      const said = await Promise.all(
        ['Ayşe', 'Mehmet'].map((user) => e.store.sayReleasesOnce(day, [reminder, reminder], user, AT)),
      );
      expect(said.filter(Boolean)).toHaveLength(1);
    }
    expect(await count(e, 'activity')).toBe(6);
  });

  it('two contracts sharing nights of one room type: one is stored, the other refused', async () => {
    for (let i = 0; i < TRIES; i++) {
      const roomType = `DZ${i}`;
      const [a, b] = await Promise.all([
        e.store.addContract(julyAllotment({ roomType, to: '2026-07-20' }), 'Ayşe', AT, contractProblems),
        e.store.addContract(julyAllotment({ roomType, from: '2026-07-15' }), 'Mehmet', AT, contractProblems),
      ]);
      expect(['saved' in a, 'saved' in b].filter(Boolean)).toHaveLength(1);
    }
    expect(await count(e, 'contracts')).toBe(TRIES);
  });

  it('two contracts moved onto the same nights: one move is stored, the other refused', async () => {
    for (let i = 0; i < TRIES; i++) {
      const roomType = `DZ${i}`;
      const july = (from: string, to: string) => julyAllotment({ roomType, from, to });
      const first = await e.store.addContract(july('2026-07-01', '2026-07-10'), 'A', AT, contractProblems);
      const second = await e.store.addContract(july('2026-07-20', '2026-07-31'), 'A', AT, contractProblems);
      if (!('saved' in first) || !('saved' in second)) throw new Error('the contracts were not stored');
      // Each move alone fits beside the other contract as it stands; the two together share 12–15 July.
      const moved = await Promise.all([
        e.store.updateContract(
          first.saved.id,
          july('2026-07-01', '2026-07-15'),
          'Ayşe',
          AT,
          contractProblems,
        ),
        e.store.updateContract(
          second.saved.id,
          july('2026-07-12', '2026-07-31'),
          'Mehmet',
          AT,
          contractProblems,
        ),
      ]);
      expect(moved.filter((m) => m !== null && 'saved' in m)).toHaveLength(1);
    }
    const nights = await e.store.listContracts();
    for (const c of nights)
      for (const other of nights)
        if (c.id !== other.id && c.roomType === other.roomType)
          expect(c.to < other.from || other.to < c.from).toBe(true);
  });

  it('the family policy turned on, and the same rates saved, by two desks: each change logged once', async () => {
    for (const on of [true, false, true])
      await Promise.all([1, 2].map(() => e.store.setMenOnly(on, 'Ayşe', AT)));
    expect(await count(e, "activity WHERE action = 'settings'")).toBe(3);
    for (const usd of [0.91, 0.92, 0.93])
      await Promise.all(
        [
          { USD: usd, GBP: 1.17 },
          { GBP: 1.17, USD: usd },
        ].map((rates) => e.store.setProductionRates({ hotelCurrency: 'EUR', rates }, 'Mehmet', AT)),
      );
    expect(await count(e, "activity WHERE action = 'settings'")).toBe(6);
    expect(await e.store.productionRates()).toEqual({
      hotelCurrency: 'EUR',
      rates: { GBP: 1.17, USD: 0.93 },
    });
  });

  it('a copy of mappings never overwrites a code another desk maps meanwhile', async () => {
    const code = (value: string) => ({ agencyId: 'AG1', kind: 'room' as const, code: value, name: value });
    await e.write(
      stayCodeOps.replace(
        'AG1',
        Array.from({ length: TRIES }, (_, i) => code(`R${i}`)),
      ),
    );
    for (let i = 0; i < TRIES; i++) {
      const set = { kind: 'room' as const, channelCode: `R${i}`, at: AT };
      await e.write(mappingOps.set({ ...set, agencyId: 'AG2', hotelCode: 'COPIED', user: 'A' }));
      await Promise.all([
        e.write(mappingViewOps.copy({ agencyId: 'AG1', fromAgencyId: 'AG2', user: 'Ayşe', at: AT })),
        e.write(mappingOps.set({ ...set, agencyId: 'AG1', hotelCode: `OWN${i}`, user: 'Mehmet' })),
      ]);
      expect(await e.store.hotelCodeFor('AG1', 'room', `R${i}`)).toBe(`OWN${i}`);
    }
  });

  it("two desks replacing the service's lists at once: one list stays, never both together", async () => {
    const codes = (...values: string[]) =>
      values.map((value) => ({ agencyId: 'AG1', kind: 'room' as const, code: value, name: value }));
    const reasons = (...ids: string[]) => ids.map((id) => ({ id, name: id, lang: 'tr-TR' as const }));
    for (let i = 0; i < TRIES; i++) {
      await Promise.all([
        e.write(stayCodeOps.replace('AG1', codes(`A${i}`, 'SHARED'))),
        e.write(stayCodeOps.replace('AG1', codes(`B${i}`, 'SHARED'))),
        e.store.replaceNotConfirmMessages('tr-TR', reasons(`A${i}`)),
        e.store.replaceNotConfirmMessages('tr-TR', reasons(`B${i}`)),
      ]);
      const kept = (await e.rows("SELECT code FROM stay_codes WHERE agency_id = 'AG1'")).map((r) => r.code);
      expect([
        [`A${i}`, 'SHARED'],
        [`B${i}`, 'SHARED'],
      ]).toContainEqual([...kept].sort());
      const listed = (await e.store.listNotConfirmMessages('tr-TR')).map((r) => r.id);
      expect([[`A${i}`], [`B${i}`]]).toContainEqual(listed);
    }
  });

  it('a review sent by one desk and discarded by another: one of them is done, the other refused', async () => {
    const confirm = { action: 'confirm' as const, note: '', reasonId: null, user: 'A', decidedAt: AT };
    for (let i = 0; i < TRIES; i++) {
      const key = `K${i}`;
      await seedReservation(e, { key, logId: 10 * i + 1 });
      const decision = await e.write(
        decisionOps.enqueue({ ...confirm, keyField: key, basedOnLogId: 10 * i + 1 }),
      );
      await newVersion(e, key, 10 * i + 2);
      expect(await e.write(decisionOps.markForReview(decision.id))).toBe(true);
      const results = await Promise.all([
        outcome(e.write(decisionOps.resolveReview(decision.id, 'send'))),
        outcome(e.write(decisionOps.resolveReview(decision.id, 'discard'))),
      ]);
      expect([...results].sort()).toEqual(['done', 'not-in-review']);
      const [row] = await e.rows(`SELECT state FROM decisions WHERE id = ${decision.id}`);
      expect(row?.state).toBe(results[0] === 'done' ? 'pending' : 'discarded');
    }
  });

  it("a stop-sale's notice marked sent while another desk removes the stop-sale: an answer, never a failure", async () => {
    for (let i = 0; i < TRIES; i++) {
      const stop = await e.store.addStopSale({
        codeKind: 'roomType',
        hotelCode: 'DZ',
        from: '2026-08-01',
        to: '2026-08-05',
        user: 'A',
        at: AT,
      });
      const [sent, removed] = await Promise.all([
        e.store.markStopSaleNoticeSent(stop.id, 'AG1', 'Ayşe', AT),
        e.store.removeStopSale(stop.id, 'Mehmet', AT),
      ]);
      expect(typeof sent).toBe('boolean');
      expect(removed).not.toBeNull();
    }
    expect(await count(e, 'stop_sale_notices')).toBe(0);
  });
});
