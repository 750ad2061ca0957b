// The options cli.ts parses for the commands without options of their own, the line a command prints, and
// the mistake in what was typed (exit code 2): one copy, shared by the entry and the command modules.
import type { parseArgs } from 'node:util';

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
