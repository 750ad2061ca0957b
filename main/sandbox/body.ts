// Request bodies are read with a hard limit. An oversized body is drained (up to a ceiling) before
// the 413 is sent, so ordinary HTTP clients see the answer instead of a broken pipe.
import type { IncomingMessage } from 'node:http';

export const BODY_LIMIT = 1024 * 1024;
const DRAIN_CEILING = 32 * 1024 * 1024;

export type BodyResult = { kind: 'ok'; body: Buffer } | { kind: 'tooLarge' };

export async function readBody(request: IncomingMessage, limit = BODY_LIMIT): Promise<BodyResult> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += piece.length;
    if (size > DRAIN_CEILING) {
      request.destroy();
      break;
    }
    if (size <= limit) chunks.push(piece);
  }
  return size > limit ? { kind: 'tooLarge' } : { kind: 'ok', body: Buffer.concat(chunks) };
}

/** Control bodies are small JSON objects; an empty body means {}. */
export function parseJsonObject(body: Buffer): Record<string, unknown> | null {
  const text = body.toString('utf8').trim();
  if (text === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
