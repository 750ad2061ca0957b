// Which compiled better-sqlite3 this process loads. Node (tests, CLI, bench) uses node_modules' own build.
// Electron cannot load that one (another NODE_MODULE_VERSION), so the Electron entry (main/index.ts) names
// Electron's build in RESDESK_SQLITE_BINDING before anything opens a database. An environment variable,
// because the import worker thread opens its own connections and inherits process.env.
import { existsSync } from 'node:fs';

export const SQLITE_BINDING_ENV = 'RESDESK_SQLITE_BINDING';

/** better-sqlite3's `nativeBinding` option for this runtime: empty under Node, Electron's build under Electron. */
export function sqliteBindingOption(
  versions: NodeJS.ProcessVersions = process.versions,
  env: NodeJS.ProcessEnv = process.env,
): { nativeBinding?: string } {
  if (!versions.electron) return {};
  const file = env[SQLITE_BINDING_ENV];
  if (!file) {
    throw new Error(
      'Resdesk was started without its Electron build of better-sqlite3: start it with npm start.',
    );
  }
  if (!existsSync(file)) {
    throw new Error(
      `The Electron build of better-sqlite3 is missing (${file}): run npm start, or reinstall Resdesk.`,
    );
  }
  return { nativeBinding: file };
}
