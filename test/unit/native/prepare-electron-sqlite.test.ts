// Preparing Electron's better-sqlite3 with stand-in rebuilders (the real one needs Electron's headers
// from the internet): what is kept, reused, refused, and what is said when the build fails.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { electronSqliteAddon, electronTarget } from '../../../scripts/native/electron-target';
import { inspectNativeModule } from '../../../scripts/native/module-abi';
import {
  isPrepared,
  prepareElectronSqlite,
  type RebuildRequest,
} from '../../../scripts/native/prepare-electron-sqlite';

const nodeSqlite = path.join(
  path.dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')),
  'build',
  'Release',
  'better_sqlite3.node',
);
const nodeAbi = Number(process.versions.modules);
const target = electronTarget();
const root = mkdtempSync(path.join(os.tmpdir(), 'resdesk-prepare-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let base: string;
beforeEach(() => {
  base = mkdtempSync(path.join(root, 'native-'));
});

/** A rebuilder that "compiles" by writing the Node build with the given module version where node-gyp would. */
const writesAbi =
  (abi: number, seen: RebuildRequest[] = []) =>
  async (request: RebuildRequest) => {
    seen.push(request);
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

describe('preparing better-sqlite3 for Electron', () => {
  it('builds from better-sqlite3’s sources into its own folder, then reuses it', async () => {
    const seen: RebuildRequest[] = [];
    const first = await prepareElectronSqlite({ target, base, rebuild: writesAbi(target.abi, seen) });
    expect(first).toEqual({ file: electronSqliteAddon(target, base), built: true });
    expect(inspectNativeModule(first.file).registration).toEqual({ kind: 'abi', version: target.abi });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.electronVersion).toBe(target.electronVersion);
    // Staged from the sources, never from (or into) node_modules' Node build; the staging is removed.
    expect(existsSync(path.join(seen[0]?.buildPath ?? '', 'package.json'))).toBe(false);
    expect(inspectNativeModule(nodeSqlite).registration).toEqual({ kind: 'abi', version: nodeAbi });

    const again = await prepareElectronSqlite({ target, base, rebuild: writesAbi(target.abi, seen) });
    expect(again.built).toBe(false);
    expect(seen).toHaveLength(1);
  });

  it('rebuilds when Electron or better-sqlite3 changed version', async () => {
    await prepareElectronSqlite({ target, base, rebuild: writesAbi(target.abi) });
    expect(isPrepared(target, base)).toBe(true);
    expect(isPrepared({ ...target, electronVersion: '46.0.0' }, base)).toBe(false);
    expect(isPrepared({ ...target, sqliteVersion: '13.0.0' }, base)).toBe(false);
  });

  it('builds without npm’s nodedir, which would point node-gyp at Node’s headers', async () => {
    process.env.npm_config_nodedir = '/usr';
    let during: string | undefined = 'unset';
    try {
      await prepareElectronSqlite({
        target,
        base,
        rebuild: async (request) => {
          during = process.env.npm_config_nodedir;
          await writesAbi(target.abi)(request);
        },
      });
      expect(during).toBeUndefined();
      expect(process.env.npm_config_nodedir).toBe('/usr');
    } finally {
      delete process.env.npm_config_nodedir;
    }
  });

  it('refuses a build made against Node’s headers, and keeps nothing', async () => {
    await expect(prepareElectronSqlite({ target, base, rebuild: writesAbi(nodeAbi) })).rejects.toThrow(
      `The Electron build of better-sqlite3 is wrong: better_sqlite3.node is built for module version ${nodeAbi}, but Electron ${target.electronVersion} needs ${target.abi}: rebuild it for Electron ${target.electronVersion}.`,
    );
    expect(existsSync(electronSqliteAddon(target, base))).toBe(false);
    expect(isPrepared(target, base)).toBe(false);
  });

  it('says in one line why the build failed, with node-gyp’s output in a log', async () => {
    const failing = async () => {
      console.error('gyp ERR! stack Error: getaddrinfo ENOTFOUND artifacts.invalid');
      throw new Error("node-gyp failed to rebuild 'better-sqlite3'");
    };
    const error = await prepareElectronSqlite({ target, base, rebuild: failing }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toMatch(
      new RegExp(
        `^better-sqlite3 could not be built for Electron ${target.electronVersion.replace(/\./g, '\\.')}: Electron .*'s headers could not be downloaded: connect to the internet once .* \\(log: .+build-${target.platform}-${target.arch}\\.log\\)\\.$`,
      ),
    );
    expect(message).not.toContain('\n');
    const log = readFileSync(path.join(base, `build-${target.platform}-${target.arch}.log`), 'utf8');
    expect(log).toContain('ENOTFOUND');
  });
});
