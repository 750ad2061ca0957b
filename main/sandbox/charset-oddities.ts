// XML answers in another charset than UTF-8: windows-1254, ISO-8859-9 or UTF-16 (with or
// without a byte order mark), said in the XML declaration, the Content-Type's charset, or both. JSON is
// always UTF-8. Asked for once through a `charset` fault, or — with the `charsets` oddity on — drawn for a
// small seeded share of successful XML answers. Every answer sent so is logged (/_sandbox/state).
import { hotelDateTime } from './calendar';
import { CHARSET_LABEL, ODD_CHARSETS, encodeText, type OddCharset } from './charsets';
import { createPrng, type Prng } from './prng';
import type { Reply } from './reply';

export const CHARSET_DECLARATIONS = ['both', 'declaration', 'header'] as const;
export type CharsetDeclaration = (typeof CHARSET_DECLARATIONS)[number];

export interface AnswerCharset {
  charset: OddCharset;
  /** Where the charset is said: the XML declaration and the Content-Type, or only one of them. */
  declare: CharsetDeclaration;
  /** UTF-16 only: a byte order mark first (.NET writes one by default). */
  bom: boolean;
}

export interface DeliveredCharset extends AnswerCharset {
  path: string;
  status: number;
  contentType: string;
  trigger: 'fault' | 'seeded';
  at: string;
}

/** Share of successful XML answers sent in an odd charset when the oddity is on. */
export const CHARSET_SHARE = 0.01;
const CHARSET_SALT = 0xc4a5;

const DECLARATION = /^<\?xml[^?]*\?>/;

const isUtf16 = (charset: OddCharset): boolean => charset === 'utf-16' || charset === 'utf-16be';

/** Validates a fault request's charset fields; an error sentence when they are not usable. */
export function parseAnswerCharset(input: Record<string, unknown>): AnswerCharset | string {
  const charset = ODD_CHARSETS.find((name) => name === input.charset);
  if (!charset) return `charset must be one of ${ODD_CHARSETS.join(', ')}`;
  const declare =
    input.declare === undefined ? 'both' : CHARSET_DECLARATIONS.find((d) => d === input.declare);
  if (!declare) return `declare must be one of ${CHARSET_DECLARATIONS.join(', ')}`;
  if (input.bom !== undefined && typeof input.bom !== 'boolean') return 'bom must be true or false';
  if (input.bom === true && !isUtf16(charset)) return 'bom goes with utf-16 or utf-16be only';
  return { charset, declare, bom: isUtf16(charset) && input.bom !== false };
}

/** An XML answer still in text (voucher PDFs, the only byte bodies, are never XML). */
export const isXmlReply = (reply: Reply): boolean =>
  reply.contentType.startsWith('application/xml') && !Buffer.isBuffer(reply.body);

/** The reply re-encoded: declaration rewritten (or dropped), byte order mark, Content-Type. */
export function withCharset(reply: Reply, choice: AnswerCharset): Reply {
  const label = CHARSET_LABEL[choice.charset];
  const start = (text: string): string => {
    const declaration = choice.declare === 'header' ? '' : `<?xml version="1.0" encoding="${label}"?>`;
    return `${choice.bom ? '\uFEFF' : ''}${declaration}${text.replace(DECLARATION, '')}`;
  };
  const contentType =
    choice.declare === 'declaration' ? 'application/xml' : `application/xml; charset=${label}`;
  const encode = (text: string): Buffer => encodeText(text, choice.charset);
  const body = reply.body;
  if (typeof body === 'string') return { ...reply, contentType, body: encode(start(body)) };
  if (Buffer.isBuffer(body)) return { ...reply, contentType };
  return {
    ...reply,
    contentType,
    encode,
    body: { chunks: restarted(body.chunks, start), expectedChunks: body.expectedChunks },
  };
}

function* restarted(chunks: Iterable<string>, start: (text: string) => string): Generator<string> {
  let first = true;
  for (const chunk of chunks) {
    yield first ? start(chunk) : chunk;
    first = false;
  }
}

export class CharsetOddities {
  readonly delivered: DeliveredCharset[] = [];
  private readonly prng: Prng;

  constructor(
    seed: number,
    private readonly on: boolean,
    private readonly now: () => Date,
  ) {
    this.prng = createPrng(seed ^ CHARSET_SALT);
  }

  /** The answer as sent: in the charset a fault asked for, else maybe a seeded one, else unchanged. */
  apply(path: string, reply: Reply, asked: AnswerCharset | null): Reply {
    const choice = asked ?? (this.on && reply.status === 200 ? this.draw() : null);
    if (choice === null) return reply;
    const sent = withCharset(reply, choice);
    this.delivered.push({
      ...choice,
      path,
      status: reply.status,
      contentType: sent.contentType,
      trigger: asked ? 'fault' : 'seeded',
      at: hotelDateTime(this.now()),
    });
    return sent;
  }

  private draw(): AnswerCharset | null {
    if (!this.prng.chance(CHARSET_SHARE)) return null;
    const charset = this.prng.pick(ODD_CHARSETS);
    const declare = this.prng.pick(CHARSET_DECLARATIONS);
    return { charset, declare, bom: isUtf16(charset) && this.prng.chance(0.5) };
  }
}
