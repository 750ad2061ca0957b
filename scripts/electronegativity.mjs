#!/usr/bin/env node
// Runs the Electronegativity gate (test/security/electronegativity.test.ts) on its own:
// `node scripts/electronegativity.mjs`. Findings and the allow-list are explained in docs/shell.md.
import { spawnSync } from 'node:child_process';

const r = spawnSync('npx', ['vitest', 'run', 'test/security/electronegativity.test.ts'], {
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
