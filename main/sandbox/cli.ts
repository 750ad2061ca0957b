// `npm run sandbox -- --port 8787 --reservations 1500 --seed 7 [--file-ready-ms 1500] [--evolve-seconds 30]
//   [--dialect spec|original] [--oddities on|off]`
// First line is exactly "Practice service listening on <url>", then one line per request:
// method, path without the query (login carries the password there), status, milliseconds.
// The CLI is for people (training, demos): odd values are on unless --oddities off.
import { parseArgs } from 'node:util';
import { SERVICE_DIALECTS, type ServiceDialect } from './dialect';
import { startPracticeService } from './index';

function numberOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) {
    console.error(`--${name} must be a non-negative number`);
    process.exit(2);
  }
  return parsed;
}

function choice<T extends string>(
  value: string | undefined,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  const found = allowed.find((item) => item === value);
  if (found === undefined) {
    console.error(`--${name} must be ${allowed.join(' or ')}`);
    process.exit(2);
  }
  return found;
}

const USAGE = `Usage: npm run sandbox -- [--port 8787] [--reservations 60] [--seed 7] [--file-ready-ms 1500]
       [--evolve-seconds 30] [--dialect spec|original] [--oddities on|off]
Runs the practice service on this PC (127.0.0.1) until Ctrl+C; every request is printed on a line.`;

const options = {
  port: { type: 'string' },
  reservations: { type: 'string' },
  seed: { type: 'string' },
  'file-ready-ms': { type: 'string' },
  'evolve-seconds': { type: 'string' },
  dialect: { type: 'string' },
  oddities: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

let values: ReturnType<typeof parseArgs<{ options: typeof options }>>['values'];
try {
  ({ values } = parseArgs({ options, strict: true }));
} catch (error) {
  // A mistyped option is said in one line with the usage, never as a stack trace.
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const dialect: ServiceDialect = choice(values.dialect, 'dialect', SERVICE_DIALECTS, 'spec');
// The CLI is for people: "on" is every kind, the identity oddities and odd charsets included.
const oddities = choice(values.oddities, 'oddities', ['on', 'off'] as const, 'on') === 'on' ? 'all' : false;

const service = await startPracticeService({
  port: numberOption(values.port, 'port', 8787),
  reservations: numberOption(values.reservations, 'reservations', 60),
  seed: numberOption(values.seed, 'seed', 7),
  fileReadyAfterMs: numberOption(values['file-ready-ms'], 'file-ready-ms', 1500),
  evolveEveryMs: numberOption(values['evolve-seconds'], 'evolve-seconds', 30) * 1000,
  dialect,
  oddities,
  onRequest: (entry) => console.log(`${entry.method} ${entry.path} ${entry.status} ${entry.ms}ms`),
});
console.log(`Practice service listening on ${service.url}`);

const stop = (): void => {
  void service.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
