// Lint for the whole repository; the layering rules of docs/development.md are enforced here, not by hope.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import resdeskRules from './eslint-rules/layers.js';

// Each folder names the layers it may import (VS Code's code-layering style); anything else is an error.
// Paths are resolved, so a relative import is caught however it is spelled; dynamic import(), require()
// and every entry point of 'electron' count too. Tested in test/unit/lint/layers.test.ts.
const domain = 'shared/domain/';
export const layers = {
  // The one text folding (Turkish letters, accents, German and Cyrillic spellings): imports nothing.
  fold: { path: 'shared/text-fold.ts', may: [], node: false },
  domain: { path: domain, may: ['fold'], node: false },
  // Calendar-date arithmetic on 'YYYY-MM-DD' strings: one home every layer may use.
  calendar: { path: 'shared/calendar.ts', may: ['domain'], node: false },
  contract: { path: 'shared/', may: ['calendar', 'domain'], node: false },
  renderer: { path: 'renderer/', may: ['calendar', 'contract', 'domain'], node: false },
  preload: { path: 'preload/', may: ['contract', 'domain'], node: false, electron: true },
  exchange: { path: 'main/exchange/', may: ['domain'] },
  sandbox: { path: 'main/sandbox/', may: ['domain'] },
  checks: { path: 'main/checks/', may: ['calendar', 'domain', 'fold'] },
  store: { path: 'main/store/', may: ['domain', 'fold'] },
  // The operators' contracts: the allotment's use, release reminders, the contracts file.
  contracts: { path: 'main/contracts/', may: ['calendar', 'checks', 'export', 'contract', 'domain'] },
  // The store's PostgreSQL side: runs the store's operations on the hotel's database.
  hotelDb: { path: 'main/hotel-db/', may: ['store', 'domain'] },
  sync: { path: 'main/sync/', may: ['calendar', 'domain', 'contract'] },
  export: { path: 'main/export/', may: ['kernel', 'store', 'domain'] },
  // The kernel: what every upper layer shares (logger and other ports, messages, the desk error, request
  // dispatch, failure wording, the saved setup). It sits above the parts it describes and below their users.
  kernel: { path: 'main/kernel/', may: ['exchange', 'store', 'sync', 'contract', 'domain'] },
  // The desk's operations on one store and one client (Desk), its checks cache and its poll line.
  operations: {
    path: 'main/operations/',
    may: ['calendar', 'kernel', 'checks', 'exchange', 'store', 'sync', 'contract', 'domain'],
  },
  secrets: { path: 'main/secrets/', may: ['kernel', 'domain'] },
  probe: { path: 'main/probe/', may: ['exchange', 'domain'] },
  notifications: { path: 'main/notifications/', may: ['kernel', 'contract', 'domain'] },
  // When to check for updates and when to install (electron-updater comes in through a port from
  // the shell), and the diagnostics archive a hotel sends to support, with the run marker.
  updates: { path: 'main/updates/', may: ['kernel', 'contract', 'domain'] },
  diagnostics: { path: 'main/diagnostics/', may: ['kernel', 'probe', 'store', 'contract', 'domain'] },
  handlers: {
    path: 'main/handlers/',
    may: [
      'kernel',
      'operations',
      'checks',
      'contracts',
      'exchange',
      'export',
      'notifications',
      'diagnostics',
      'probe',
      'store',
      'hotelDb',
      'sync',
      'contract',
      'domain',
    ],
  },
  // The composition root: the one place that knows every part; nothing imports it but the entry points.
  desk: {
    path: 'main/desk/',
    may: [
      'hotelDb',
      'kernel',
      'operations',
      'checks',
      'exchange',
      'handlers',
      'notifications',
      'sandbox',
      'store',
      'sync',
      'export',
      'probe',
      'secrets',
      'contract',
      'domain',
    ],
  },
  cli: {
    path: 'main/cli/',
    may: [
      'kernel',
      'hotelDb',
      'operations',
      'checks',
      'export',
      'diagnostics',
      'probe',
      'store',
      'sync',
      'contracts',
      'calendar',
      'contract',
      'domain',
    ],
  },
  cliEntry: {
    path: 'main/cli.ts',
    may: [
      'cli',
      'kernel',
      'operations',
      'checks',
      'export',
      'diagnostics',
      'probe',
      'store',
      'sync',
      'calendar',
      'contract',
      'domain',
    ],
  },
  shell: {
    path: 'main/shell/',
    may: [
      'desk',
      'kernel',
      'notifications',
      'secrets',
      'store',
      'updates',
      'diagnostics',
      'contract',
      'domain',
    ],
    electron: true,
  },
  appEntry: {
    path: 'main/index.ts',
    may: [
      'shell',
      'desk',
      'kernel',
      'notifications',
      'secrets',
      'store',
      'updates',
      'diagnostics',
      'contract',
      'domain',
    ],
    electron: true,
  },
};

const layering = { 'resdesk/layers': ['error', { root: import.meta.dirname, layers }] };

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'coverage/**', 'test-results/**', '**/*.tmp.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { resdesk: resdeskRules },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-ignore': true, 'ts-nocheck': true, 'ts-expect-error': 'allow-with-description' },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  // Rules that need the types: a promise nobody awaits, a promise where a callback must return
  // nothing, a switch that forgets a case of its union. Slower than plain lint, so only these three.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        // Lint fixtures (test/unit/lint/habits.test.ts) are linted from text, outside every tsconfig.
        projectService: { allowDefaultProject: ['test/lint-fixture-*.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
    },
  },
  { files: ['main/**/*.ts', 'shared/**/*.ts', 'preload/**/*.ts', 'renderer/**/*.{ts,tsx}'], rules: layering },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // useAskEffect takes an effect's list: its callers' lists are checked as useEffect's are.
      'react-hooks/exhaustive-deps': ['warn', { additionalHooks: '^useAskEffect$' }],
    },
  },
  // The hidden sound page's script runs in a sandboxed browser page.
  { files: ['resources/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
);
