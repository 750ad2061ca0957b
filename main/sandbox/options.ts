// Options of the practice service and their defaults (see docs/practice-service.md).
import type { ServiceDialect } from './dialect';
import { oddityKinds, type OddityKind, type OdditiesOption } from './oddity-kinds';

export interface RequestLogEntry {
  at: string;
  method: string;
  /** Without the query string: login carries the password there. */
  path: string;
  status: number;
  ms: number;
}

export interface PracticeServiceOptions {
  port?: number; // 0 = any free port (default 0)
  seed?: number; // default 7
  reservations?: number; // reservations in the world at start (default 60)
  fileReadyAfterMs?: number; // how long checkreservationfile answers "not ready" (default 1500)
  tokenTtlMs?: number; // default 12 h
  pdfLinkTtlMs?: number; // voucher PDF links are temporary (default 15 min)
  evolveEveryMs?: number; // background arrivals/changes/cancellations; 0 = off (default 0 in-process; the CLI uses 30000)
  now?: () => Date; // clock, for tests
  user?: string;
  password?: string;
  partnerId?: number; // defaults demo / demo / 1001
  /** Called once per finished request (the CLI prints these). Never given a query string or token. */
  onRequest?: (entry: RequestLogEntry) => void;
  /** Folder holding DejaVuSans.ttf for the voucher PDF; by default resources/fonts of the repository. */
  fontDir?: string;
  /** How brand-bearing names are spelled: as the spec documents them, or as the live service sends them. */
  dialect?: ServiceDialect; // default 'spec'
  /**
   * Odd things the live service is known to do, each in a small seeded share (see oddity-kinds.ts):
   * `true` = odd values and pre-confirm check cases (the world tests with oddities on count on), 'all'
   * = those plus reused LogIds, another hotel's number and odd charsets, or a list of kinds. Off by
   * default so worlds and counts stay as they were.
   */
  oddities?: OdditiesOption; // default false in-process; the CLI uses 'all'
}

export interface PracticeService {
  url: string;
  port: number;
  /** Origin of the second listener that serves voucher PDFs (the live service keeps them on another host). */
  voucherUrl: string;
  close(): Promise<void>;
}

export interface ServiceConfig {
  port: number;
  seed: number;
  reservations: number;
  fileReadyAfterMs: number;
  tokenTtlMs: number;
  pdfLinkTtlMs: number;
  evolveEveryMs: number;
  now: () => Date;
  user: string;
  password: string;
  partnerId: number;
  onRequest: ((entry: RequestLogEntry) => void) | null;
  fontDir: string | null;
  dialect: ServiceDialect;
  oddities: ReadonlySet<OddityKind>;
}

export function resolveOptions(options: PracticeServiceOptions = {}): ServiceConfig {
  return {
    port: options.port ?? 0,
    seed: options.seed ?? 7,
    reservations: options.reservations ?? 60,
    fileReadyAfterMs: options.fileReadyAfterMs ?? 1500,
    tokenTtlMs: options.tokenTtlMs ?? 12 * 60 * 60 * 1000,
    pdfLinkTtlMs: options.pdfLinkTtlMs ?? 15 * 60 * 1000,
    evolveEveryMs: options.evolveEveryMs ?? 0,
    now: options.now ?? (() => new Date()),
    user: options.user ?? 'demo',
    password: options.password ?? 'demo',
    partnerId: options.partnerId ?? 1001,
    onRequest: options.onRequest ?? null,
    fontDir: options.fontDir ?? null,
    dialect: options.dialect ?? 'spec',
    oddities: oddityKinds(options.oddities),
  };
}
