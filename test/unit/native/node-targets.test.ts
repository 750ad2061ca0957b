// One Node target: the lowest Node the code may use is the same in `engines` (what npm checks),
// `@types/node` (what the type-checker lets the code call) and esbuild's target (what the bundle is
// lowered to). Electron's own Node is newer, so code written to this target runs in the app too.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const read = (file: string): string => readFileSync(path.join(root, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } }>;
};

const majorOf = (text: string | undefined): number => Number(/(\d+)/.exec(text ?? '')?.[1] ?? NaN);

describe('Node targets agree', () => {
  const engines = majorOf(pkg.engines.node);

  it('engines, @types/node (declared and installed) and the esbuild target name one major version', () => {
    expect(pkg.engines.node).toMatch(/^>=\d+\.\d+\.\d+$/);
    expect(majorOf(pkg.devDependencies['@types/node'])).toBe(engines);
    expect(majorOf(lock.packages['node_modules/@types/node']?.version)).toBe(engines);
    const target = /target:\s*'node(\d+)'/.exec(read('scripts/build.mjs'))?.[1];
    expect(Number(target)).toBe(engines);
    expect(lock.packages['']?.engines?.node).toBe(pkg.engines.node);
  });

  it('the Node running the tests meets engines', () => {
    const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
    const [needMajor = 0, needMinor = 0] = (/(\d+)\.(\d+)/.exec(pkg.engines.node) ?? []).slice(1).map(Number);
    expect(major > needMajor || (major === needMajor && minor >= needMinor)).toBe(true);
  });

  it('@electron/rebuild, which scripts/native imports, is declared', () => {
    expect(pkg.devDependencies['@electron/rebuild']).toBeTruthy();
  });
});
