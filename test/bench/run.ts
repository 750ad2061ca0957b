// `npm run bench`: every performance target of the issues, each printed as a ratio to a lower bound
// measured in the same run (the machines are shared and noisy: never a wall-clock threshold in a test).
// `npm run bench -- import store` runs only the named parts.
import { benchImport } from './import';
import { benchImportEngines, type PairedRatio } from './import-engines';
import { benchDecode } from './decode';
import { benchStart } from './start';
import { benchStore } from './store';
import { benchIdlePoll } from './idle-poll';
import { benchExport } from './export';
import { benchHotelCopy } from './hotel-copy';
import { benchChecks, CHECKS_RATIO_TARGET } from './checks';
import {
  AFTER_EVENT_RATIO_TARGET,
  BARE_PAGE_MS,
  benchInboxChecks,
  FIRST_PAGE_RATIO_TARGET,
  MEMORY_RATIO_TARGET,
} from './inbox-checks';
import { benchRenderer, BUNDLE_BUDGET_KB, FIRST_ROWS_TARGET_MS } from './renderer';
import {
  benchAllotment,
  CALENDAR_RATIO_TARGET,
  CHECKS_WITH_ALLOTMENTS_TARGET,
  PRODUCTION_RATIO_TARGET,
} from './allotment';
import { benchArrivalLatency, benchFirstSync, benchSteady } from './network';
import { measureDecisionAfterRecovery } from '../integration/sync/recovery';
import { benchAnswersOnLine } from './answers-line';
import { DEFAULT_INTERVAL_MS } from '../../main/sync/poller';

type Part = () => Promise<void>;

const line = (target: string, value: string, ok: boolean) =>
  console.log(`${ok ? 'MET ' : 'MISS'}  ${target}: ${value}`);

