// The practice exchange service: a complete, independent implementation of the exchange interface
// for training mode, integration and browser tests, and benchmarks. Binds 127.0.0.1 only.
import { createServer } from 'node:http';
import { TokenBook } from './auth';
import { Faults } from './faults';
import { resolveOptions, type PracticeService, type PracticeServiceOptions } from './options';
import { ReservationFiles } from './reservation-files';
import { createRequestListener } from './server';
import type { ServiceState } from './state';
import { Vouchers } from './vouchers';
import { World } from './world';

export type { PracticeService, PracticeServiceOptions, RequestLogEntry } from './options';

export async function startPracticeService(options: PracticeServiceOptions = {}): Promise<PracticeService> {
  const config = resolveOptions(options);
  const state: ServiceState = {
    config,
    world: new World({
      seed: config.seed,
      reservations: config.reservations,
      partnerId: config.partnerId,
      now: config.now,
    }),
    tokens: new TokenBook(config.tokenTtlMs, config.now),
    files: new ReservationFiles(config.fileReadyAfterMs, config.now),
    vouchers: new Vouchers(config.pdfLinkTtlMs, config.now),
    faults: new Faults(config.seed),
    requests: [],
    baseUrl: '',
  };
  const closing = new AbortController();
  const server = createServer(createRequestListener(state, closing.signal));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('the practice service has no TCP address');
  state.baseUrl = `http://127.0.0.1:${address.port}`;
  const evolving =
    config.evolveEveryMs > 0 ? setInterval(() => state.world.evolve(), config.evolveEveryMs) : null;
  evolving?.unref();

  let closed: Promise<void> | null = null;
  return {
    url: state.baseUrl,
    port: address.port,
    close() {
      closed ??= new Promise<void>((resolve) => {
        if (evolving) clearInterval(evolving);
        closing.abort();
        server.close(() => resolve());
        // Keep-alive and in-flight sockets would hold close() open for seconds: end them now.
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
