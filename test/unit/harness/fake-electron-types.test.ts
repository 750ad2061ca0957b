// The fake Electron's type check (test/harness/fake-electron-types.ts) must be able to fail: a fake member
// whose type drifted from Electron's is a type error, and the real fakes are not.
import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

function typeErrors(source: string): string[] {
  const file = path.join(root, 'test/harness/drift-fixture.ts');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.node.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  );
  if (!parsed) throw new Error('tsconfig.node.json could not be read');
  const host = ts.createCompilerHost(parsed.options);
  const read = host.readFile.bind(host);
  host.readFile = (name) => (path.resolve(name) === file ? source : read(name));
  const exists = host.fileExists.bind(host);
  host.fileExists = (name) => path.resolve(name) === file || exists(name);
  const program = ts.createProgram({ rootNames: [file], options: { ...parsed.options, noEmit: true }, host });
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file && path.resolve(d.file.fileName) === file)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const prelude =
  "import type * as Electron from 'electron';\nimport type { Fits } from './fake-electron-types';\nconst fits = <T extends true>(value: T): T => value;\n";

describe('the fake Electron is held to Electron types', () => {
  it('a drifted member is a type error; a faithful one is not', () => {
    const errors = typeErrors(
      `${prelude}export const bad = fits<Fits<{ isOnline(): string }, typeof Electron.net>>(true);\n` +
        `export const good = fits<Fits<{ isOnline(): boolean }, typeof Electron.net>>(true);\n`,
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/isOnline/);
  }, 120_000);
});