const parts: Record<string, Part> = {
  allotment: async () => {
    const a = await benchAllotment(Number(process.env.BENCH_ALLOTMENT_RESERVATIONS ?? 100_000));
    console.log(
      `allotment: ${a.reservations} reservations, ${a.contracts} contracts (${a.operators} operators × ${a.roomTypes} room types)`,
    );
    line(
      `the calendar's first screen for a season (180 nights, ${a.calendarRows} rows) / bare inbox page ≤ ${CALENDAR_RATIO_TARGET}x`,
      `${a.calendarRatio}x (${a.calendarMs} ms vs ${a.bareMs} ms)`,
      a.calendarRatio <= CALENDAR_RATIO_TARGET,
    );
    line(
      `inbox page of 200 with its checks, every operator under contract / no contract ≤ ${CHECKS_WITH_ALLOTMENTS_TARGET}x`,
      `${a.checksRatio}x (${a.checksWithMs} ms vs ${a.checksPlainMs} ms)`,
      a.checksRatio <= CHECKS_WITH_ALLOTMENTS_TARGET,
    );
    line(
      `each operator's production for six months (${a.producedStays} answered arrivals) / the bare read of its stays ≤ ${PRODUCTION_RATIO_TARGET}x`,
      `${a.productionRatio}x (${a.productionMs} ms vs ${a.staysReadMs} ms)`,
      a.productionRatio <= PRODUCTION_RATIO_TARGET,
    );
  },
  decode: async () => {
    const d = await benchDecode(20_000);
    console.log(`decode: ${d.reservations} reservations, JSON ${d.jsonMB} MB, XML ${d.xmlMB} MB`);
    // Diagnostics behind the import targets, not targets themselves: the JSON splitter also keeps each
    // item's text for the store (which then never serializes it again).
    console.log(
      `info  JSON streaming decode: ${d.jsonRatio}x JSON.parse of the whole file (${d.jsonStreamMs} ms vs ${d.jsonParseMs} ms)`,
    );
    console.log(
      `info  XML streaming decode: ${d.xmlToJsonRatio}x the JSON streaming decode (${d.xmlStreamMs} ms)`,
    );
    console.log(`info  XML reader alone (saxes), items and their JSON text: ${d.xmlReaderMs} ms`);
  },
  import: async () => {
    const b = await benchImport();
    console.log(
      `import: ${b.reservations} reservations from a file on disk into a fresh SQLite file (medians of ${b.runs} runs)`,
    );
    line(
      'JSON import ≤ 1.5x bare floor, CPU (JSON.parse + bare inserts of the reservation and guest fields)',
      `${b.jsonRatio}x (${b.jsonCpuMs} ms vs floor ${b.floorCpuMs} ms; wall ${b.jsonWallRatio}x, ${b.jsonMs} ms vs ${b.floorMs} ms)`,
      b.jsonRatio <= 1.5,
    );
    console.log(
      `      (against the floor of earlier runs, which also stringifies each raw item: ${b.itemJsonFloorRatio}x, floor ${b.itemJsonFloorMs} ms)`,
    );
    console.log(
      `      (against the narrower floor of earlier runs, six reservation and four guest fields: ${b.narrowRatio}x, floor ${b.narrowFloorMs} ms)`,
    );
    // The earlier XML goals (XML ≤ 1.2x JSON, faster than Python's iterparse) were retired with the
    // hand-written extractor: XML is read by saxes alone. Reported, not judged.
    console.log(
      `INFO  XML import / JSON import (CPU): ${b.xmlRatio}x (${b.xmlCpuMs} ms vs ${b.jsonCpuMs} ms; wall ${b.xmlMs} ms vs ${b.jsonMs} ms)`,
    );
    if (b.python && b.pythonRatio !== null)
      console.log(
        `INFO  XML import CPU / Python iterparse merely reading the file: ${b.pythonRatio}x (${b.xmlCpuMs} ms vs ${Math.round(Math.min(b.python.plainMs, b.python.clearMs))} ms)`,
      );
    line(
      'peak memory 100k ≤ 1.25x peak 20k',
      `${b.memoryRatio}x (${b.peak100kMB} MB vs ${b.peak20kMB} MB)`,
      b.memoryRatio <= 1.25,
    );
  },
  'import-engines': async () => {
    const b = await benchImportEngines(
      Number(process.env.BENCH_IMPORT_RESERVATIONS ?? 20_000),
      Number(process.env.BENCH_INBOX_RESERVATIONS ?? 100_000),
    );
    const ms = (n: number) => `${Math.round(n)} ms`;
    const pairs = (r: PairedRatio) => `pairs ${r.lowest.toFixed(2)}–${r.highest.toFixed(2)}x`;
    console.log(
      `import-engines: first sync of ${b.reservations} reservations (JSON file, pages of 2000, check keys in the import), medians of ${b.runs}; each ratio the median of its side-by-side pairs`,
    );
    line(
      'first sync PostgreSQL / SQLite ≤ 1.5x, CPU (PostgreSQL: this process and the server)',
      `${b.cpuRatio.ratio.toFixed(2)}x (${ms(b.postgres.cpuMs)}, of it the server ${ms(b.postgres.serverCpuMs)}, vs ${ms(b.sqlite.cpuMs)}; ${pairs(b.cpuRatio)})`,
      b.cpuRatio.ratio <= 1.5,
    );
    line(
      'first sync PostgreSQL / SQLite ≤ 1.5x, wall',
      `${b.wallRatio.ratio.toFixed(2)}x (${ms(b.postgres.ms)} vs ${ms(b.sqlite.ms)}; ${pairs(b.wallRatio)})`,
      b.wallRatio.ratio <= 1.5,
    );
    line(
      'statements (round trips) per imported reservation on PostgreSQL ≤ 0.05',
      `${b.statementsPerReservation.toFixed(4)} (${b.postgres.statements} for ${b.reservations})`,
      b.statementsPerReservation <= 0.05,
    );
    const extra = b.inbox.firstCpuMs - b.inbox.bareCpuMs;
    line(
      `first inbox page after a first sync of ${b.inbox.reservations} ≤ 300 ms CPU over the bare page`,
      `${ms(extra)} over (${ms(b.inbox.firstCpuMs)} vs bare ${ms(b.inbox.bareCpuMs)}, ${(b.inbox.firstCpuMs / Math.max(1, b.inbox.bareCpuMs)).toFixed(1)}x; wall ${ms(b.inbox.firstMs)}; ${b.inbox.pendingAfter} left to key)`,
      extra <= 300,
    );
    line(
      `whole JSON first sync of ${b.reservations} (own process, keyed) / bare floor (own process) ≤ 3x, CPU`,
      `${b.whole.ratio.ratio.toFixed(2)}x (${ms(b.whole.cpuMs)} vs floor ${ms(b.whole.floorCpuMs)}; ${pairs(b.whole.ratio)}; the process from its start ${ms(b.whole.processCpuMs)})`,
      b.whole.ratio.ratio <= 3,
    );
    const floor = b.postgresFloor;
    console.log(
      `info  PostgreSQL's floor: the rows the import leaves (${floor.tables.map((t) => `${t.table} ${t.rows}`).join(', ')}) COPY'd into the same tables in one transaction: ${ms(floor.cpuMs)} of server CPU; the import's server time is ${(b.postgres.serverCpuMs / Math.max(1, floor.cpuMs)).toFixed(2)}x that (medians, not paired)`,
    );
    if (b.statements === null)
      console.log('info  server time per statement: pg_stat_statements is not installed');
    for (const st of b.statements ?? [])
      console.log(`info  server ${ms(st.ms)} in ${st.calls} calls: ${st.statement}`);
  },
  start: async () => {
    const s = benchStart();
    line(
      `start at ${s.large / 1000}k / start at ${s.small / 1000}k, CPU (check, open, setup, first counts) ≤ 1.2x`,
      `${s.ratio.toFixed(2)}x (${s.largeMs.toFixed(1)} ms vs ${s.smallMs.toFixed(1)} ms)`,
      s.ratio <= 1.2,
    );
    console.log(
      `info  the whole read at ${s.large / 1000}k (after an unclean stop, or weekly): ${s.wholeLargeMs.toFixed(0)} ms CPU`,
    );
  },
  'hotel-copy': async () => {
    const c = await benchHotelCopy(Number(process.env.BENCH_COPY_RESERVATIONS ?? 100_000));
    const everyMs = 120_000;
    console.log(
      `hotel-copy: ${c.reservations} reservations; the whole copy once ${c.wholeCpuMs} ms CPU (${c.wholeMs} ms wall); ` +
        `a refresh with nothing changed ${c.idleCpuMs} ms CPU`,
    );
    const share = c.busyCpuMs / everyMs;
    line(
      `a desk's copy of the hotel's data, CPU per ${everyMs / 1000} s refresh / the interval ≤ 2 % of a core ` +
        `(${c.changed.reservations} changed, ${c.changed.arrived} arrived, ${c.changed.decisions} answered in it)`,
      `${(share * 100).toFixed(2)} % (${c.busyCpuMs} ms CPU each ${everyMs / 1000} s)`,
      share <= 0.02,
    );
  },
  store: async () => {
    const s = await benchStore(100_000, 21);
    console.log(
      `store: ${s.reservations} reservations, ${s.guestsPerReservation} guests each; ${s.importsPerSecond}/s wall, ${s.importsPerCpuSecond}/s CPU`,
    );
    for (const [name, ms] of Object.entries(s.inboxPageMs))
      line(`inbox page of 200 (${name}) < 10 ms median`, `${ms} ms`, ms < 10);
    for (const [name, ms] of Object.entries(s.searchMs))
      line(`search "${name}" < 10 ms median`, `${ms} ms`, ms < 10);
  },
  idle: async () => {
    const b = await benchIdlePoll();
    line('idle poll cycle does no database writes', `${b.writes} writes`, b.writes === 0);
    console.log(
      `      idle cycle ${b.idleCycleMs} ms = ${b.ratio}x one bare list request (${b.bareListMs} ms)`,
    );
  },
  export: async () => {
    const e = await benchExport(100_000);
    console.log(JSON.stringify(e, null, 2));
  },
  checks: async () => {
    const c = benchChecks(100_000);
    console.log(
      `checks: ${c.reservations} reservations, every rule tripped (${Object.entries(c.kinds)
        .map(([kind, n]) => `${kind} ${n}`)
        .join(', ')})`,
    );
    line(
      `pre-confirm checks (index + check all) ≤ ${CHECKS_RATIO_TARGET}x one plain object per reservation`,
      `${c.ratio}x (${c.indexMs} + ${c.checkMs} ms vs floor ${c.floorMs} ms)`,
      c.ratio <= CHECKS_RATIO_TARGET,
    );
    console.log(
      `      ${c.microsecondsPerReservation} µs per reservation on this machine now; checking alone ${c.checkRatio}x the floor`,
    );
    const n = Number(process.env.BENCH_CHECKS_RESERVATIONS ?? 100_000);
    const b = await benchInboxChecks(n);
    console.log(
      `inbox with checks: ${b.reservations} reservations, database ${b.dbMB} MB; bare page of 200 ${b.bareMs} ms (the issue's ${BARE_PAGE_MS} ms)`,
    );
    line(
      `first inbox page after start ≤ ${FIRST_PAGE_RATIO_TARGET}x the bare page (300 ms at ${BARE_PAGE_MS} ms)`,
      `${b.firstRatio}x (${b.firstPageMs} ms)`,
      b.firstRatio <= FIRST_PAGE_RATIO_TARGET,
    );
    line(
      `inbox after a new reservation ≤ ${AFTER_EVENT_RATIO_TARGET}x the bare page (50 ms)`,
      `${b.afterNewRatio}x (${b.afterNewMs} ms)`,
      b.afterNewRatio <= AFTER_EVENT_RATIO_TARGET,
    );
    line(
      `inbox after a confirm ≤ ${AFTER_EVENT_RATIO_TARGET}x the bare page (50 ms)`,
      `${b.afterConfirmRatio}x (${b.afterConfirmMs} ms)`,
      b.afterConfirmRatio <= AFTER_EVENT_RATIO_TARGET,
    );
    line(
      `memory the checks hold ≤ ${MEMORY_RATIO_TARGET}x the database file`,
      `${b.memoryRatio}x (${b.checksMB} MB of ${b.dbMB} MB)`,
      b.memoryRatio <= MEMORY_RATIO_TARGET,
    );
    console.log(
      `      keying every reservation once (first start after migration 012): ${b.keyAllMs} ms; a full rebuild in memory (the desk before; now only the tests' yardstick): ${b.rebuildMs} ms, +${b.rebuildMB} MB`,
    );
  },
  renderer: async () => {
    const r = await benchRenderer(100_000, 5);
    line(
      `first rows with ${r.reservations / 1000}k`,
      `${r.firstRowsMs} ms (${r.ratio} x the empty-inbox load, target < ${FIRST_ROWS_TARGET_MS} ms)`,
      r.firstRowsMs < FIRST_ROWS_TARGET_MS,
    );
    line(
      `renderer JavaScript < ${BUNDLE_BUDGET_KB} KB gzipped`,
      `${r.bundleKB} KB (${Math.round((r.bundleKB / BUNDLE_BUDGET_KB) * 100)}% of the budget; ${r.bundleRawKB} KB raw)`,
      r.bundleKB < BUNDLE_BUDGET_KB,
    );
    console.log(
      `      medians of ${r.loads} loads; empty inbox ${r.emptyInboxMs} ms; 100k ${r.firstRowsRuns.join(', ')} ms`,
    );
  },
  answers: async () => {
    const a = await benchAnswersOnLine();
    line(
      `${a.answers} confirmations on a line holding every request ${a.delayMs} ms: the last answer's arrival / ${a.answers} bare requests ≤ 1.25x`,
      `${a.ratio}x (${a.lastAnswerMs} ms vs ${a.answers} × ${a.bareRequestMs} ms; the whole round with vouchers and numbers ${a.roundMs} ms)`,
      a.ratio <= 1.25,
    );
  },
  network: async () => {
    const sizes = (process.env.BENCH_NETWORK_SIZES ?? '1500,20000').split(',').map(Number);
    const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
    for (const n of sizes)
      for (const format of ['xml', 'json'] as const) {
        const f = await benchFirstSync(n, format);
        line(
          `first sync ${n} ${format.toUpperCase()}: uncompressed / compressed bytes on the wire ≥ 5x`,
          `${f.ratio.toFixed(1)}x (${kb(f.plain.bytes)} vs ${kb(f.compressed.bytes)}; ${f.compressed.requests} requests, ${f.compressed.logins} login, ${f.compressed.connections} connections)`,
          f.ratio >= 5,
        );
      }
    const s = await benchSteady(sizes[0] ?? 1500);
    const interval = DEFAULT_INTERVAL_MS / 1000;
    const idlePerHour = (3600 / interval) * s.idlePoll.bytes;
    console.log(
      `steady desk: ${s.reservations} reservations, ${s.waiting} waiting; idle poll ${Math.round(s.idlePoll.bytes)} bytes, ${s.idlePoll.requests} request(s), ${s.idlePoll.logins} logins and ${s.idlePoll.connections} new connections over 10 polls, cycle ${Math.round(s.idleCycleMs)} ms`,
    );
    line(
      `idle traffic per hour at the default interval (${interval} s) ≤ 300 KB`,
      `${kb(idlePerHour)}/h`,
      idlePerHour <= 300 * 1024,
    );
    // Before: the full lists every 30 minutes. Now: a bounded reconcile every 30 minutes, the full lists
    // once a day (and at start).
    const before = 2 * s.full.bytes;
    const now = 2 * s.bounded.bytes + s.full.bytes / 24;
    line(
      'reconcile traffic per hour with nothing new, now / before ≤ 0.1',
      `${(now / before).toFixed(3)}x (${kb(now)}/h vs ${kb(before)}/h; bounded ${kb(s.bounded.bytes)} in ${s.bounded.requests} requests, full ${kb(s.full.bytes)})`,
      now / before <= 0.1,
    );
    // Measured with the real poller at the default interval; the model said half an interval plus a cycle.
    const a = await benchArrivalLatency(DEFAULT_INTERVAL_MS, Number(process.env.BENCH_ARRIVALS ?? 32));
    const median = a.medianMs / 1000;
    const q = (f: number) =>
      (
        (a.samplesMs[Math.min(a.samplesMs.length - 1, Math.floor(f * a.samplesMs.length))] ?? 0) / 1000
      ).toFixed(1);
    line(
      `median arrival → stored / 10 s ≤ 1 (measured: ${a.samplesMs.length} arrivals at random moments, real poller, ${interval} s)`,
      `${(median / 10).toFixed(2)} (${median.toFixed(1)} s = ${(a.medianMs / DEFAULT_INTERVAL_MS).toFixed(2)} intervals; quartiles ${q(0.25)}–${q(0.75)} s, longest ${q(1)} s)`,
      median <= 10,
    );
    const r = await measureDecisionAfterRecovery({ intervalMs: DEFAULT_INTERVAL_MS, failedCycles: 4 });
    line(
      'decision after recovery / 30 s ≤ 1 (service stopped, answer queued, back on the same port)',
      `${(r.msAfterRecovery / 30_000).toFixed(2)} (${r.msAfterRecovery / 1000} s simulated, ${r.stepsAfterRecovery} poller step(s), sent ${r.delivered}x; the poll itself had backed off to ${r.backoffAtRecoveryMs / 1000} s)`,
      r.msAfterRecovery <= 30_000 && r.delivered === 1,
    );
  },
};

const wanted = process.argv.slice(2).filter((a) => a in parts);
for (const name of wanted.length > 0 ? wanted : Object.keys(parts)) {
  console.log(`\n== ${name}`);
  try {
    await parts[name]?.();
  } catch (error) {
    console.log(`MISS  ${name} did not run: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
