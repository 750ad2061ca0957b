// The bytes of a CSV: which cells are quoted. Every cell holding a line break of any kind (a bare CR too),
// a tab, a quote or the delimiter; no other, so numbers and plain text stay as they are.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { writeCsv } from '../../../main/export/write-csv';
import { stageFile } from '../../../main/export/staged-file';
import type { Delimiter } from '../../../main/export/format';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'resdesk-quoting-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function written(cells: string[], delimiter: Delimiter): Promise<string> {
  const file = join(dir, `${delimiter === ';' ? 'semi' : 'comma'}.csv`);
  const staged = await stageFile(file, { replace: false });
  try {
    await writeCsv(
      staged,
      ['h'],
      cells.map((c) => [c]),
      { delimiter, bom: false },
    );
    await staged.commit();
  } finally {
    await staged.discard();
  }
  return readFileSync(file, 'utf8');
}

it.each([';', ','] as const)('quotes exactly the cells that need it (delimiter %s)', async (delimiter) => {
  const quoted = [
    'a\nb',
    'a\rb',
    'a\r\nb',
    '\r',
    'a\tb',
    'a\u2028b',
    'a\x85b',
    'a\vb',
    'a"b',
    `a${delimiter}b`,
  ];
  const plain = ['plain', '-12,5', "'=1", 'ŞAHİN', delimiter === ';' ? 'a,b' : 'a;b'];
  const text = await written([...quoted, ...plain], delimiter);
  const expected = [
    'h',
    ...quoted.map((c) => `"${c.replace(/"/g, '""')}"`),
    ...plain.map((c) => (c.includes(delimiter) ? `"${c}"` : c)),
  ];
  expect(text).toBe(expected.map((line) => `${line}\r\n`).join(''));
});
