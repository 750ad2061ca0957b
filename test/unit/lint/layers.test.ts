// The layering rules must fire: small sources are linted as if they lived in each folder, and every
// forbidden import is expected to be reported (and the allowed ones not).
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { findLayerCycle } from '../../../eslint-rules/layers.js';
import resdeskRules from '../../../eslint-rules/layers.js';
import { layers } from '../../../eslint.config.js';

const root = path.resolve(__dirname, '../../..');
// Fixtures are linted from text at paths no tsconfig holds, so the typed rules (habits.test.ts) are off here.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'off',
    },
  },
});

async function problems(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'resdesk/layers').map((m) => m.message);
}

const forbidden: [string, string, RegExp][] = [
  ['main/sync/x.ts', "import { app } from 'electron/main';\nexport const a = app;\n", /Electron shell/],
  ['main/sync/x.ts', "export const load = () => import('electron');\n", /Electron shell/],
  [
    'main/sync/x.ts',
    "// eslint-disable-next-line @typescript-eslint/no-require-imports\nexport const e: unknown = require('electron');\n",
    /Electron shell/,
  ],
  ['main/store/x.ts', "export { pullReservations } from '../sync/pull';\n", /store may not import sync/],
  [
    'main/store/x.ts',
    "import type { Desk } from '../operations/desk';\nexport type D = Desk;\n",
    /store may not import operations/,
  ],
  // The composition root is on top: no layer below it may reach back into it (the old desk ↔ handlers,
  // desk ↔ secrets and desk ↔ notifications rings).
  [
    'main/handlers/x.ts',
    "import { createCore } from '../desk/core';\nexport const c = createCore;\n",
    /handlers may not import desk/,
  ],
  [
    'main/secrets/x.ts',
    "import { createCore } from '../desk/core';\nexport const c = createCore;\n",
    /secrets may not import desk/,
  ],
  [
    'main/kernel/x.ts',
    "import { Desk } from '../operations/desk';\nexport const d = Desk;\n",
    /kernel may not import operations/,
  ],
  ['main/exchange/x.ts', "export * from '../sandbox';\n", /exchange may not import sandbox/],
  [
    'main/sandbox/x.ts',
    "import { dialects } from '../exchange/dialect';\nexport const d = dialects;\n",
    /sandbox may not import exchange/,
  ],
  [
    'main/checks/x.ts',
    "import { searchWords } from '../store/search';\nexport const f = searchWords;\n",
    /checks may not import store/,
  ],
  [
    'preload/x.ts',
    "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
    /never touches Node/,
  ],
  [
    'renderer/x.tsx',
    "import { Store } from '../main/store';\nexport const s = Store;\n",
    /renderer may not import store/,
  ],
  [
    'renderer/x.tsx',
    "import { ipcRenderer } from 'electron';\nexport const i = ipcRenderer;\n",
    /Electron shell/,
  ],
  [
    'shared/x.ts',
    "import { Store } from '../main/store';\nexport const s = Store;\n",
    /contract may not import store/,
  ],
  [
    'shared/domain/x.ts',
    "import type { SetupView } from '../ipc';\nexport type S = SetupView;\n",
    /domain may not import contract/,
  ],
  [
    'main/exchange/x.ts',
    "import type { SetupView } from '../../shared/ipc';\nexport type S = SetupView;\n",
    /exchange may not import contract/,
  ],
];

const allowed: [string, string][] = [
  ['main/shell/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
  ['main/index.ts', "import { app } from 'electron/main';\nexport const a = app;\n"],
  ['preload/x.ts', "import { contextBridge } from 'electron';\nexport const c = contextBridge;\n"],
  ['main/handlers/x.ts', "import { Store } from '../store';\nexport const s = Store;\n"],
  [
    'main/exchange/x.ts',
    "import type { Reservation } from '../../shared/domain';\nexport type R = Reservation;\n",
  ],
  ['main/store/x.ts', "import { createHash } from 'node:crypto';\nexport const h = createHash;\n"],
  [
    'main/notifications/x.ts',
    "import type { Logger } from '../kernel/core-types';\nexport type L = Logger;\n",
  ],
];

// A table with a ring in it: the fixture the cycle check must catch.
const ringed = {
  domain: { path: 'shared/domain.ts', may: [] },
  kernel: { path: 'main/kernel/', may: ['domain', 'operations'] },
  operations: { path: 'main/operations/', may: ['kernel', 'domain'] },
};

describe('layering lint', () => {
  it.each(forbidden)('reports %s importing what it may not (%#)', async (file, source, message) => {
    const found = await problems(file, source);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(message);
  });

  it.each(allowed)('lets %s import what it may (%#)', async (file, source) => {
    expect(await problems(file, source)).toEqual([]);
  });
});

describe('layers form a DAG', () => {
  it("the repository's table has no cycle between folders", () => {
    expect(findLayerCycle(layers)).toBeNull();
  });

  it('docs/development.md shows the same table', () => {
    const doc = readFileSync(path.join(root, 'docs/development.md'), 'utf8');
    const rows = [...doc.matchAll(/^\| (\w+)\s+\| `([^`]+)`\s+\| ([^|]+?)\s+\|/gm)].map((m) => [
      m[1],
      m[2],
      m[3] === '—' ? [] : (m[3] ?? '').split(', '),
    ]);
    expect(rows).toEqual(Object.entries(layers).map(([name, layer]) => [name, layer.path, layer.may]));
  });

  it('finds a ring in a fixture table and names it', () => {
    expect(findLayerCycle(ringed)).toEqual(['kernel', 'operations', 'kernel']);
  });

  it('fails lint on every file when the table has a cycle', async () => {
    const ringedLint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: (await import('typescript-eslint')).parser },
          plugins: { resdesk: resdeskRules },
          rules: { 'resdesk/layers': ['error', { root, layers: ringed }] },
        },
      ],
    });
    const [result] = await ringedLint.lintText('export const x = 1;\n', {
      filePath: path.join(root, 'main/kernel/x.ts'),
    });
    const messages = (result?.messages ?? []).map((m) => m.message);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/cycle \(kernel → operations → kernel\)/);
  });
});
