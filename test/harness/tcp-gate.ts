// A TCP gate on loopback between a desk and what it talks to (the hotel's database, or the service), for the tests
// of a line that fails: open, it forwards every connection to the target; closed, it cuts every connection and
// drops each new one as soon as it is accepted, as a network gone or the PC keeping the database switched off.
// Only 127.0.0.1, and it stops with the test.
import net from 'node:net';

export interface TcpGate {
  readonly port: number;
  /** Cuts every open connection and refuses new ones until open(). */
  close(): void;
  open(): void;
  stop(): Promise<void>;
}

export async function startTcpGate(targetPort: number): Promise<TcpGate> {
  let isOpen = true;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!isOpen) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    const drop = (): void => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the gate did not get a port');
  return {
    port: address.port,
    close: () => {
      isOpen = false;
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    open: () => {
      isOpen = true;
    },
    stop: async () => {
      isOpen = false;
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
