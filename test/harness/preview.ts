// `npm run preview [-- --port N]`: the real core (real SQLite in a fresh temp folder) in practice mode,
// already synced, served to any browser through the browser host. Prints "Preview at http://127.0.0.1:PORT"
// as its first line and "Practice service at http://127.0.0.1:PORT" as its second: the practice service
// the desk polls, whose control API (/_sandbox/arrive, change, cancel; docs/practice-service.md) lets a
// trainer make reservations arrive, change or be cancelled while the desk is open. Ctrl+C stops everything
// and removes the temp folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCore } from '../../main/desk/core';
import type { Logger } from '../../main/kernel/core-types';
import { memoryStore } from '../../main/secrets/memory-store';
import { startBrowserHost } from './browser-host/host';

function portArgument(argv: string[]): number {
  const i = argv.indexOf('--port');
  const raw = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith('--port='))?.slice('--port='.length);
  if (raw === undefined) return 0;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port needs a number from 0 to 65535, not "${raw}"`);
  return port;
}

// The first line of output is the address; everything else goes to stderr so it never comes first.
const logger: Logger = {
  info: () => undefined,
  warn: (message) => console.error(`warn: ${message}`),
  error: (message) => console.error(`error: ${message}`),
};

const port = portArgument(process.argv.slice(2));
const dataDir = mkdtempSync(path.join(tmpdir(), 'resdesk-preview-'));
const core = createCore(
  { dataDir, credentials: memoryStore(), logger },
  { practice: { fileReadyAfterMs: 200 } },
);
await core.start();
const setup = await core.handlers.startPracticeMode({});
await core.handlers.syncNow({});
if (!setup.practiceMode) throw new Error('practice mode did not start');
const host = await startBrowserHost({ core, port, logger });
const practiceUrl = core.practiceServiceUrl?.() ?? null;
if (!practiceUrl) throw new Error('the practice service has no address');
console.log(`Preview at ${host.url.replace(/\/$/, '')}`);
console.log(`Practice service at ${practiceUrl.replace(/\/$/, '')}`);
console.error(
  'Practice mode with demo reservations. Make more arrive: curl -X POST -H "content-type: application/json" ' +
    `-d '{"count":3}' ${practiceUrl}/_sandbox/arrive (also /_sandbox/change, /_sandbox/cancel). Ctrl+C stops.`,
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await host.close();
  await core.stop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
