// Layering rules from design.md are enforced here, not by hope.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = {
  group: ['node:*', 'fs', 'path', 'os', 'child_process', 'http', 'https', 'net', 'crypto'],
  message: 'The renderer and shared code never touch Node: go through window.resdesk.',
};
const electron = {
  name: 'electron',
  message:
    "Only the thin Electron adapters (main/index.ts, window.ts, tray.ts, notify.ts, ipc.ts, menu.ts) and preload import 'electron'.",
};
const toMain = { group: ['**/main/**', '**/main'], message: 'This layer must not import main-process code.' };
const toPreload = {
  group: ['**/preload/**', '**/preload'],
  message: 'This layer must not import the preload.',
};
const toRenderer = {
  group: ['**/renderer/**', '**/renderer'],
  message: 'This layer must not import the renderer.',
};
const toSandbox = {
  group: ['**/sandbox/**', '**/sandbox'],
  message: 'The exchange client and the practice service share no code (design.md).',
};
const toExchange = {
  group: ['**/exchange/**', '**/exchange'],
  message: 'The practice service and the exchange client share no code (design.md).',
};
const outOfShared = { group: ['../*', '../**'], message: 'shared/ imports nothing of ours outside shared/.' };

const restrict = (paths, patterns) => ['error', { paths, patterns }];

export const electronAdapters = [
  'main/index.ts',
  'main/window.ts',
  'main/tray.ts',
  'main/notify.ts',
  'main/ipc.ts',
  'main/menu.ts',
];

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'coverage/**', 'test-results/**', '**/*.tmp.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node } },
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
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': restrict([electron], [toMain, toPreload, nodeBuiltins]),
    },
  },
  // The hidden sound page's script runs in a sandboxed browser page.
  { files: ['resources/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  { files: ['preload/**/*.ts'], rules: { 'no-restricted-imports': restrict([], [toMain, toRenderer]) } },
  {
    files: ['shared/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([electron], [outOfShared, nodeBuiltins]) },
  },
  {
    files: ['main/**/*.ts'],
    ignores: electronAdapters,
    rules: { 'no-restricted-imports': restrict([electron], [toRenderer, toPreload]) },
  },
  { files: electronAdapters, rules: { 'no-restricted-imports': restrict([], [toRenderer, toPreload]) } },
  {
    files: ['main/exchange/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([electron], [toRenderer, toPreload, toSandbox]) },
  },
  {
    files: ['main/sandbox/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([electron], [toRenderer, toPreload, toExchange]) },
  },
);
