// The practice exchange service: a complete, independent implementation of the exchange interface
// for training mode, integration and browser tests, and benchmarks. Binds 127.0.0.1 only: the service
// itself on the asked port, and its voucher host on another free port.
import { createServer, type Server } from 'node:http';
import { ANSWER_SHAPES } from './answer-shape';
import { TokenBook } from './auth';
import { CharsetOddities } from './charset-oddities';
import { DIALECT_WORDS } from './dialect';
import { Faults } from './faults';
import { NextAnswerOddities } from './oddities';
import { resolveOptions, type PracticeService, type PracticeServiceOptions } from './options';
import { ReservationFiles } from './reservation-files';
import { createRequestListener } from './server';
import type { ServiceState } from './state';
import { createVoucherListener } from './voucher-host';
import { Vouchers } from './vouchers';
import { World } from './world';

export type { ServiceDialect } from './dialect';
export type { PracticeService, PracticeServiceOptions, RequestLogEntry } from './options';

async function listen(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('the practice service has no TCP address');
  return address.port;
}

function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    // Keep-alive and in-flight sockets would hold close() open for seconds: end them now.
    server.closeAllConnections();
  });
}

export async function startPracticeService(options: PracticeServiceOptions = {}): Promise<PracticeService> {
  const config = resolveOptions(options);
  const state: ServiceState = {
    config,
    words: DIALECT_WORDS[config.dialect],
    shape: ANSWER_SHAPES[config.dialect],
    world: new World({
      seed: config.seed,
      reservations: config.reservations,
      partnerId: config.partnerId,
      now: config.now,
      oddities: config.oddities,
    }),
    tokens: new TokenBook(config.tokenTtlMs, config.now, ANSWER_SHAPES[config.dialect].tokens),
    files: new ReservationFiles(config.fileReadyAfterMs, config.now),
    vouchers: new Vouchers(config.pdfLinkTtlMs, config.now),
    faults: new Faults(config.seed),
    oddities: new NextAnswerOddities(config.now),
    charsets: new CharsetOddities(config.seed, config.oddities.has('charsets'), config.now),
    requests: [],
    voucherRequests: [],
    baseUrl: '',
    voucherBaseUrl: '',
  };
  const closing = new AbortController();
  const server = createServer(createRequestListener(state, closing.signal));
  // IIS keeps an idle connection 120 s; Node's 5 s default closes sockets a client is about to reuse
  // whenever the event loop was busy for a few seconds (a test parsing a 4 MB file in the same process).
  server.keepAliveTimeout = 120_000;
  const voucherServer = createServer(createVoucherListener(state));
  const port = await listen(server, config.port);
  try {
    state.voucherBaseUrl = `http://127.0.0.1:${await listen(voucherServer, 0)}`;
  } catch (error) {
    await closeServer(server);
    throw error;
  }
  state.baseUrl = `http://127.0.0.1:${port}`;
  const evolving =
    config.evolveEveryMs > 0 ? setInterval(() => state.world.evolve(), config.evolveEveryMs) : null;
  evolving?.unref();

  let closed: Promise<void> | null = null;
  return {
    url: state.baseUrl,
    port,
    voucherUrl: state.voucherBaseUrl,
    close() {
      closed ??= (async () => {
        if (evolving) clearInterval(evolving);
        closing.abort();
        await Promise.all([closeServer(server), closeServer(voucherServer)]);
      })();
      return closed;
    },
  };
}
