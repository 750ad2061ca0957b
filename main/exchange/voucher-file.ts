// Writes a confirmation PDF to disk, but only if it is one: at most 20 MB, and starting like a PDF. The
// live service puts the PDF on another host under a temporary path; whatever answers there is checked,
// so an error page or an endless body never ends up looking like a voucher.
import { createWriteStream } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { MalformedResponseError } from './errors';

export const VOUCHER_MAX_BYTES = 20 * 1024 * 1024;
/** PDF readers accept the header anywhere in the first kilobyte. */
const HEADER_WITHIN = 1024;
const PDF_HEADER = Buffer.from('%PDF-');

class VoucherCheck extends Transform {
  private seen = 0;
  private head = Buffer.alloc(0);
  private headerFound = false;

  constructor(private readonly operation: string) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > VOUCHER_MAX_BYTES)
      return done(new MalformedResponseError('a voucher PDF under 20 MB', '', this.operation));
    if (!this.headerFound) {
      this.head = Buffer.concat([this.head, chunk]).subarray(0, HEADER_WITHIN + PDF_HEADER.length);
      if (this.head.includes(PDF_HEADER)) this.headerFound = true;
      else if (this.head.length >= HEADER_WITHIN + PDF_HEADER.length)
        return done(new MalformedResponseError('a voucher PDF', '', this.operation));
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    done(this.headerFound ? null : new MalformedResponseError('a voucher PDF', '', this.operation));
  }
}

/** Streams `body` into `destinationPath` through a temporary file, renamed only when all checks passed. */
export async function saveVoucher(
  body: AsyncIterable<Uint8Array>,
  destinationPath: string,
  operation: string,
  signal?: AbortSignal,
): Promise<void> {
  const temporary = `${destinationPath}.${randomBytes(6).toString('hex')}.part`;
  const file = createWriteStream(temporary);
  try {
    await pipeline(body, new VoucherCheck(operation), file, ...(signal ? [{ signal }] : []));
    await rename(temporary, destinationPath);
  } catch (error) {
    // A pipeline that fails at once may fail while the file is still being opened: it would be created after
    // the removal and left behind. The file is removed once it is closed.
    if (!file.closed) await new Promise<void>((closed) => file.once('close', () => closed()));
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}
