// Streams CSV lines into a staged file through csv-stringify, waiting for the file whenever its buffer is
// full, so memory stays flat however many rows there are. Putting the file in place is the caller's
// (staged-file.ts), so an arrivals list's CSV and HTML are both complete before either is.
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Delimiter } from './format';
import { BREAKS } from './neutralise';
import type { StagedFile } from './staged-file';

export interface CsvFileOptions {
  delimiter: Delimiter;
  /** UTF-8 byte order mark: Excel reads the file as UTF-8 only with it (Turkish letters survive). */
  bom: boolean;
}

/**
 * Cells quoted besides those holding the delimiter or a quote (csv-stringify quotes those itself): any
 * holding a tab or a line break of any kind. csv-stringify quotes a bare CR or LF only while the record
 * delimiter is its default, and ours is CRLF; unquoted, a line break in a note would end the record for
 * Excel and for csv-parse alike. A tab is quoted for readers told to split on tabs too (LibreOffice's
 * import dialog often is).
 */
const mustQuote = new RegExp(`[${BREAKS}]`, 'u');

/**
 * Writes `header` and then every line `lines` yields into `file`'s temporary file. `lines` may be a
 * synchronous iterator over an open SQLite statement: it is only advanced between writes. Returns how
 * many lines were written (header not counted).
 */
export async function writeCsv(
  file: StagedFile,
  header: readonly string[],
  lines: Iterable<readonly string[]>,
  options: CsvFileOptions,
): Promise<number> {
  const stringifier = stringify({
    bom: options.bom,
    delimiter: options.delimiter,
    // Excel on Windows expects CRLF between records; line breaks inside a quoted note stay as they are.
    record_delimiter: 'windows',
    quoted_match: mustQuote,
  });
  const written = pipeline(stringifier, file.handle.createWriteStream({ highWaterMark: 1 << 20 }));
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
    return count;
  } catch (error) {
    stringifier.destroy();
    await written.catch(() => undefined);
    throw error;
  }
}
