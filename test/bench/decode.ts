// Decoder benchmark: the large-result file of the practice service (JSON and XML), decoded by the
// exchange client's streaming decoders, against JSON.parse of the whole file as the floor.
// `benchDecode()` returns the numbers; run this file directly to print them.
import { pathToFileURL } from 'node:url';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPracticeService } from '../../main/sandbox';
import { createExchangeClient } from '../../main/exchange';
import { decodeReservationStream } from '../../main/exchange/reservation-file';
import type { WireFormat } from '../../shared/domain';

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
  /** xmlStreamMs / jsonStreamMs: target ≤ 2 for the whole import. */
  xmlToJsonRatio: number;
}

const CHUNK = 64 * 1024;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function downloadFile(url: string, format: WireFormat, folder: string): Promise<Uint8Array> {
  const client = createExchangeClient({
    baseUrl: url,
    user: 'demo',
    getPassword: async () => 'demo',
    partnerId: 1001,
    format,
  });
  try {
    const first = await client.getReservationList({ checkInStart: '2000-01-01', checkInEnd: '2100-12-31' });
    if (first.kind !== 'file') throw new Error('the bench needs more than 1000 reservations');
    let check = await client.checkReservationFile(first.fileCode);
    while (!check.ready) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      check = await client.checkReservationFile(first.fileCode);
    }
    // The raw bytes, fetched once, so the timing below measures decoding only.
    const path = join(folder, `reservations.${format}`);
    await client.downloadFile(check.fileUrl, path);
    return new Uint8Array(readFileSync(path));
  } finally {
    await client.close();
  }
}

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

export async function benchDecode(reservations = 20_000, runs = 3): Promise<DecodeBenchResult> {
  const service = await startPracticeService({ port: 0, seed: 1, reservations, fileReadyAfterMs: 0 });
  const folder = mkdtempSync(join(tmpdir(), 'resdesk-decode-bench-'));
  try {
    const json = await downloadFile(service.url, 'json', folder);
    const xml = await downloadFile(service.url, 'xml', folder);
    const parse: number[] = [];
    const jsonStream: number[] = [];
    const xmlStream: number[] = [];
    let count = 0;
    for (let run = 0; run < runs; run++) {
      const start = cpuMs();
      JSON.parse(new TextDecoder().decode(json));
      parse.push(cpuMs() - start);
      const j = await timeStream(json);
      jsonStream.push(j.ms);
      count = j.count;
      xmlStream.push((await timeStream(xml)).ms);
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
    };
  } finally {
    await service.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const size = Number(process.argv[2] ?? 20_000);
  console.log(await benchDecode(size));
}
