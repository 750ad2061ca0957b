// `npm start`: builds dist/, makes sure Electron's binary and Electron's own build of better-sqlite3 are
// there (both downloaded or built once, which needs the internet the first time), then runs the desk
// from the checkout. `npm run dev` (--dev) serves the renderer from Vite's dev server with hot reload
// instead of dist/renderer. Anything missing ends with one line saying what to do.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { electronTarget, repoRoot } from './native/electron-target';
import { inspectNativeModule } from './native/module-abi';
import { nodeVersionNote } from './native/node-version';
import { prepareElectronSqlite } from './native/prepare-electron-sqlite';

const dev = process.argv.includes('--dev');
const stop = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const note = nodeVersionNote(process.versions.node);
if (note) console.warn(note);

if (
  spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'build.mjs')], {
    stdio: 'inherit',
    cwd: repoRoot,
  }).status !== 0
) {
  stop('npm start stopped: the build failed (see above).');
}

/** node_modules/electron's binary; npm installs it with install scripts off here, so it may be missing. */
function electronBinary(): string {
  const electronDir = path.join(repoRoot, 'node_modules', 'electron');
  const pathFile = path.join(electronDir, 'path.txt');
  const installed = (): string | null => {
    if (!existsSync(pathFile)) return null;
    const binary = path.join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(binary) ? binary : null;
  };
  const present = installed();
  if (present) return present;
  const version = electronTarget().electronVersion;
  console.log(`Downloading Electron ${version} (once)…`);
  // Its output on failure is a stack trace: only the first line goes into our sentence.
  const result = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], {
    cwd: electronDir,
    encoding: 'utf8',
  });
  const reason = `${result.stderr}`.trim().split('\n')[0] ?? '';
  return (
    (result.status === 0 ? installed() : null) ??
    stop(
      `Electron ${version} could not be downloaded${reason ? ` (${reason})` : ''}: connect to the internet once (or set ELECTRON_MIRROR) and run npm start again.`,
    )
  );
}

const binary = electronBinary();
try {
  await prepareElectronSqlite({ target: electronTarget(), say: (line) => console.log(line) });
} catch (error) {
  stop(error instanceof Error ? error.message : String(error));
}

// keytar is a Node-API addon: the same build loads in Node and in Electron, so it needs no second build.
const keytar = path.join(
  createRequire(import.meta.url).resolve('keytar/package.json'),
  '..',
  'build',
  'Release',
  'keytar.node',
);
if (existsSync(keytar) && inspectNativeModule(keytar).registration.kind !== 'node-api') {
  console.warn(
    'keytar is not a Node-API build: Electron may not load it, and the desk will keep the password with safeStorage instead.',
  );
}

let vite: ViteDevServer | null = null;
const env: NodeJS.ProcessEnv = { ...process.env };
// Set by some tools; it would make Electron run as plain Node.
delete env.ELECTRON_RUN_AS_NODE;
if (dev) {
  vite = await createServer({ configFile: path.join(repoRoot, 'vite.config.ts') });
  await vite.listen();
  const url = vite.resolvedUrls?.local[0];
  if (!url) stop('The Vite dev server did not say where it listens.');
  env.RESDESK_DEV_URL = url;
  console.log(`Renderer from ${url} (hot reload; restart npm run dev after changing main/ or preload/).`);
}

const child = spawn(binary, ['.'], { cwd: repoRoot, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  void vite?.close();
  process.exit(code ?? (signal ? 1 : 0));
});
