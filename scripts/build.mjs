#!/usr/bin/env node
// Builds what Electron loads: dist/main/*.cjs (main process + import worker), dist/preload/index.cjs
// (one CommonJS file, so `sandbox: true` works), dist/renderer (Vite). Nothing here needs Electron's binary.
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Electron itself and every package of package.json "dependencies" (and optional ones: keytar) are loaded
// from node_modules at run time, never bundled: one list, so what electron-builder packs into app.asar
// (exactly those packages) is exactly what the bundle requires. Native modules must stay out of the bundle;
// electron-updater must be a dependency for electron-builder to write its update files for electron-updater 4+.
const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const external = [
  'electron',
  ...Object.keys(manifest.dependencies ?? {}),
  ...Object.keys(manifest.optionalDependencies ?? {}),
];
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
