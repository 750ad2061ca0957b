// Streams CSV lines into a file through csv-stringify, waiting for the file whenever its buffer is
// full, so memory stays flat however many rows there are. The file is written beside its final name
// and renamed at the end: a failed export never leaves a half file that looks complete.
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Delimiter } from './format';

export interface CsvFileOptions {
  delimiter: Delimiter;
  /** UTF-8 byte order mark: Excel reads the file as UTF-8 only with it (Turkish letters survive). */
  bom: boolean;
}

/**
 * Writes `header` and then every line `lines` yields. `lines` may be a synchronous iterator over an open
 * SQLite statement: it is only advanced between writes. Returns how many lines were written (header
 * not counted).
 */
export async function writeCsvFile(
  file: string,
  header: readonly string[],
  lines: Iterable<readonly string[]>,
  options: CsvFileOptions,
): Promise<number> {
  const partial = `${file}.partial`;
  const stringifier = stringify({
    bom: options.bom,
    delimiter: options.delimiter,
    // Excel on Windows expects CRLF between records; line breaks inside a quoted note stay as they are.
    record_delimiter: 'windows',
  });
  const written = pipeline(stringifier, createWriteStream(partial, { highWaterMark: 1 << 20 }));
  // A failure of the file surfaces through `written`; until it is awaited, keep it from being unhandled.
  written.catch(() => undefined);
  let count = 0;
  try {
    stringifier.write(header);
    for (const line of lines) {
      count++;
      if (!stringifier.write(line)) await Promise.race([once(stringifier, 'drain'), written]);
    }
    stringifier.end();
    await written;
    await rename(partial, file);
    return count;
  } catch (error) {
    stringifier.destroy();
    await written.catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
}
