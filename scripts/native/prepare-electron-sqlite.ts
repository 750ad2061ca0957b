// Builds better-sqlite3 for Electron into build/electron-native/<platform>-<arch>/ (never into
// node_modules, whose copy stays Node's for the tests, CLI and bench). Reused while Electron's and
// better-sqlite3's versions match and the file really is built for Electron's ABI; rebuilt otherwise.
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { nativeModuleProblem } from './module-abi';
import {
  ELECTRON_NATIVE_ROOT,
  SQLITE_ADDON,
  electronNativeDir,
  electronSqliteAddon,
  repoRoot,
  type ElectronTarget,
} from './electron-target';
import { buildFailureSentence, withoutNodedir } from './build-environment';

export interface RebuildRequest {
  /** A folder with a package.json and node_modules/better-sqlite3 (sources only). */
  buildPath: string;
  electronVersion: string;
  arch: string;
}

/** @electron/rebuild by default; tests pass their own. Its node-gyp output is returned for the log. */
export type Rebuilder = (request: RebuildRequest) => Promise<void>;

export interface PrepareOptions {
  target: ElectronTarget;
  /** build/electron-native by default. */
  base?: string;
  rebuild?: Rebuilder;
  /** Progress lines for the terminal. */
  say?: (line: string) => void;
}

export interface PreparedAddon {
  file: string;
  /** False when an up-to-date build was reused. */
  built: boolean;
}

interface Stamp {
  electronVersion: string;
  sqliteVersion: string;
  abi: number;
}

const stampFile = (dir: string): string => path.join(dir, 'stamp.json');

function readStamp(dir: string): Stamp | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(stampFile(dir), 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { electronVersion, sqliteVersion, abi } = parsed as Record<string, unknown>;
    if (typeof electronVersion !== 'string' || typeof sqliteVersion !== 'string' || typeof abi !== 'number')
      return null;
    return { electronVersion, sqliteVersion, abi };
  } catch {
    return null;
  }
}

/** Paths inside the checkout are shown relative to it, as the README gives them. */
const shownPath = (file: string): string =>
  file.startsWith(repoRoot + path.sep) ? path.relative(repoRoot, file) : file;

const electronName = (target: ElectronTarget): string => `Electron ${target.electronVersion}`;

/** Up to date: same Electron and better-sqlite3 versions, and the file itself is built for Electron's ABI. */
export function isPrepared(target: ElectronTarget, base: string = ELECTRON_NATIVE_ROOT): boolean {
  const file = electronSqliteAddon(target, base);
  const stamp = readStamp(electronNativeDir(target, base));
  return (
    stamp !== null &&
    stamp.electronVersion === target.electronVersion &&
    stamp.sqliteVersion === target.sqliteVersion &&
    existsSync(file) &&
    nativeModuleProblem(file, SQLITE_ADDON, { ...target, runtime: electronName(target) }) === null
  );
}

async function electronRebuild(request: RebuildRequest): Promise<void> {
  const { rebuild } = await import('@electron/rebuild');
  await rebuild({
    buildPath: request.buildPath,
    electronVersion: request.electronVersion,
    arch: request.arch,
    onlyModules: ['better-sqlite3'],
    force: true,
    buildFromSource: true,
    mode: 'sequential',
    ...(process.env.ELECTRON_REBUILD_DIST_URL ? { headerURL: process.env.ELECTRON_REBUILD_DIST_URL } : {}),
  });
}

/** Copies better-sqlite3's sources (not its Node build) into a throw-away project for the rebuild. */
function stageSources(work: string, target: ElectronTarget): string {
  rmSync(work, { recursive: true, force: true });
  const source = path.join(repoRoot, 'node_modules', 'better-sqlite3');
  const copy = path.join(work, 'node_modules', 'better-sqlite3');
  cpSync(source, copy, { recursive: true, filter: (from) => from !== path.join(source, 'build') });
  writeFileSync(
    path.join(work, 'package.json'),
    JSON.stringify({
      name: 'resdesk-electron-native',
      private: true,
      dependencies: { 'better-sqlite3': target.sqliteVersion },
    }),
  );
  return path.join(copy, 'build', 'Release', SQLITE_ADDON);
}

export async function prepareElectronSqlite(options: PrepareOptions): Promise<PreparedAddon> {
  const { target } = options;
  const base = options.base ?? ELECTRON_NATIVE_ROOT;
  const file = electronSqliteAddon(target, base);
  if (isPrepared(target, base)) return { file, built: false };

  const dir = electronNativeDir(target, base);
  const work = path.join(base, `.work-${target.platform}-${target.arch}`);
  const log = path.join(base, `build-${target.platform}-${target.arch}.log`);
  mkdirSync(base, { recursive: true });
  options.say?.(
    `Building better-sqlite3 ${target.sqliteVersion} for ${electronName(target)} (${target.platform}-${target.arch}); the first time this downloads Electron's headers.`,
  );
  const built = stageSources(work, target);
  const output: string[] = [];
  try {
    // @electron/rebuild prints node-gyp's output with console.error when a build fails: keep it for the log.
    await withoutNodedir(async () => {
      const original = console.error;
      console.error = (...parts: unknown[]) => void output.push(parts.map(String).join(' '));
      try {
        await (options.rebuild ?? electronRebuild)({
          buildPath: work,
          electronVersion: target.electronVersion,
          arch: target.arch,
        });
      } finally {
        console.error = original;
      }
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    writeFileSync(log, [...output, message].join('\n'));
    rmSync(work, { recursive: true, force: true });
    throw new Error(
      buildFailureSentence(`${output.join('\n')}\n${message}`, electronName(target), shownPath(log)),
    );
  }
  const problem = existsSync(built)
    ? nativeModuleProblem(built, SQLITE_ADDON, { ...target, runtime: electronName(target) })
    : `it produced no ${SQLITE_ADDON}.`;
  if (problem) {
    rmSync(work, { recursive: true, force: true });
    throw new Error(`The Electron build of better-sqlite3 is wrong: ${problem}`);
  }

  mkdirSync(dir, { recursive: true });
  cpSync(built, `${file}.partial`);
  renameSync(`${file}.partial`, file);
  const stamp: Stamp = {
    electronVersion: target.electronVersion,
    sqliteVersion: target.sqliteVersion,
    abi: target.abi,
  };
  writeFileSync(stampFile(dir), `${JSON.stringify(stamp, null, 2)}\n`);
  rmSync(work, { recursive: true, force: true });
  return { file, built: true };
}
