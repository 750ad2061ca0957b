// A test's child program bundled once per test process with esbuild (npm packages left outside, loaded from
// node_modules as usual): started with plain `node` it runs in a fraction of a second, where `node --import tsx`
// spends seconds of CPU compiling the same sources again in every child.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = path.resolve(__dirname, '../..');
const built = new Map<string, Promise<string>>();

/** The bundled program's path (an .mjs inside node_modules/.cache, so its packages resolve from the project). */
export function bundled(entry: string): Promise<string> {
  let done = built.get(entry);
  if (!done) {
    // One folder per test process and program (main/cli.ts and main/sandbox/cli.ts share a name); the program keeps
    // its own name (the CLI knows itself by it).
    const dir = path.join(
      ROOT,
      'node_modules',
      '.cache',
      'resdesk-tests',
      String(process.pid),
      path.dirname(entry).replaceAll('/', '-'),
    );
    mkdirSync(dir, { recursive: true });
    const outfile = path.join(dir, `${path.basename(entry, '.ts')}.mjs`);
    done = build({
      entryPoints: [path.join(ROOT, entry)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      outfile,
      logLevel: 'silent',
    }).then(() => outfile);
    built.set(entry, done);
  }
  return done;
}
