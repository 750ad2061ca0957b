// When the desk reads its whole database file to check it (quick_check reads every page: seconds at 100,000
// reservations) and when it reads only what a start needs (the header, the schema, the file's length against the
// pages its header counts). Whole: after a start that did not end cleanly (the app killed, the PC switched off:
// what leaves a file damaged), when the last whole read is older than a week, and when nothing is known (a first
// start, the note below unreadable). Every verified backup reads every page too, so it counts as a whole read.
//
// What the desk knows is a small note beside the database (`<file>.state.json`), written by rename so it is never
// half there: when the desk opened the file and has not closed it since, and when the file was last read whole.
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { CheckDepth } from './backup-check';

export const WHOLE_CHECK_EVERY_MS = 7 * 24 * 60 * 60 * 1000;

export interface IntegrityNote {
  /** When the desk opened the file; null once it closed it cleanly. */
  openSince: string | null;
  /** When every page of the file was last read and found whole (a check at start, or a verified backup). */
  lastWholeReadAt: string | null;
}

const noteFile = (databaseFile: string): string => `${databaseFile}.state.json`;

const isoOrNull = (value: unknown): string | null =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : null;

/** The note as written; null when there is none or it cannot be read (treated as knowing nothing). */
export function readIntegrityNote(databaseFile: string): IntegrityNote | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(noteFile(databaseFile), 'utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  return {
    openSince: isoOrNull(Reflect.get(parsed, 'openSince')),
    lastWholeReadAt: isoOrNull(Reflect.get(parsed, 'lastWholeReadAt')),
  };
}

/**
 * Written whole and on disk (its folder's entry too) before the caller goes on: the note that the file is open must
 * survive the power cut that follows, or the next start would take a damaged file for a cleanly closed one.
 */
function writeNote(databaseFile: string, note: IntegrityNote): void {
  const file = noteFile(databaseFile);
  const fd = openSync(`${file}.tmp`, 'w');
  try {
    writeSync(fd, JSON.stringify(note));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(`${file}.tmp`, file);
  try {
    const dir = openSync(path.dirname(file), 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  } catch {
    // A folder cannot be opened for syncing on Windows; its rename is durable there once the file is.
  }
}

/** How much of the file a start reads, and why (said in the log). */
export function depthAtStart(
  note: IntegrityNote | null,
  now: Date,
): { depth: CheckDepth; why: 'first' | 'unclean' | 'due' | 'recent' } {
  if (note === null) return { depth: 'whole', why: 'first' };
  if (note.openSince !== null) return { depth: 'whole', why: 'unclean' };
  const last = note.lastWholeReadAt === null ? Number.NEGATIVE_INFINITY : Date.parse(note.lastWholeReadAt);
  return now.getTime() - last >= WHOLE_CHECK_EVERY_MS
    ? { depth: 'whole', why: 'due' }
    : { depth: 'shape', why: 'recent' };
}

/** The file passed its check at start and is open: until it closes cleanly, the next start reads it whole. */
export function markOpened(databaseFile: string, now: Date, depth: CheckDepth): void {
  const before = readIntegrityNote(databaseFile);
  writeNote(databaseFile, {
    openSince: now.toISOString(),
    lastWholeReadAt: depth === 'whole' ? now.toISOString() : (before?.lastWholeReadAt ?? null),
  });
}

/** The desk closed the file cleanly. */
export function markClosed(databaseFile: string): void {
  const before = readIntegrityNote(databaseFile);
  if (before === null) return;
  writeNote(databaseFile, { ...before, openSince: null });
}

/** A backup read every page of the file and its copy checked out. */
export function markReadWhole(databaseFile: string, at: Date): void {
  const before = readIntegrityNote(databaseFile);
  if (before === null) return;
  writeNote(databaseFile, { ...before, lastWholeReadAt: at.toISOString() });
}
