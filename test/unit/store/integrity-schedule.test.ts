// When a start reads the whole desk file: the note beside it, read and written as the desk does, and the rule.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  WHOLE_CHECK_EVERY_MS,
  depthAtStart,
  markClosed,
  markOpened,
  markReadWhole,
  readIntegrityNote,
} from '../../../main/store/integrity-schedule';
import { tempFolder } from '../backup/helpers';

const T0 = new Date('2026-06-01T08:00:00Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

describe('how much of the desk file a start reads', () => {
  it('all of it the first time, after a start that never closed, and once the last whole read is a week old', () => {
    const file = path.join(tempFolder(), 'resdesk.db');
    expect(depthAtStart(readIntegrityNote(file), T0)).toEqual({ depth: 'whole', why: 'first' });
    markOpened(file, T0, 'whole');
    expect(depthAtStart(readIntegrityNote(file), later(60_000))).toEqual({ depth: 'whole', why: 'unclean' });
    markClosed(file);
    expect(depthAtStart(readIntegrityNote(file), later(60_000))).toEqual({ depth: 'shape', why: 'recent' });
    expect(depthAtStart(readIntegrityNote(file), later(WHOLE_CHECK_EVERY_MS))).toEqual({
      depth: 'whole',
      why: 'due',
    });
  });

  it('counts a verified backup as a whole read, and a shape start keeps the last whole read', () => {
    const file = path.join(tempFolder(), 'resdesk.db');
    markOpened(file, T0, 'whole');
    markReadWhole(file, later(6 * 24 * 3600_000));
    markClosed(file);
    markOpened(file, later(10 * 24 * 3600_000), 'shape');
    markClosed(file);
    expect(readIntegrityNote(file)).toEqual({
      openSince: null,
      lastWholeReadAt: later(6 * 24 * 3600_000).toISOString(),
    });
    expect(depthAtStart(readIntegrityNote(file), later(12 * 24 * 3600_000)).why).toBe('recent');
    expect(depthAtStart(readIntegrityNote(file), later(13 * 24 * 3600_000)).why).toBe('due');
  });

  it('reads a note it cannot understand as knowing nothing: the whole file is read', () => {
    const file = path.join(tempFolder(), 'resdesk.db');
    for (const text of ['', 'not json', '[]', 'null', '{"openSince": 5, "lastWholeReadAt": "yesterday"}']) {
      writeFileSync(`${file}.state.json`, text);
      const note = readIntegrityNote(file);
      expect(depthAtStart(note, T0).depth).toBe('whole');
    }
  });
});
