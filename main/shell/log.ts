// The desk's log: JSON lines in userData/logs, rotated by size, and a redaction layer every message and
// field goes through first. The exchange service puts the password in the login URL's query string and
// sends tokens in headers, so anything that looks like a secret is cut out before it can reach the disk.
import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../kernel/core-types';

const REDACTED = '[redacted]';
const MAX_TEXT = 2000;
const MAX_DEPTH = 5;
const MAX_ENTRIES = 50;

/** Field names whose value is a secret whatever it looks like. */
const SECRET_KEY =
  /password|passwd|passphrase|secret|token|authori[sz]ation|cookie|credential|api[-_]?key|session|^pass$|^pwd$|^auth$|^key$|^sig(nature)?$/i;
const SECRET_KEY_SOURCE =
  'password|passwd|passphrase|secret|[a-z_]*token|authori[sz]ation|cookie|credentials?|api[-_]?key|session[-_]?id|pwd|pass';

const TEXT_RULES: [RegExp, string][] = [
  // user:password@ in any URL
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@'"<>]+@/gi, `$1${REDACTED}@`],
  // the query string of any absolute URL
  [/\b([a-z][a-z0-9+.-]*:\/\/[^\s?#'"<>]*)\?[^\s#'"<>]*/gi, `$1?${REDACTED}`],
  // the query string of a bare path such as /api/login?password=...
  [/(^|[\s('"=])(\/[^\s?#'"<>]*)\?[^\s#'"<>]*/g, `$1$2?${REDACTED}`],
  // before the key=value rule, which would otherwise take the scheme word for the whole value
  [/\b(bearer|basic)\s+[a-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  // password=..., "token": "...", Token: ... in free text, JSON or headers
  [
    new RegExp(
      `(["']?\\b(?:${SECRET_KEY_SOURCE})\\b["']?\\s*[:=]\\s*)("(?:[^"\\\\]|\\\\.)*"|'(?:[^'\\\\]|\\\\.)*'|[^\\s,;&}\\]]+)`,
      'gi',
    ),
    `$1${REDACTED}`,
  ],
  // JWTs and long hex strings: the shapes tokens take even when nobody labelled them
  [/\beyJ[a-z0-9_-]+\.[a-z0-9_-]+\.[a-z0-9_-]*/gi, REDACTED],
  [/\b[a-f0-9]{32,}\b/gi, REDACTED],
];

/** Removes secrets and URL query strings from free text, and bounds its length. */
export function redactText(text: string): string {
  let out = text.length > MAX_TEXT * 4 ? text.slice(0, MAX_TEXT * 4) : text;
  for (const [pattern, replacement] of TEXT_RULES) out = out.replace(pattern, replacement);
  return out.length > MAX_TEXT ? `${out.slice(0, MAX_TEXT)}…[truncated]` : out;
}

function redactValue(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  switch (typeof value) {
    case 'string':
      return redactText(value);
    case 'number':
    case 'boolean':
    case 'undefined':
      return value;
    case 'bigint':
      return value.toString();
    case 'symbol':
      return '[symbol]';
    case 'function':
      return '[function]';
    case 'object':
      break; // null, arrays, errors and plain objects: below
  }
  if (value === null) return null;
  const object = value as object;
  if (seen.has(object)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[nested too deep]';
  seen.add(object);
  try {
    if (object instanceof Error)
      return { name: redactText(String(object.name)), message: redactText(String(object.message)) };
    if (object instanceof Date) return Number.isNaN(object.getTime()) ? 'Invalid Date' : object.toISOString();
    if (ArrayBuffer.isView(object) || object instanceof ArrayBuffer)
      return `[binary ${object.byteLength} bytes]`;
    if (Array.isArray(object)) {
      const items = object.slice(0, MAX_ENTRIES).map((item) => redactValue(item, depth + 1, seen));
      return object.length > MAX_ENTRIES ? [...items, `…${object.length - MAX_ENTRIES} more`] : items;
    }
    // A prototype-less copy: a hostile "__proto__" key stays plain data instead of becoming a prototype.
    const out: Record<string, unknown> = Object.create(null);
    for (const key of Object.keys(object).slice(0, MAX_ENTRIES)) {
      const safeKey = redactText(key);
      out[safeKey] = SECRET_KEY.test(key) ? REDACTED : redactValue(Reflect.get(object, key), depth + 1, seen);
    }
    return out;
  } catch {
    return '[unreadable]';
  } finally {
    seen.delete(object);
  }
}

/** A copy of log fields with secrets removed; never throws, whatever it is given. */
export function redact(value: unknown): unknown {
  return redactValue(value, 0, new WeakSet());
}

export type LogLevel = 'info' | 'warn' | 'error';

/** One JSON line, already redacted. */
export function formatLine(level: LogLevel, message: unknown, fields: unknown, at: Date): string {
  const entry: Record<string, unknown> = {
    at: at.toISOString(),
    level,
    message: typeof message === 'string' ? redactText(message) : '[not text]',
  };
  if (fields !== undefined) entry.fields = redact(fields);
  return `${JSON.stringify(entry)}\n`;
}

export interface FileLoggerOptions {
  file: string;
  /** Rotate when the file would grow past this size. */
  maxBytes?: number;
  /** How many rotated files (file.1 … file.N) to keep. */
  keep?: number;
  now?: () => Date;
  /** Also print to the terminal (development). */
  echo?: boolean;
}

/** A Logger writing rotated JSON lines; a full disk or a locked file never crashes the desk. */
export function createFileLogger(options: FileLoggerOptions): Logger {
  const maxBytes = options.maxBytes ?? 1_000_000;
  const keep = Math.max(1, options.keep ?? 3);
  const now = options.now ?? (() => new Date());
  let size: number | null = null;

  const rotate = (): void => {
    rmSync(`${options.file}.${keep}`, { force: true });
    for (let i = keep - 1; i >= 1; i--) {
      try {
        renameSync(`${options.file}.${i}`, `${options.file}.${i + 1}`);
      } catch {
        // that generation does not exist yet
      }
    }
    renameSync(options.file, `${options.file}.1`);
    size = 0;
  };

  const write = (level: LogLevel, message: string, fields?: Record<string, unknown>): void => {
    const line = formatLine(level, message, fields, now());
    if (options.echo) process.stderr.write(line);
    try {
      if (size === null) {
        mkdirSync(path.dirname(options.file), { recursive: true });
        try {
          size = statSync(options.file).size;
        } catch {
          size = 0;
        }
      }
      const bytes = Buffer.byteLength(line);
      if (size > 0 && size + bytes > maxBytes) rotate();
      appendFileSync(options.file, line, { encoding: 'utf8', mode: 0o600 });
      size += bytes;
    } catch {
      size = null;
    }
  };

  return {
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}
