// Decoder benchmark: the large-result file of the practice service (JSON and XML), decoded by the
// exchange client's streaming decoders, against JSON.parse of the whole file as the floor; and the XML
// reader alone, giving the items and their JSON text for the store.
// `benchDecode()` returns the numbers; run this file directly to print them.
import { pathToFileURL } from 'node:url';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeReservationStream } from '../../main/exchange/reservation-file';
import { createXmlReader } from '../../main/exchange/xml-reader';
import { itemJson } from '../../main/exchange/item-text';
import { isWireObject } from '../../main/exchange/wire-value';
import { makeFiles } from './files';
import { median } from './median';

export interface DecodeBenchResult {
  reservations: number;
  jsonMB: number;
  xmlMB: number;
  /** CPU ms. JSON.parse of the whole file text (UTF-8 decoding included): the floor. */
  jsonParseMs: number;
  /** Streaming decode of the JSON file into Reservation batches of 500. */
  jsonStreamMs: number;
  xmlStreamMs: number;
  /** jsonStreamMs / jsonParseMs: target ≤ 1.5 for the whole import, decoding being only part of it. */
  jsonRatio: number;
  /** xmlStreamMs / jsonStreamMs (the import's target is XML ≤ 1.2x JSON, store included). */
  xmlToJsonRatio: number;
  /** The XML reader alone: items and their JSON text, not decoded into Reservations. */
  xmlReaderMs: number;
}

const CHUNK = 64 * 1024;

async function* chunks(bytes: Uint8Array) {
  for (let at = 0; at < bytes.length; at += CHUNK) yield bytes.subarray(at, at + CHUNK);
}

/** CPU milliseconds of this process: steadier than wall time on a busy two-core machine. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function timeStream(bytes: Uint8Array): Promise<{ ms: number; count: number }> {
  const start = cpuMs();
  const { count } = await decodeReservationStream(chunks(bytes), async () => undefined, { batchSize: 500 });
  return { ms: cpuMs() - start, count };
}

/** The XML reader over the file's text, cut as the download cuts it, each item's text taken, then dropped. */
function timeReader(texts: readonly string[]): number {
  const start = cpuMs();
  const reader = createXmlReader({ onItem: (item) => void (isWireObject(item) && itemJson(item)) });
  for (const text of texts) reader.write(text);
  reader.close();
  return cpuMs() - start;
}

export async function benchDecode(reservations = 20_000, runs = 3): Promise<DecodeBenchResult> {
  const folder = mkdtempSync(join(tmpdir(), 'resdesk-decode-bench-'));
  try {
    const files = await makeFiles(folder, reservations);
    const json = new Uint8Array(readFileSync(files.json));
    const xml = new Uint8Array(readFileSync(files.xml));
    const decoder = new TextDecoder();
    const xmlTexts: string[] = [];
    for (let at = 0; at < xml.length; at += CHUNK)
      xmlTexts.push(decoder.decode(xml.subarray(at, at + CHUNK), { stream: true }));
    const parse: number[] = [];
    const jsonStream: number[] = [];
    const xmlStream: number[] = [];
    const reader: number[] = [];
    let count = 0;
    for (let run = 0; run < runs; run++) {
      const start = cpuMs();
      JSON.parse(new TextDecoder().decode(json));
      parse.push(cpuMs() - start);
      const j = await timeStream(json);
      jsonStream.push(j.ms);
      count = j.count;
      xmlStream.push((await timeStream(xml)).ms);
      reader.push(timeReader(xmlTexts));
    }
    const round = (n: number) => Math.round(n * 100) / 100;
    return {
      reservations: count,
      jsonMB: round(json.length / 1048576),
      xmlMB: round(xml.length / 1048576),
      jsonParseMs: round(median(parse)),
      jsonStreamMs: round(median(jsonStream)),
      xmlStreamMs: round(median(xmlStream)),
      jsonRatio: round(median(jsonStream) / median(parse)),
      xmlToJsonRatio: round(median(xmlStream) / median(jsonStream)),
      xmlReaderMs: round(median(reader)),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const size = Number(process.argv[2] ?? 20_000);
  console.log(await benchDecode(size));
}
