// Where the Electron process finds its own build of better-sqlite3 (see store/native-binding.ts). The
// packaged app carries it as a real file in resources/native/ (electron-builder.yml); an unpackaged
// checkout has it in build/electron-native/<platform>-<arch>/, which `npm start` builds when it is missing.
// node_modules/better-sqlite3 stays Node's build for the tests and the CLI and is never loaded by Electron.
import path from 'node:path';

export const SQLITE_ADDON = 'better_sqlite3.node';
export const ELECTRON_NATIVE_DIR = path.join('build', 'electron-native');
export const PACKAGED_NATIVE_DIR = 'native';

export interface SqlitePathContext {
  packaged: boolean;
  /** app.getAppPath(): the checkout when unpackaged. */
  appPath: string;
  /** process.resourcesPath: the packaged app's resources folder. */
  resourcesPath: string;
  platform: NodeJS.Platform;
  arch: string;
}

export function electronSqlitePath(context: SqlitePathContext): string {
  return context.packaged
    ? path.join(context.resourcesPath, PACKAGED_NATIVE_DIR, SQLITE_ADDON)
    : path.join(context.appPath, ELECTRON_NATIVE_DIR, `${context.platform}-${context.arch}`, SQLITE_ADDON);
}
