// The ABI check on real addons: node_modules' better-sqlite3 (built for this Node, a genuine "wrong ABI"
// sample for Electron), the same file carrying Electron's module version, keytar (Node-API), and
// hand-made Windows and macOS headers.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectNativeModule, nativeModuleProblem } from '../../../scripts/native/module-abi';
import { electronTarget } from '../../../scripts/native/electron-target';

const require = createRequire(import.meta.url);
const addonOf = (pkg: string, file: string): string =>
  path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'build', 'Release', file);
const nodeSqlite = addonOf('better-sqlite3', 'better_sqlite3.node');
const keytar = addonOf('keytar', 'keytar.node');
const dir = mkdtempSync(path.join(os.tmpdir(), 'resdesk-abi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const electron = electronTarget();
const forElectron = {
  abi: electron.abi,
  runtime: 'Electron 45',
  platform: 'linux' as const,
  arch: process.arch,
};
const nodeAbi = Number(process.versions.modules);

/** The Node build with its registration symbol renamed to another module version (same length). */
function withModuleVersion(version: number): string {
  const bytes = readFileSync(nodeSqlite).toString('latin1');
  const file = path.join(dir, `sqlite-v${version}.node`);
  writeFileSync(
    file,
    Buffer.from(
      bytes.split(`node_register_module_v${nodeAbi}`).join(`node_register_module_v${version}`),
      'latin1',
    ),
  );
  return file;
}

describe('reading an addon', () => {
  it('finds the module version node_modules/better-sqlite3 was built for: this Node’s', () => {
    expect(inspectNativeModule(nodeSqlite)).toEqual({
      format: 'elf',
      arch: process.arch,
      registration: { kind: 'abi', version: nodeAbi },
    });
  });

  it('knows keytar for a Node-API addon, which loads in Electron as built', () => {
    expect(inspectNativeModule(keytar).registration).toEqual({ kind: 'node-api' });
    expect(nativeModuleProblem(keytar, 'keytar.node', forElectron)).toBeNull();
  });

  it('reads Windows (PE) and macOS (Mach-O) headers', () => {
    const pe = Buffer.alloc(256);
    pe.write('MZ', 0, 'latin1');
    pe.writeUInt32LE(0x80, 0x3c);
    pe.write('PE\0\0', 0x80, 'latin1');
    pe.writeUInt16LE(0x8664, 0x84);
    pe.write('node_register_module_v150', 0xa0, 'latin1');
    const peFile = path.join(dir, 'win.node');
    writeFileSync(peFile, pe);
    expect(inspectNativeModule(peFile)).toEqual({
      format: 'pe',
      arch: 'x64',
      registration: { kind: 'abi', version: 150 },
    });

    const macho = Buffer.alloc(128);
    macho.writeUInt32LE(0xfeedfacf, 0);
    macho.writeUInt32LE(0x0100000c, 4);
    macho.write('_napi_register_module_v1', 64, 'latin1');
    const machoFile = path.join(dir, 'mac.node');
    writeFileSync(machoFile, macho);
    expect(inspectNativeModule(machoFile)).toEqual({
      format: 'macho',
      arch: 'arm64',
      registration: { kind: 'node-api' },
    });
  });
});

describe('the ABI check', () => {
  it('refuses the Node build for Electron, saying which versions differ', () => {
    expect(nativeModuleProblem(nodeSqlite, 'better_sqlite3.node', forElectron)).toBe(
      `better_sqlite3.node is built for module version ${nodeAbi}, but Electron 45 needs ${electron.abi}: rebuild it for Electron 45.`,
    );
  });

  it('accepts an addon whose exported module version is Electron’s', () => {
    expect(
      nativeModuleProblem(withModuleVersion(electron.abi), 'better_sqlite3.node', forElectron),
    ).toBeNull();
  });

  it('accepts the Node build for this Node, and refuses it for another OS or CPU', () => {
    const forNode = { abi: nodeAbi, runtime: 'Node', platform: 'linux' as const, arch: 'x64' };
    expect(nativeModuleProblem(nodeSqlite, 'n.node', forNode)).toBeNull();
    expect(nativeModuleProblem(nodeSqlite, 'n.node', { ...forNode, platform: 'win32' })).toMatch(
      /^n\.node is a binary for Linux, not win32: build the package on the system it is for\.$/,
    );
    expect(nativeModuleProblem(nodeSqlite, 'n.node', { ...forNode, arch: 'arm64' })).toMatch(
      /built for x64, not arm64/,
    );
  });

  it('refuses a file that is no addon at all', () => {
    const library = path.join(dir, 'plain.node');
    copyFileSync(nodeSqlite, library);
    writeFileSync(
      library,
      readFileSync(library).toString('latin1').replaceAll('register_module', 'register_xxxxxx'),
      'latin1',
    );
    expect(nativeModuleProblem(library, 'plain.node', forElectron)).toMatch(
      /does not look like a Node addon/,
    );
  });
});
