// `npm run dist [-- electron-builder options]`: builds dist/, then the installers of electron-builder.yml
// for this system (e.g. `npm run dist -- --dir --linux` for an unpacked Linux app in release/). The
// Electron build of better-sqlite3 is made or reused before packing and every packed addon is checked
// against Electron's ABI after (scripts/dist-hooks.ts); node_modules is never rebuilt, so the checkout's
// tests and CLI keep working. Failures end with one line saying what to do.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { build, type CliOptions, type Configuration } from 'electron-builder';
import { configureBuildCommand, createYargs } from 'electron-builder/out/builder';
import { distHooks } from './dist-hooks';
import { ELECTRON_NATIVE_ROOT, NATIVE_ROOT_ENV, repoRoot } from './native/electron-target';
import { packedResourcesDir } from './native/verify-packed';
import { nodeVersionNote } from './native/node-version';

const note = nodeVersionNote(process.versions.node);
if (note) console.warn(note);

// electron-builder's own command line (its yargs setup), so every option it documents works here too.
const cli: CliOptions = configureBuildCommand(createYargs()).parseSync(process.argv.slice(2));
// `-c.key=value` overrides arrive as an object; a config file other than electron-builder.yml is not taken.
const overrides: Configuration = typeof cli.config === 'object' && cli.config !== null ? cli.config : {};
if (typeof cli.config === 'string') {
  console.error('npm run dist always uses electron-builder.yml: give changes as -c.key=value.');
  process.exit(1);
}

const built = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'build.mjs')], {
  stdio: 'inherit',
  cwd: repoRoot,
});
if (built.status !== 0) {
  console.error('npm run dist stopped: the build failed (see above).');
  process.exit(1);
}

// Relative: electron-builder joins extraResources' `from` to the project folder.
process.env[NATIVE_ROOT_ENV] = path.relative(repoRoot, ELECTRON_NATIVE_ROOT);
try {
  const hooks = distHooks({ say: (line) => console.log(`  • ${line}`) });
  const artifacts = await build({ ...cli, projectDir: repoRoot, config: { ...overrides, ...hooks } });
  const output = path.resolve(repoRoot, overrides.directories?.output ?? 'release');
  for (const artifact of artifacts) console.log(`Made ${path.relative(repoRoot, artifact)}`);
  const unpacked = `${process.platform === 'darwin' ? 'mac' : process.platform === 'win32' ? 'win' : 'linux'}-unpacked`;
  try {
    const asar = path.join(packedResourcesDir(path.join(output, unpacked)), 'app.asar');
    console.log(`app.asar: ${(statSync(asar).size / 1e6).toFixed(1)} MB`);
  } catch {
    // Only a --dir build on this platform leaves an unpacked app to measure.
  }
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`npm run dist stopped: ${message.split('\n')[0]}`);
  process.exit(1);
}
