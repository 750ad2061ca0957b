// Large-result files of the practice service, downloaded once to disk for the import benchmarks.
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { startPracticeService } from '../../main/sandbox';
import type { WireFormat } from '../../shared/domain';

async function fileFor(url: string, format: WireFormat, target: string): Promise<void> {
  const login = await fetch(`${url}/api/system/login?user=demo&pass=demo&format=json`);
  const token = (await login.json()) as string;
  const headers = { Token: token, cookie: token, accept: 'application/json' };
  const list = await fetch(
    `${url}/api/pax/getReservationList?checkInStart=01.01.2000&checkInEnd=12.31.2100&format=${format}`,
    { headers },
  );
  const text = await list.text();
  const code = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.exec(text)?.[0];
  if (!code) throw new Error('the benchmark needs more than 1000 reservations (no FileCode)');
  for (;;) {
    const check = (await (
      await fetch(`${url}/api/Pax/checkreservationfile?fileCode=${code}&format=json`, { headers })
    ).json()) as {
      Data: { FileUrl: string }[];
      IsSuccessful: boolean;
    };
    const fileUrl = check.IsSuccessful ? check.Data[0]?.FileUrl : undefined;
    if (fileUrl) {
      const res = await fetch(fileUrl, { headers });
      if (!res.body) throw new Error('empty file');
      await pipeline(res.body, createWriteStream(target));
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Writes `<dir>/<n>.json` and `<dir>/<n>.xml` for a world of n reservations. */
export async function makeFiles(dir: string, reservations: number): Promise<{ json: string; xml: string }> {
  const service = await startPracticeService({ port: 0, seed: 1, reservations, fileReadyAfterMs: 0 });
  try {
    const json = path.join(dir, `${reservations}.json`);
    const xml = path.join(dir, `${reservations}.xml`);
    await fileFor(service.url, 'json', json);
    await fileFor(service.url, 'xml', xml);
    return { json, xml };
  } finally {
    await service.close();
  }
}
