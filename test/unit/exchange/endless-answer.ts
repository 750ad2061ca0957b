// A stand-in service's answer that never ends: it writes as fast as the connection takes (or a piece per
// pause), and stops by itself when the client closes the connection, or at a safety cap so a test whose
// client failed to stop still ends.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fixture } from './fixtures';

export interface EndlessAnswer {
  /** Bytes handed to the socket so far. */
  written(): number;
  /** Resolves with who ended it: the client closing the connection, or the safety cap. */
  ended: Promise<'client-closed' | 'cap'>;
}

export interface EndlessOptions {
  /** Written once, first. */
  head?: string | Uint8Array;
  /** The nth piece (from 0); repeated forever. */
  piece: (n: number) => string | Uint8Array;
  /** Wait between pieces; 0 writes as fast as the socket drains. */
  pauseMs?: number;
  capBytes?: number;
  capMs?: number;
  headers?: Record<string, string>;
}

export function writeForever(
  res: ServerResponse,
  req: IncomingMessage,
  options: EndlessOptions,
): EndlessAnswer {
  const capBytes = options.capBytes ?? 512 * 1024 * 1024;
  const capMs = options.capMs ?? 20_000;
  const started = Date.now();
  let written = 0;
  let n = 0;
  let finish: (how: 'client-closed' | 'cap') => void = () => undefined;
  const ended = new Promise<'client-closed' | 'cap'>((resolve) => (finish = resolve));
  let over = false;
  const stop = (how: 'client-closed' | 'cap') => {
    if (over) return;
    over = true;
    finish(how);
    if (how === 'cap') res.end();
  };
  // The client aborting shows here as the socket closing before the answer was ended.
  req.socket.once('close', () => stop('client-closed'));
  res.writeHead(200, { 'content-type': 'application/xml', ...options.headers });

  const write = (data: string | Uint8Array): boolean => {
    written += typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    return res.write(data);
  };
  const capped = () => written >= capBytes || Date.now() - started >= capMs;
  const pump = () => {
    if (over) return;
    if (capped()) return stop('cap');
    if (options.pauseMs) {
      write(options.piece(n++));
      setTimeout(pump, options.pauseMs);
      return;
    }
    while (!over && !capped() && write(options.piece(n++)));
    if (!over && !capped()) res.once('drain', pump);
    else if (!over) stop('cap');
  };
  if (options.head !== undefined) write(options.head);
  pump();
  return { written: () => written, ended };
}

/** One reservation item of the XML fixture, with its own LogId and KeyField. */
const template =
  /<ReservationPms>[\s\S]*?<\/ReservationPms>/.exec(fixture('reservations-envelope.xml'))?.[0] ?? '';
export const xmlReservation = (n: number): string =>
  template
    .replace('<LogId>900001</LogId>', `<LogId>${1_000_000 + n}</LogId>`)
    .replaceAll('1001|55012|7', `1001|${n}|1`);

/** The start of a reservation envelope whose list never closes. */
export const xmlEnvelopeHead =
  '<?xml version="1.0" encoding="utf-8"?><ServiceResultOfArrayOfReservationPms xmlns="http://schemas.datacontract.org/2004/07/Pax.Models" xmlns:i="http://www.w3.org/2001/XMLSchema-instance"><Data>';
