// The probe's sample: the raw answers, so a hotel can send them to whoever helps them. The token and the
// password are blanked by the probe; here the guests' names, notes and tracking numbers are blanked too,
// so what leaves the hotel says how the service writes, not who is staying.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ProbeOperation } from './run-probe';

const BLANKED = 'BLANKED';
/** Personal fields of a reservation answer (Name occurs there only inside the guests). */
const PERSONAL = 'Name|Note|ConfirmeNote|MusTakipNo';
const XML_PERSONAL = new RegExp(`(<(?:[\\w.-]+:)?(?:${PERSONAL})(?:\\s[^>]*)?>)[^<]*(</)`, 'g');
const JSON_PERSONAL = new RegExp(
  `("(?:${PERSONAL}|${PERSONAL.toLowerCase()})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`,
  'gi',
);

export function blankPersonalData(text: string): string {
  return text.replace(XML_PERSONAL, `$1${BLANKED}$2`).replace(JSON_PERSONAL, `$1"${BLANKED}"`);
}

/** Operations whose answers hold guests; the others (agencies, reasons, codes) are kept as they are. */
const HOLDS_GUESTS: ReadonlySet<ProbeOperation> = new Set(['reservations', 'reservation-file', 'json']);
/** A large-result file is cut here: the start shows the shape, and the sample stays small enough to mail. */
const MAX_CHARS = 2 * 1024 * 1024;

export interface SampleWriter {
  add(operation: ProbeOperation, text: string): void;
  /** Writes the files; returns their names. */
  finish(): string[];
}

export function createSampleWriter(dir: string): SampleWriter {
  const parts: { operation: ProbeOperation; text: string }[] = [];
  return {
    add(operation, text) {
      const last = parts.at(-1);
      // The file arrives in pieces: one sample file per step.
      if (last && last.operation === operation && operation === 'reservation-file') {
        if (last.text.length < MAX_CHARS) last.text += text.slice(0, MAX_CHARS - last.text.length);
      } else parts.push({ operation, text: text.slice(0, MAX_CHARS) });
    },
    finish() {
      mkdirSync(dir, { recursive: true });
      return parts.map((part, index) => {
        const text = HOLDS_GUESTS.has(part.operation) ? blankPersonalData(part.text) : part.text;
        const ext = text
          .trimStart()
          .replace(/^\uFEFF/, '')
          .startsWith('<')
          ? 'xml'
          : 'json';
        const name = `${String(index + 1).padStart(2, '0')}-${part.operation}.${ext}`;
        writeFileSync(path.join(dir, name), text);
        return name;
      });
    },
  };
}
