#!/usr/bin/env node
// The one test command (README, .ci/run): type-check, lint, format check, every Vitest suite (unit, integration,
// browser, keychain, security scan), then each stage's time, the ten slowest test files and one plain summary
// line "N passed, N failed". The static stages run two at a time (a machine has two cores at least); the type
// checks and the format check keep their caches in node_modules/.cache, so a second run checks only what changed.
// The keychain suite needs a Secret Service: when we are not already inside a D-Bus session we re-run
// ourselves under dbus-run-session with an unlocked gnome-keyring-daemon.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
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
/** Each stage's name and seconds, printed at the end. */
const times = [];
const cache = path.join(root, 'node_modules', '.cache');

/** Runs a stage with its output kept together (printed when it ends), so two at a time stay readable. */
const stage = (name, cmd, cmdArgs) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, cmdArgs, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      times.push([name, seconds]);
      console.log(`\n== ${name} (${seconds.toFixed(0)} s)`);
      if (output.trim()) console.log(output.trimEnd());
      if (code === 0) passed++;
      else {
        failed++;
        console.log(`!! ${name} failed`);
      }
      resolve();
    });
  });

const onlyVitest = passThrough.length > 0;
if (!onlyVitest) {
  const incremental = (name) => [
    '--incremental',
    '--tsBuildInfoFile',
    path.join(cache, `tsc-${name}.tsbuildinfo`),
  ];
  await Promise.all([
    stage('typecheck', 'npx', ['tsc', '-p', 'tsconfig.node.json', '--noEmit', ...incremental('node')]),
    stage('typecheck renderer', 'npx', ['tsc', '-p', 'tsconfig.web.json', '--noEmit', ...incremental('web')]),
  ]);
  // Type-aware lint has no cache: its findings in one file depend on the types of others, which ESLint's cache
  // does not follow. A formatting slip fails the run like a lint finding (test/fixtures are wire samples).
  await Promise.all([
    stage('lint', 'npx', ['eslint', '.', '--max-warnings', '0']),
    stage('format', 'npx', ['prettier', '--check', '.', '--cache']),
  ]);
}

const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });
const jsonOut = path.join(results, 'vitest.json');
rmSync(jsonOut, { force: true });
console.log('\n== vitest');
const vitestStarted = Date.now();
const v = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${jsonOut}`, ...passThrough],
  {
    stdio: 'inherit',
    cwd: root,
    env: process.env,
  },
);
times.push(['vitest', (Date.now() - vitestStarted) / 1000]);
if (existsSync(jsonOut)) {
  const report = JSON.parse(readFileSync(jsonOut, 'utf8'));
  const slowest = (report.testResults ?? [])
    .map((s) => [path.relative(root, s.name), (s.endTime - s.startTime) / 1000])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10);
  console.log('\nThe ten slowest test files:');
  for (const [file, seconds] of slowest) console.log(`${seconds.toFixed(1).padStart(7)} s  ${file}`);
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

console.log('\nStages:');
for (const [name, seconds] of times) console.log(`${seconds.toFixed(0).padStart(7)} s  ${name}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
