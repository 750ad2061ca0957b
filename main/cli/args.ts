// The options cli.ts parses for the commands without options of their own, the line a command prints, and
// the mistake in what was typed (exit code 2): one copy, shared by the entry and the command modules.
import type { parseArgs } from 'node:util';
import { isServiceUrl } from '../../shared/service-url';

export class UsageError extends Error {}

export const options = {
  db: { type: 'string' },
  service: { type: 'string' },
  'partner-id': { type: 'string' },
  once: { type: 'boolean' },
  interval: { type: 'string' },
  format: { type: 'string' },
  status: { type: 'string' },
  json: { type: 'boolean' },
  note: { type: 'string' },
  reason: { type: 'string' },
  user: { type: 'string' },
  'batch-size': { type: 'string' },
  'save-sample': { type: 'string' },
  today: { type: 'string' },
  language: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export type Values = ReturnType<
  typeof parseArgs<{ options: typeof options; allowPositionals: true }>
>['values'];

export const out = (text: string): void => void process.stdout.write(`${text}\n`);

/** A command's words after its name, at most `takes` of them: one more is a mistake, and nothing is done. */
export function wordsOf(
  positionals: readonly string[],
  takes: number,
  usage: string,
): (string | undefined)[] {
  const extra = positionals[takes];
  if (extra !== undefined)
    throw new UsageError(`"${extra}" is one word too many; nothing was done. Usage: resdesk ${usage}`);
  return Array.from({ length: takes }, (_, i) => positionals[i]);
}

/** The service and hotel number from --service and --partner-id, else as kept: checked, or a usage mistake. */
export function serviceOf(
  values: Values,
  kept: { serviceUrl: string; partnerId: number | null } | null,
): { serviceUrl: string; partnerId: number } {
  const serviceUrl = (values.service ?? kept?.serviceUrl ?? '').trim();
  const partnerId = Number(values['partner-id'] ?? kept?.partnerId ?? NaN);
  if (!serviceUrl) throw new UsageError('Give the service address with --service URL.');
  if (!isServiceUrl(serviceUrl))
    throw new UsageError('--service must be the service address, starting with http:// or https://.');
  if (!Number.isSafeInteger(partnerId) || partnerId <= 0)
    throw new UsageError('Give the hotel number with --partner-id N.');
  return { serviceUrl, partnerId };
}
