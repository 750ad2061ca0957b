#!/usr/bin/env node
// The one test command (README, .ci/run): type-check, lint, format check, every Vitest suite (unit, integration,
// browser, keychain, security scan), then one plain summary line "N passed, N failed".
// The keychain suite needs a Secret Service: when we are not already inside a D-Bus session we re-run
// ourselves under dbus-run-session with an unlocked gnome-keyring-daemon.
import { spawnSync, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const inSession = args.includes('--in-session');
const passThrough = args.filter((a) => a !== '--in-session');

function has(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

if (!inSession && !process.env.RESDESK_NO_DBUS && has('dbus-run-session') && has('gnome-keyring-daemon')) {
  const r = spawnSync(
    'dbus-run-session',
    ['--', process.execPath, fileURLToPath(import.meta.url), '--in-session', ...passThrough],
    {
      stdio: 'inherit',
      cwd: root,
    },
  );
  process.exit(r.status ?? 1);
}

if (inSession) {
  try {
    // A throw-away keyring in a temporary home: an empty password would create no login collection, and
    // the tests must never write into the developer's real keyring.
    process.env.XDG_DATA_HOME = mkdtempSync(path.join(tmpdir(), 'resdesk-keyring-'));
    const out = execFileSync('gnome-keyring-daemon', ['--unlock', '--components=secrets'], {
      input: 'resdesk-test-keyring',
      encoding: 'utf8',
      env: process.env,
    });
    for (const line of out.split('\n')) {
      const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
      if (m) process.env[m[1]] = m[2];
    }
  } catch (e) {
    console.error(`gnome-keyring-daemon could not start (${e.message}); the keychain suite will report it.`);
  }
}

let passed = 0;
let failed = 0;
const run = (name, cmd, cmdArgs) => {
  console.log(`\n== ${name}`);
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', cwd: root, env: process.env });
  if (r.status === 0) passed++;
  else {
    failed++;
    console.log(`!! ${name} failed`);
  }
};

const onlyVitest = passThrough.length > 0;
if (!onlyVitest) {
  run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.node.json', '--noEmit']);
  run('typecheck renderer', 'npx', ['tsc', '-p', 'tsconfig.web.json', '--noEmit']);
  run('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
  // A formatting slip fails the run like a lint finding (test/fixtures are wire samples, kept byte for byte).
  run('format', 'npx', ['prettier', '--check', '.']);
}

const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });
const jsonOut = path.join(results, 'vitest.json');
rmSync(jsonOut, { force: true });
console.log('\n== vitest');
const v = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${jsonOut}`, ...passThrough],
  {
    stdio: 'inherit',
    cwd: root,
    env: process.env,
  },
);
if (existsSync(jsonOut)) {
  const report = JSON.parse(readFileSync(jsonOut, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A suite that fails to load has no tests in the count: count it as a failure.
  for (const suite of report.testResults ?? []) {
    if (suite.status === 'failed' && (suite.assertionResults ?? []).length === 0) failed++;
  }
} else {
  failed++;
  console.log(`!! vitest produced no report (exit ${v.status})`);
}
if (v.status !== 0 && failed === 0) failed++;

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
