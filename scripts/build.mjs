#!/usr/bin/env node
// Builds what Electron loads: dist/main/*.cjs (main process + import worker), dist/preload/index.cjs
// (one CommonJS file, so `sandbox: true` works), dist/renderer (Vite). Nothing here needs Electron's binary.
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';
import { existsSync } from 'node:fs';
import path from 'node:path';

// Native modules and Electron itself are loaded at run time, never bundled.
const external = ['electron', 'better-sqlite3', 'keytar', 'pdfkit'];
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
};

const mainEntries = ['main/index.ts', 'main/desk/import-worker.ts'].filter((f) => existsSync(f));
for (const entry of mainEntries) {
  const name = path.basename(entry, '.ts');
  await build({ ...common, entryPoints: [entry], outfile: `dist/main/${name}.cjs` });
}
if (existsSync('preload/index.ts')) {
  await build({ ...common, entryPoints: ['preload/index.ts'], outfile: 'dist/preload/index.cjs' });
}
await viteBuild({ configFile: 'vite.config.ts', logLevel: 'warn' });
console.log('Built dist/main, dist/preload and dist/renderer.');
