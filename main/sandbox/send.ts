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
  for (const chunk of body.chunks) {
    if (response.destroyed) return;
    if (written >= cutAt) {
      response.destroy();
      return;
    }
    written += 1;
    if (!response.write(chunk)) await waitForDrain(response);
  }
  if (!response.destroyed) response.end();
}
