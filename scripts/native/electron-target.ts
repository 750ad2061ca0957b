// Where the Electron build of better-sqlite3 lives and what it must match. Node (tests, CLI, bench) keeps
// node_modules/better-sqlite3 built for Node; Electron gets its own copy under build/electron-native/,
// one folder per platform and CPU, so neither build ever overwrites the other.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ELECTRON_NATIVE_DIR, SQLITE_ADDON } from '../../main/shell/electron-sqlite-path';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ELECTRON_NATIVE_ROOT = path.join(repoRoot, ELECTRON_NATIVE_DIR);
export { SQLITE_ADDON };
/**
 * Names ELECTRON_NATIVE_ROOT, relative to the checkout, for electron-builder.yml's extraResources
 * (scripts/dist.ts sets it).
 */
export const NATIVE_ROOT_ENV = 'RESDESK_ELECTRON_NATIVE';

const packageVersion = (name: string, root: string): string => {
  const file = path.join(root, 'node_modules', name, 'package.json');
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const version =
    typeof parsed === 'object' && parsed !== null && 'version' in parsed ? parsed.version : null;
  if (typeof version !== 'string') throw new Error(`${file} has no version: run npm install.`);
  return version;
};

export interface ElectronTarget {
  electronVersion: string;
  /** NODE_MODULE_VERSION of this Electron, from node_modules/electron/abi_version. */
  abi: number;
  sqliteVersion: string;
  platform: NodeJS.Platform;
  arch: string;
}

export function electronTarget(
  platform: NodeJS.Platform = process.platform,
  arch: string = process.arch,
  root: string = repoRoot,
): ElectronTarget {
  const abiFile = path.join(root, 'node_modules', 'electron', 'abi_version');
  const abi = Number(readFileSync(abiFile, 'utf8').trim());
  if (!Number.isInteger(abi) || abi <= 0)
    throw new Error(`${abiFile} holds no module version: run npm install.`);
  return {
    electronVersion: packageVersion('electron', root),
    abi,
    sqliteVersion: packageVersion('better-sqlite3', root),
    platform,
    arch,
  };
}

/** build/electron-native/<platform>-<arch>: electron-builder.yml packs it as resources/native. */
export const electronNativeDir = (
  target: Pick<ElectronTarget, 'platform' | 'arch'>,
  base = ELECTRON_NATIVE_ROOT,
): string => path.join(base, `${target.platform}-${target.arch}`);

export const electronSqliteAddon = (
  target: Pick<ElectronTarget, 'platform' | 'arch'>,
  base = ELECTRON_NATIVE_ROOT,
): string => path.join(electronNativeDir(target, base), SQLITE_ADDON);
