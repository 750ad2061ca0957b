// The habits `npm test` enforces must be able to fail: a floating promise, a promise handed to a callback
// that must return nothing, and a switch that forgets a case are lint errors; a formatting slip fails
// `prettier --check`. Each is proven on a fixture, linted as if it lived in the repository.
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function rules(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

// The first typed lint builds the TypeScript program of the whole repository: on a loaded two-core machine
// that alone can take most of a minute, so these tests get three.
describe('typed lint habits', { timeout: 180_000 }, () => {
  it('reports a floating promise', async () => {
    const source = 'const later = async (): Promise<number> => 1;\nlater();\nexport {};\n';
    expect(await rules('test/lint-fixture-habits.ts', source)).toContain(
      '@typescript-eslint/no-floating-promises',
    );
  });

  it('reports a promise given where a callback returns nothing', async () => {
    const source =
      "const save = async (): Promise<void> => undefined;\nexport const go = (el: { addEventListener(n: string, f: () => void): void }) => el.addEventListener('x', save);\n";
    expect(await rules('test/lint-fixture-habits.ts', source)).toContain(
      '@typescript-eslint/no-misused-promises',
    );
  });

  it('reports a switch that forgets a case of its union', async () => {
    const source =
      "export function word(k: 'a' | 'b'): string {\n  switch (k) {\n    case 'a':\n      return 'A';\n  }\n  return '';\n}\n";
    expect(await rules('test/lint-fixture-habits.ts', source)).toContain(
      '@typescript-eslint/switch-exhaustiveness-check',
    );
  });

  it('lets an awaited promise and an exhaustive switch pass', async () => {
    const source =
      "const later = async (): Promise<number> => 1;\nexport async function run(k: 'a' | 'b'): Promise<number> {\n  switch (k) {\n    case 'a':\n      return await later();\n    case 'b':\n      return 2;\n  }\n}\n";
    expect(await rules('test/lint-fixture-habits.ts', source)).toEqual([]);
  });
});

describe('format habit', () => {
  it('prettier --check fails on a formatting slip and passes on the formatted text', () => {
    // Outside the repository: prettier skips what .gitignore names (test-results/ among them).
    const dir = mkdtempSync(path.join(tmpdir(), 'resdesk-format-'));
    try {
      const slip = path.join(dir, 'slip.ts');
      writeFileSync(slip, 'export const a = {b:1,\n  c : 2}\n');
      const prettier = path.join(root, 'node_modules', '.bin', 'prettier');
      const config = ['--config', path.join(root, '.prettierrc.json')];
      const bad = spawnSync(prettier, [...config, '--check', slip], { cwd: root, encoding: 'utf8' });
      expect(bad.status).not.toBe(0);
      writeFileSync(slip, 'export const a = { b: 1, c: 2 };\n');
      const good = spawnSync(prettier, [...config, '--check', slip], { cwd: root, encoding: 'utf8' });
      expect(good.stderr).toBe('');
      expect(good.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
