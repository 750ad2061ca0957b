// Decoder benchmark: the large-result file of the practice service (JSON and XML), decoded by the
// exchange client's streaming decoders, against JSON.parse of the whole file as the floor; and the XML
// readers alone, each giving the items and their JSON text for the store: the hand-written extractor the
// desk uses (issue 15), which writes the text as it reads and JSON.parses it into the item, and the saxes
// reader it replaced, whose items are then serialized with JSON.stringify, as the desk did then.
// Measured here on a 20k file (2 cores, CPU ms, medians of 3 in one run): whole XML decode into
// Reservations 1750 against 610 for JSON; before the extractor wrote the items' text, 2060 against 660
// (an earlier run, same machine).
// `benchDecode()` returns the numbers; run this file directly to print them.
import { pathToFileURL } from 'node:url';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeReservationStream } from '../../main/exchange/reservation-file';
import { createXmlReader, type XmlReader } from '../../main/exchange/xml-reader';
import { createXmlExtractor } from '../../main/exchange/xml-extractor';
import { itemJson } from '../../main/exchange/item-text';
import { isWireObject, type WireValue } from '../../main/exchange/wire-value';
import { makeFiles } from './files';

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
  /** The XML readers alone (items and their JSON text, not decoded): saxes + JSON.stringify, the extractor. */
  saxesMs: number;
  extractorMs: number;
  extractorToSaxes: number;
}

const CHUNK = 64 * 1024;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

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

/** One XML reader over the file's text, cut as the download cuts it, each item's text taken, then dropped. */
function timeReader(
  texts: readonly string[],
  make: (listener: { onItem(item: WireValue): void }) => XmlReader,
): number {
  const start = cpuMs();
  const reader = make({ onItem: (item) => void (isWireObject(item) && itemJson(item)) });
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
    const saxes: number[] = [];
    const extractor: number[] = [];
    let count = 0;
    for (let run = 0; run < runs; run++) {
      const start = cpuMs();
      JSON.parse(new TextDecoder().decode(json));
      parse.push(cpuMs() - start);
      const j = await timeStream(json);
      jsonStream.push(j.ms);
      count = j.count;
      xmlStream.push((await timeStream(xml)).ms);
      saxes.push(timeReader(xmlTexts, (listener) => createXmlReader(listener)));
      extractor.push(timeReader(xmlTexts, createXmlExtractor));
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
      saxesMs: round(median(saxes)),
      extractorMs: round(median(extractor)),
      extractorToSaxes: round(median(extractor) / median(saxes)),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const size = Number(process.argv[2] ?? 20_000);
  console.log(await benchDecode(size));
}
