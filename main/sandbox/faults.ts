// Injected failures, so clients can be tested against a line that misbehaves: a 500, a slow answer,
// a reset connection, a body cut halfway, an HTML page instead of data, a token that just expired, an XML
// answer in another charset (applied to the next matching XML answer; JSON is always UTF-8), and a service too
// busy to take the request: 429, or 503, each with Retry-After (delayMs rounded up to seconds), as IIS and the
// gateways in front of a busy service answer.
import { parseAnswerCharset, type AnswerCharset } from './charset-oddities';
import { createPrng, type Prng } from './prng';

export const FAULT_KINDS = [
  'status500',
  'delay',
  'reset',
  'truncate',
  'html',
  'expireToken',
  'charset',
  'busy',
  'unavailable',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultRule {
  kind: FaultKind;
  /** Applications left; null = unlimited (a share without a count). */
  remaining: number | null;
  /** Probability per matching request, drawn from a seeded generator; null = every matching request. */
  share: number | null;
  delayMs: number;
  /** Case-insensitive substring of the request path; null = every non-control request. */
  path: string | null;
  /** kind 'charset': how the answer is encoded. */
  charset?: AnswerCharset;
}

export type FaultRequest = Partial<Pick<FaultRule, 'kind' | 'share' | 'delayMs' | 'path'>> & {
  count?: number;
  /** kind 'charset': the charset, where it is declared, and (UTF-16) whether a byte order mark comes first. */
  charset?: unknown;
  declare?: unknown;
  bom?: unknown;
};

export class Faults {
  private rules: FaultRule[] = [];
  private readonly prng: Prng;

  constructor(seed: number) {
    this.prng = createPrng(seed ^ 0x5eed);
  }

  /** Validates a control request; returns an error sentence or the rule added. */
  add(request: FaultRequest): FaultRule | string {
    const kind = request.kind;
    if (!kind || !FAULT_KINDS.includes(kind)) return `kind must be one of ${FAULT_KINDS.join(', ')}`;
    const count = request.count;
    if (count !== undefined && (!Number.isInteger(count) || count < 1))
      return 'count must be a positive integer';
    const share = request.share;
    if (share !== undefined && (typeof share !== 'number' || share < 0 || share > 1))
      return 'share must be between 0 and 1';
    const delayMs = request.delayMs ?? 2000;
    if (!Number.isFinite(delayMs) || delayMs < 0) return 'delayMs must be a non-negative number';
    const charset = kind === 'charset' ? parseAnswerCharset(request) : undefined;
    if (typeof charset === 'string') return charset;
    const rule: FaultRule = {
      kind,
      remaining: count ?? (share === undefined ? 1 : null),
      share: share ?? null,
      delayMs,
      path: typeof request.path === 'string' && request.path !== '' ? request.path.toLowerCase() : null,
      ...(charset ? { charset } : {}),
    };
    this.rules.push(rule);
    return rule;
  }

  clear(): void {
    this.rules = [];
  }

  list(): readonly FaultRule[] {
    return this.rules;
  }

  /**
   * The fault to apply to this request, if any; consumes one application of it. Charset faults are taken
   * apart (`charsets`), once the answer is known to be XML.
   */
  take(path: string, charsets = false): FaultRule | null {
    const lower = path.toLowerCase();
    for (const rule of this.rules) {
      if ((rule.kind === 'charset') !== charsets) continue;
      if (rule.path !== null && !lower.includes(rule.path)) continue;
      if (rule.share !== null && this.prng.next() >= rule.share) continue;
      if (rule.remaining !== null) {
        rule.remaining -= 1;
        if (rule.remaining <= 0) this.rules = this.rules.filter((other) => other !== rule);
      }
      return { ...rule };
    }
    return null;
  }
}
