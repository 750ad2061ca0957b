// Builds the production renderer once per content: the output folder is named after a hash of renderer/,
// shared/ and the Vite config, so parallel test files and repeated runs share one build. Vite runs in a
// child process with NODE_ENV=production, whatever the test runner's NODE_ENV is.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

function sourceHash(): string {
  const hash = createHash('sha256');
  const inputs = [
    ...filesUnder(path.join(repoRoot, 'renderer')),
    ...filesUnder(path.join(repoRoot, 'shared')),
    path.join(repoRoot, 'vite.config.ts'),
  ].sort();
  for (const file of inputs) {
    hash.update(path.relative(repoRoot, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

function runVite(outDir: string): Promise<void> {
  const vite = path.join(
    path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin/vite.js',
  );
  const args = [
    vite,
    'build',
    '--config',
    path.join(repoRoot, 'vite.config.ts'),
    '--outDir',
    outDir,
    '--emptyOutDir',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...args, '--logLevel', 'warn'], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (${code}):\n${output}`)),
    );
  });
}

/** The folder holding the built renderer (index.html + assets), building it if this content was never built. */
export async function buildRenderer(): Promise<string> {
  const out = path.join(tmpdir(), `resdesk-renderer-${sourceHash()}`);
  if (existsSync(path.join(out, 'index.html'))) return out;
  const staging = `${out}.partial-${process.pid}-${Date.now()}`;
  await runVite(staging);
  try {
    renameSync(staging, out);
  } catch (error) {
    // Another test file finished the same build first: use theirs.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(path.join(out, 'index.html'))) throw error;
  }
  return out;
}

/** Gzipped size is what the budget counts; this is the raw total of the built JavaScript, for reports. */
export function builtScriptBytes(dir: string): number {
  return filesUnder(dir)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + statSync(f).size, 0);
}
