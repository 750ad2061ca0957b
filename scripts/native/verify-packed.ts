// The last gate before installers are made from a packed app: every native addon in it must load in the
// Electron it ships with (right OS, CPU, and module version, or Node-API), Electron's better-sqlite3 must
// be where main/shell/electron-sqlite-path.ts looks for it, and no addon may sit inside app.asar, where the OS
// cannot load it.
import { listPackage, statFile } from '@electron/asar';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PACKAGED_NATIVE_DIR, SQLITE_ADDON } from '../../main/shell/electron-sqlite-path';
import { nativeModuleProblem, type NativeTarget } from './module-abi';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** The folder holding app.asar: resources/ on Windows and Linux, <App>.app/Contents/Resources on macOS. */
export function packedResourcesDir(appOutDir: string): string {
  const asar = filesUnder(appOutDir).find((f) => path.basename(f) === 'app.asar');
  if (!asar)
    throw new Error(`No app.asar was packed in ${appOutDir}: keep asar: true in electron-builder.yml.`);
  return path.dirname(asar);
}

/** Every reason the packed app could not load its native code; empty when it can. */
export function packedNativeProblems(appOutDir: string, target: NativeTarget): string[] {
  const problems: string[] = [];
  const resources = packedResourcesDir(appOutDir);
  const sqlite = path.join(resources, PACKAGED_NATIVE_DIR, SQLITE_ADDON);
  if (!existsSync(sqlite)) {
    problems.push(
      `The package has no ${PACKAGED_NATIVE_DIR}/${SQLITE_ADDON}: check extraResources in electron-builder.yml.`,
    );
  }
  for (const file of filesUnder(appOutDir).filter((f) => f.endsWith('.node'))) {
    const problem = nativeModuleProblem(file, path.relative(appOutDir, file), target);
    if (problem) problems.push(problem);
  }
  // The archive lists unpacked files too (flagged `unpacked`, their bytes in app.asar.unpacked).
  const archive = path.join(resources, 'app.asar');
  const insideAsar = listPackage(archive, { isPack: false }).filter((f) => {
    if (!f.endsWith('.node')) return false;
    const entry = statFile(archive, f.replace(/^[/\\]/, ''));
    return !('unpacked' in entry && entry.unpacked === true);
  });
  for (const file of insideAsar) {
    problems.push(
      `app.asar${file} is inside the archive, where it cannot be loaded: unpack it (asarUnpack).`,
    );
  }
  return problems;
}
