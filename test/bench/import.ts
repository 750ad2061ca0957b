// Import benchmark (issue: core performance targets), each printed as a ratio to a bound measured in the
// same run on the same machine:
//  - JSON import of a 20k file ≤ 1.5 × the bare floor, in CPU as the issue measures it (wall printed
//    beside): JSON.parse of the file + bare prepared-statement inserts of each reservation's and each guest's
//    fields (the raw item's JSON is not in it: the import chooses to keep it, so it is the import's cost;
//    the floor with it is printed beside, as a diagnostic);
//  - (reported only: the XML import against the JSON import and against Python's ElementTree iterparse
//    merely reading the same file; their goals were retired with the hand-written XML extractor);
//  - peak memory of a 100k import ≤ 1.25 × the peak of a 20k import (each in its own process).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { makeFiles } from './files';
import { sameRowsLowerBound } from './floor';
import { importFile } from './import-once';
import { inOwnProcess } from './own-process';

interface WireGuest {
  Name?: string;
  Age?: number;
}
interface WireItem {
  KeyField?: string;
  LogId?: number;
  CheckIn?: string;
  CheckOut?: string;
  VoucherNo?: string;
  Customers?: WireGuest[];
}

/** The narrower floor of earlier runs (six reservation fields, four guest fields), printed for comparison. */
function lowerBound(file: string, dbFile: string): number {
  for (const s of ['', '-wal', '-shm']) rmSync(dbFile + s, { force: true });
  const db = new BetterSqlite3(dbFile);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(
    'CREATE TABLE r (key_field TEXT PRIMARY KEY, log_id INTEGER, check_in TEXT, check_out TEXT, voucher TEXT, raw TEXT)',
  );
  db.exec('CREATE TABLE g (key_field TEXT, position INTEGER, name TEXT, age INTEGER)');
  const insertR = db.prepare('INSERT INTO r VALUES (?, ?, ?, ?, ?, ?)');
  const insertG = db.prepare('INSERT INTO g VALUES (?, ?, ?, ?)');
  const start = performance.now();
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { Data?: WireItem[] } | WireItem[];
  const items = Array.isArray(parsed) ? parsed : (parsed.Data ?? []);
  db.transaction(() => {
    for (const it of items) {
      insertR.run(it.KeyField, it.LogId, it.CheckIn, it.CheckOut, it.VoucherNo, JSON.stringify(it));
      (it.Customers ?? []).forEach((c, i) => insertG.run(it.KeyField, i, c.Name, c.Age ?? null));
    }
  })();
  const ms = performance.now() - start;
  db.close();
  return ms;
}

// The Python peer: iterparse reading the file and doing nothing else, in both of its idioms (the plain loop
// keeps the whole tree; clearing each element as it ends is how a streaming client reads a large file and
// is about twice as fast). The faster one is the bar.
const PYTHON_PEER = `
import sys, time
from xml.etree.ElementTree import iterparse
start = time.process_time()
for _event, _element in iterparse(sys.argv[1]):
    pass
plain = time.process_time() - start
start = time.process_time()
for _event, element in iterparse(sys.argv[1]):
    element.clear()
cleared = time.process_time() - start
print(plain * 1000, cleared * 1000)
`;
import { median } from './median';

export interface PythonPeer {
  /** CPU ms, medians: the plain loop, and the loop clearing each element. */
  plainMs: number;
  clearMs: number;
}

/** The Python peer's CPU time reading `file`, or null when python3 cannot be run here. */
function pythonPeer(file: string, runs: number): PythonPeer | null {
  const plain: number[] = [];
  const clear: number[] = [];
  for (let i = 0; i < runs; i++) {
    const run = spawnSync('python3', ['-c', PYTHON_PEER, file], { encoding: 'utf8' });
    if (run.error || run.status !== 0) return null;
    const [a, b] = run.stdout.trim().split(/\s+/).map(Number);
    if (!Number.isFinite(a) || !Number.isFinite(b)) return null;
    plain.push(a as number);
    clear.push(b as number);
  }
  return { plainMs: median(plain), clearMs: median(clear) };
}

function peakRss(file: string, dbFile: string): number {
  return inOwnProcess<{ peakRssMB: number }>(new URL('./import-once.ts', import.meta.url), [file, dbFile])
    .peakRssMB;
}

