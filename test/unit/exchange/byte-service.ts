// A stand-in exchange service on 127.0.0.1 for tests that need the answer's exact bytes and headers:
// login answered with a token, everything else by the test's script, and a client pointed at it.
import type { ServerResponse } from 'node:http';
import {
  createExchangeClient,
  type ExchangeClient,
  type ExchangeClientOptions,
} from '../../../main/exchange';
import { send, startScriptedServer, type Script, type ScriptedServer } from './scripted-server';

export interface ByteService {
  server: ScriptedServer;
  client: ExchangeClient;
  /** Paths asked, login left out, in order. */
  paths(): string[];
  close(): Promise<void>;
}

export const sendBytes = (
  res: ServerResponse,
  status: number,
  bytes: Uint8Array,
  contentType?: string,
): void => {
  res.writeHead(status, {
    ...(contentType === undefined ? {} : { 'content-type': contentType }),
    'content-length': bytes.byteLength,
  });
  res.end(bytes);
};

export async function byteService(
  script: Script,
  extra: Partial<ExchangeClientOptions> = {},
): Promise<ByteService> {
  const server = await startScriptedServer((seen, res, req) => {
    if (seen.path === '/api/system/login') return send(res, 200, JSON.stringify('tok-1'));
    return script(seen, res, req);
  });
  const client = createExchangeClient({
    baseUrl: `${server.url}/`,
    user: 'desk',
    getPassword: async () => 'pw',
    partnerId: 1001,
    sleep: async () => undefined,
    ...extra,
  });
  return {
    server,
    client,
    paths: () => server.seen.map((s) => s.path).filter((path) => path !== '/api/system/login'),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** The file-code answer, then a ready file at `/files/f1` on the same service. */
export const fileCodeAnswer = JSON.stringify({
  Data: [{ FileCode: '0f8fad5b-d9cb-469f-a165-70867728950e' }],
  Error: null,
  InfoMessage: 'Reservation list limit exceeded.',
  IsSuccessful: true,
});

export const fileReadyAnswer = (baseUrl: string): string =>
  JSON.stringify({
    Data: [{ FileUrl: `${baseUrl}/files/f1` }],
    Error: null,
    InfoMessage: '',
    IsSuccessful: true,
  });
