import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';

// Most files wait on sockets, child processes, PostgreSQL and Chromium rather than compute, so the suite runs more
// files at once than there are cores (Vitest's default is one fewer: a single worker on a two-core machine).
// RESDESK_TEST_WORKERS overrides it (1 runs the files one by one).
const workers = Number(process.env.RESDESK_TEST_WORKERS) || Math.max(3, availableParallelism() + 1);
// A worker runs file after file in one process with the modules it has loaded: a fresh process and module graph per
// file cost the suite about a fifth of its time (250 files: 553 s against 424–452 s). Every file sets up and tears
// down what it uses (servers, browsers, the fake Electron's state) and restores what it changes (environment
// variables). The update files are the exception: electron-updater keeps one updater per process, which installs
// once, so each of them gets a process of its own. RESDESK_TEST_ISOLATE=1 gives every file its own process, to find
// a file that leaves something behind.
const isolateAll = process.env.RESDESK_TEST_ISOLATE === '1';
const ownProcess = ['test/integration/updates/*.test.ts'];

export default defineConfig({
  resolve: {
    // Electron's binary cannot run here: adapters are tested against a fake module with the same surface.
    alias: { electron: fileURLToPath(new URL('./test/harness/fake-electron.ts', import.meta.url)) },
  },
  test: {
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: workers,
    // A screen polled while other files load the machine may take longer than Vitest's default second.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: { name: 'resdesk', include: ['test/**/*.test.ts'], exclude: ownProcess, isolate: isolateAll },
      },
      { extends: true, test: { name: 'own process', include: ownProcess, isolate: true } },
    ],
  },
});
