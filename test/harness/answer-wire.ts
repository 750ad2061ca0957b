// A loopback proxy in front of the practice service that counts what leaves a desk on the wire: every answer
// request (sendconfirmation, sendconfirmationv2) per KeyField, and every LogId in every report (postsentlogids).
// The practice service refuses a repeated answer, so counting what it accepted proves nothing about exactly
// once; this counts what was sent. It can hold answers back (a slow service) before passing them on, and still
// passes on a held answer whose desk gave up or died: a real service that received it would still act on it.
import { createServer, request, Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface AnswerWire {
  /** The address desks use in place of the service's. */
  readonly url: string;
  /** Answer requests that left a desk so far, per KeyField (counted as they arrive, held back or not). */
  answers(): Map<string, number>;
  /** LogIds reported so far, per LogId (counted as the report arrives). */
  reports(): Map<number, number>;
  /** Answer requests that arrived and are held back now. */
  held(): number;
  /** Holds each answer this long before passing it on (0: at once). */
  slowAnswers(ms: number): void;
  close(): Promise<void>;
}

const ANSWER = /^\/api\/pax\/sendconfirmation(v2)?$/i;
const REPORT = /^\/api\/pax\/postsentlogids$/i;

/** The LogIds of a report's body ({ logId: "1,2", logIds: "1,2" }): the same ids twice, counted once. */
function reportedLogIds(body: string): number[] {
  try {
    const parsed = JSON.parse(body) as { logId?: unknown; logIds?: unknown };
    const text = typeof parsed.logIds === 'string' ? parsed.logIds : String(parsed.logId ?? '');
    return text
      .split(',')
      .map((x) => Number(x.trim()))
      .filter((n) => Number.isSafeInteger(n) && n > 0);
  } catch {
    return [];
  }
}

export async function startAnswerWire(target: string): Promise<AnswerWire> {
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const sockets = new Set<Socket>();
  const answers = new Map<string, number>();
  const reports = new Map<number, number>();
  let delayMs = 0;
  let held = 0;
  const timers = new Set<NodeJS.Timeout>();

  const pass = (req: IncomingMessage, body: Buffer, res: ServerResponse): void => {
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
        agent,
      },
      (answer) => {
        if (res.destroyed || res.writableEnded) {
          answer.resume();
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    out.end(body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://wire');
      if (ANSWER.test(url.pathname)) {
        const key = url.searchParams.get('keyField') ?? url.searchParams.get('KeyField') ?? '';
        answers.set(key, (answers.get(key) ?? 0) + 1);
        const forward = () => pass(req, body, res);
        if (delayMs <= 0) return forward();
        held++;
        const timer = setTimeout(() => {
          timers.delete(timer);
          held--;
          forward();
        }, delayMs);
        timers.add(timer);
        return;
      }
      if (REPORT.test(url.pathname))
        for (const id of reportedLogIds(body.toString('utf8'))) reports.set(id, (reports.get(id) ?? 0) + 1);
      pass(req, body, res);
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the answer wire did not get a port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    answers: () => new Map(answers),
    reports: () => new Map(reports),
    held: () => held,
    slowAnswers: (ms) => {
      delayMs = ms;
    },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
