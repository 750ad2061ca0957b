// The layering rules must fire: small sources are linted as if they lived in each folder, and every
// forbidden import is expected to be reported (and the allowed ones not).
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const eslint = new ESLint({ cwd: root });

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
    "import type { Desk } from '../desk/desk';\nexport type D = Desk;\n",
    /store may not import desk/,
  ],
  ['main/exchange/x.ts', "export * from '../sandbox';\n", /exchange may not import sandbox/],
  [
    'main/sandbox/x.ts',
    "import { dialects } from '../exchange/dialect';\nexport const d = dialects;\n",
    /sandbox may not import exchange/,
  ],
  [
    'main/checks/x.ts',
    "import { foldForSearch } from '../store/turkish-fold';\nexport const f = foldForSearch;\n",
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
    'shared/domain.ts',
    "import type { SetupView } from './ipc';\nexport type S = SetupView;\n",
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
];

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
