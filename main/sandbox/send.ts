// Writes a Reply to the socket: small bodies in one piece with Content-Length, streams chunk by chunk
// honouring backpressure. A truncate fault sends about half and then drops the connection.
import type { ServerResponse } from 'node:http';
import type { Reply } from './reply';

function waitForDrain(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}

// Items are small (a reservation is about 2 KB): written one by one they become thousands of tiny HTTP
// chunks, and a client that pauses per chunk re-copies its socket backlog each time. Items are encoded
// straight into pieces of about 64 KB instead, so the body stays streamed while the chunk count is
// proportional to bytes, not items (and no long concatenated string has to be flattened per piece).
const WRITE_SIZE = 64 * 1024;
const MAX_UTF8_PER_CHAR = 3;

class Pieces {
  private buffer = Buffer.allocUnsafe(2 * WRITE_SIZE);
  private used = 0;

  constructor(private readonly encode: ((text: string) => Buffer) | null) {}

  /** Adds a chunk; returns a full piece to write, if there is one. */
  add(chunk: string): Buffer | null {
    if (this.encode) return this.addBytes(this.encode(chunk));
    let full: Buffer | null = null;
    if (this.used + chunk.length * MAX_UTF8_PER_CHAR > this.buffer.length) full = this.take();
    if (chunk.length * MAX_UTF8_PER_CHAR > this.buffer.length) {
      return full ? Buffer.concat([full, Buffer.from(chunk, 'utf8')]) : Buffer.from(chunk, 'utf8');
    }
    this.used += this.buffer.write(chunk, this.used, 'utf8');
    if (this.used >= WRITE_SIZE) return full ? Buffer.concat([full, this.take()]) : this.take();
    return full;
  }

  /** Another charset than UTF-8 (rare, an oddity): the chunk is encoded first, then copied in. */
  private addBytes(bytes: Buffer): Buffer | null {
    let full: Buffer | null = null;
    if (this.used + bytes.length > this.buffer.length) full = this.take();
    if (bytes.length > this.buffer.length) return full ? Buffer.concat([full, bytes]) : bytes;
    this.used += bytes.copy(this.buffer, this.used);
    if (this.used >= WRITE_SIZE) return full ? Buffer.concat([full, this.take()]) : this.take();
    return full;
  }

  /** What is collected so far; the buffer is handed to the socket, so a fresh one is started. */
  take(): Buffer {
    const piece = this.buffer.subarray(0, this.used);
    this.buffer = Buffer.allocUnsafe(2 * WRITE_SIZE);
    this.used = 0;
    return piece;
  }
}

export async function sendReply(response: ServerResponse, reply: Reply, truncate = false): Promise<void> {
  response.statusCode = reply.status;
  response.setHeader('Content-Type', reply.contentType);
  for (const [name, value] of Object.entries(reply.headers ?? {})) response.setHeader(name, value);
  const body = reply.body;
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    response.setHeader('Content-Length', bytes.length);
    if (!truncate) {
      response.end(bytes);
      return;
    }
    response.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => response.destroy());
    return;
  }
  const cutAt = truncate ? Math.max(1, Math.floor(body.expectedChunks / 2)) : Number.POSITIVE_INFINITY;
  let written = 0;
  const pieces = new Pieces(reply.encode ?? null);
  for (const chunk of body.chunks) {
    if (response.destroyed) return;
    if (written >= cutAt) {
      response.write(pieces.take());
      response.destroy();
      return;
    }
    written += 1;
    const piece = pieces.add(chunk);
    if (piece && !response.write(piece)) await waitForDrain(response);
  }
  if (response.destroyed) return;
  response.end(pieces.take());
}