export interface ImportBench {
  reservations: number;
  /** Runs of each import and floor; every figure is their median. */
  runs: number;
  /** The bare floor (the goal's), and the floor with the raw item's JSON (diagnostic) with the ratio to it. */
  floorMs: number;
  /** The bare floor's CPU ms: the goal's measure (the goal is stated in CPU seconds). */
  floorCpuMs: number;
  itemJsonFloorMs: number;
  itemJsonFloorRatio: number;
  /** The narrower floor (a few columns), and the import's ratio to it. */
  narrowFloorMs: number;
  narrowRatio: number;
  jsonMs: number;
  xmlMs: number;
  /** CPU ms of the same imports (the measure). */
  jsonCpuMs: number;
  xmlCpuMs: number;
  /** JSON import / bare floor, in CPU: target ≤ 1.5. */
  jsonRatio: number;
  /** The same in wall time (the figure of earlier runs). */
  jsonWallRatio: number;
  /** XML import / JSON import, in CPU (reported; goal retired). */
  xmlRatio: number;
  /** The Python peer merely reading the XML file, null without python3. */
  python: PythonPeer | null;
  /** XML import CPU / the faster Python idiom's CPU (reported; goal retired). */
  pythonRatio: number | null;
  /** The bare floor (wall, nearly all CPU) / the faster Python idiom: what storing the rows alone costs. */
  floorToPython: number | null;
  peak20kMB: number;
  peak100kMB: number;
  memoryRatio: number;
}

// Five runs, medians: with three, one disturbed run of the floor (946 vs 1283 ms in one hour on a shared
// machine) moved the JSON ratio from 1.9x to 1.5x.
export async function benchImport(runs = 5): Promise<ImportBench> {
  const dir = mkdtempSync(path.join(tmpdir(), 'resdesk-bench-'));
  try {
    const small = await makeFiles(dir, 20_000);
    const db = path.join(dir, 'bench.db');
    const floor: number[] = [];
    const floorCpu: number[] = [];
    const itemJsonFloor: number[] = [];
    const narrow: number[] = [];
    const json: number[] = [];
    const xml: number[] = [];
    const jsonCpu: number[] = [];
    const xmlCpu: number[] = [];
    let count = 0;
    for (let i = 0; i < runs; i++) {
      const bare = sameRowsLowerBound(small.json, db, false);
      floor.push(bare.ms);
      floorCpu.push(bare.cpuMs);
      itemJsonFloor.push(sameRowsLowerBound(small.json, db, true).ms);
      narrow.push(lowerBound(small.json, db));
      const j = await importFile(small.json, db);
      json.push(j.ms);
      jsonCpu.push(j.cpuMs);
      count = j.count;
      const x = await importFile(small.xml, db);
      xml.push(x.ms);
      xmlCpu.push(x.cpuMs);
    }
    const python = pythonPeer(small.xml, runs);
    const big = await makeFiles(dir, 100_000);
    const peak20k = peakRss(small.json, db);
    const peak100k = peakRss(big.json, db);
    const r = (n: number) => Math.round(n * 100) / 100;
    return {
      reservations: count,
      runs,
      floorMs: r(median(floor)),
      floorCpuMs: r(median(floorCpu)),
      itemJsonFloorMs: r(median(itemJsonFloor)),
      itemJsonFloorRatio: r(median(json) / median(itemJsonFloor)),
      narrowFloorMs: r(median(narrow)),
      narrowRatio: r(median(json) / median(narrow)),
      jsonMs: r(median(json)),
      xmlMs: r(median(xml)),
      jsonRatio: r(median(jsonCpu) / median(floorCpu)),
      jsonWallRatio: r(median(json) / median(floor)),
      jsonCpuMs: r(median(jsonCpu)),
      xmlCpuMs: r(median(xmlCpu)),
      xmlRatio: r(median(xmlCpu) / median(jsonCpu)),
      python,
      pythonRatio: python ? r(median(xmlCpu) / Math.min(python.plainMs, python.clearMs)) : null,
      floorToPython: python ? r(median(floor) / Math.min(python.plainMs, python.clearMs)) : null,
      peak20kMB: r(peak20k),
      peak100kMB: r(peak100k),
      memoryRatio: r(peak100k / peak20k),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
