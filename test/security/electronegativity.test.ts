// Electronegativity over the code Electron runs (main/, preload/, renderer/): any HIGH or MEDIUM finding
// fails unless test/security/electronegativity-allowlist.json explains it. A deliberately insecure canary
// file is scanned alongside, so a scanner that silently finds nothing also fails.
import {
  cpSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface Finding {
  id: string;
  file: string;
  severity: { name: string };
  confidence: { name: string };
  location: { line: number; column: number };
  description: string;
}
interface ScanResult {
  errors: { file: string; message: string; tolerable?: boolean }[];
  issues: Finding[];
}
interface AllowEntry {
  id: string;
  file: string;
  reason: string;
}

const root = path.resolve(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
const runScan: (
  options: Record<string, unknown>,
  forCli: boolean,
) => Promise<ScanResult> = require('@doyensec/electronegativity/dist/runner.js');
const allowList: AllowEntry[] = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'electronegativity-allowlist.json'), 'utf8'),
);

const CANARY = 'canary/insecure-window.js';
let workDir: string;
let result: ScanResult;

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'resdesk-electronegativity-'));
  for (const dir of ['main', 'preload', 'renderer']) {
    if (existsSync(path.join(root, dir)))
      cpSync(path.join(root, dir), path.join(workDir, dir), { recursive: true });
  }
  copyFileSync(path.join(root, 'package.json'), path.join(workDir, 'package.json'));
  mkdirSync(path.join(workDir, 'canary'));
  writeFileSync(
    path.join(workDir, CANARY),
    "const { BrowserWindow } = require('electron');\nnew BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false } });\n",
  );
  result = await runScan(
    {
      input: workDir,
      isRelative: true,
      isVerbose: false,
      customScan: [],
      excludeFromScan: [],
      electronVersionOverride: '45.4.1',
    },
    false,
  );
}, 180_000);

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const serious = (f: Finding) => f.severity.name === 'HIGH' || f.severity.name === 'MEDIUM';
const posix = (file: string) => file.split(path.sep).join('/');

describe('electronegativity', () => {
  it('parses every file and catches the insecure canary', () => {
    expect(result.errors.filter((e) => !e.tolerable).map((e) => `${e.file}: ${e.message}`)).toEqual([]);
    expect(result.issues.some((f) => posix(f.file) === CANARY && serious(f))).toBe(true);
  });

  it('has no HIGH or MEDIUM finding that the allow-list does not explain', () => {
    const unexplained = result.issues
      .filter((f) => serious(f) && posix(f.file) !== CANARY)
      .filter((f) => !allowList.some((a) => a.id === f.id && a.file === posix(f.file)))
      .map((f) => `${f.id} (${f.severity.name}) ${posix(f.file)}:${f.location.line} ${f.description}`);
    expect(unexplained).toEqual([]);
  });

  it('every allow-list entry has a reason and still matches a finding', () => {
    for (const entry of allowList) {
      expect(entry.reason.length).toBeGreaterThan(20);
      expect(result.issues.some((f) => f.id === entry.id && posix(f.file) === entry.file)).toBe(true);
    }
  });
});
