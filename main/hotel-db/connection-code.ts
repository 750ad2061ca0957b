// The connection code: what a receptionist types on the other PCs to reach the database this PC
// keeps. 30 characters in six groups of five, e.g. "8Q4ZT-0B9C2-K7M3X-WP5RD-HN4GA-61VJS":
//   10 characters: 2 bits of version (0), the PC's IPv4 address (32 bits), the port (16 bits);
//   18 characters: the password itself (90 random bits, already written in this alphabet);
//    2 characters: a CRC-10 of the 28 before them.
// Crockford's base-32 alphabet (no I, L, O, U) so nothing reads as something else; O is taken as 0 and I, L as 1,
// case and spaces and dashes do not matter. Every single-character typo and every swap of two neighbours is a
// burst of at most 10 bits in the code's 150, which a CRC of degree 10 always catches.
import { addressProblem, type AddressProblem } from './database-address';
import { describeDatabase } from './pool';

export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PASSWORD_LENGTH = 18;
const HEAD_LENGTH = 10;
const CHECK_LENGTH = 2;
export const CODE_LENGTH = HEAD_LENGTH + PASSWORD_LENGTH + CHECK_LENGTH;
const GROUP = 5;
/** CRC-10/ATM: x^10 + x^9 + x^5 + x^4 + x + 1. */
const CRC_POLY = 0x233;
/** The role the desks log in as, and the database: fixed, so the code need not carry them. */
export const HOTEL_DB_USER = 'resdesk';
export const HOTEL_DB_NAME = 'resdesk';

export interface ConnectionCode {
  /** The keeping PC's IPv4 address on the hotel's network, e.g. "192.168.1.20". */
  host: string;
  port: number;
  /** 18 characters of CODE_ALPHABET. */
  password: string;
}

/** Why a text is not a way to reach the hotel's database; the handler words each one. */
export type CodeProblem =
  | 'empty'
  | 'not-a-code' // neither a code (wrong length or characters) nor a postgres URL
  | 'typo' // the right shape, but the check characters do not match
  | 'newer-code' // made by a newer Resdesk
  | AddressProblem;

export class ConnectionCodeRefused extends Error {
  constructor(
    readonly problem: CodeProblem,
    /** For url-overrides: the query names refused. */
    readonly names: readonly string[] = [],
  ) {
    super(`connection code refused: ${problem}`);
    this.name = 'ConnectionCodeRefused';
  }
}

const valueOf = (ch: string): number => CODE_ALPHABET.indexOf(ch);

function crc10(bits: readonly number[]): number {
  let crc = 0;
  for (const bit of bits) {
    const top = (crc >> 9) & 1;
    crc = ((crc << 1) & 0x3ff) | 0;
    if ((top ^ bit) === 1) crc ^= CRC_POLY & 0x3ff;
  }
  return crc;
}

function toBits(value: number, width: number): number[] {
  const bits: number[] = [];
  for (let i = width - 1; i >= 0; i--) bits.push(Math.floor(value / 2 ** i) % 2);
  return bits;
}

function charsToBits(chars: string): number[] {
  return [...chars].flatMap((ch) => toBits(valueOf(ch), 5));
}

function bitsToChars(bits: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bits.length; i += 5) {
    const v = bits.slice(i, i + 5).reduce((acc, b) => acc * 2 + b, 0);
    out += CODE_ALPHABET.charAt(v);
  }
  return out;
}

function readNumber(bits: readonly number[], from: number, width: number): number {
  return bits.slice(from, from + width).reduce((acc, b) => acc * 2 + b, 0);
}

const isPasswordText = (p: string): boolean =>
  p.length === PASSWORD_LENGTH && [...p].every((ch) => valueOf(ch) >= 0);

function ipv4Parts(host: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

/** The code for a server; throws (a programming error, not a typo) on a host that is not IPv4 or a bad password. */
export function encodeConnectionCode(code: ConnectionCode): string {
  const parts = ipv4Parts(code.host);
  if (!parts) throw new Error('a connection code holds an IPv4 address');
  if (!Number.isInteger(code.port) || code.port < 1 || code.port > 65_535)
    throw new Error('port out of range');
  if (!isPasswordText(code.password))
    throw new Error('the password must be 18 characters of the code alphabet');
  const head = [...toBits(0, 2), ...parts.flatMap((p) => toBits(p, 8)), ...toBits(code.port, 16)];
  const body = bitsToChars(head) + code.password;
  const check = bitsToChars(toBits(crc10(charsToBits(body)), 10));
  const all = body + check;
  const groups: string[] = [];
  for (let i = 0; i < all.length; i += GROUP) groups.push(all.slice(i, i + GROUP));
  return groups.join('-');
}

/** What the receptionist typed, as the code's characters: case, spaces and dashes ignored, O→0, I/L→1. */
function normalise(text: string): string {
  return text
    .toUpperCase()
    .replace(/[\s\-–—._]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

export function decodeConnectionCode(text: string): ConnectionCode {
  const chars = normalise(text);
  if (chars === '') throw new ConnectionCodeRefused('empty');
  if (chars.length !== CODE_LENGTH || [...chars].some((ch) => valueOf(ch) < 0))
    throw new ConnectionCodeRefused('not-a-code');
  const body = chars.slice(0, CODE_LENGTH - CHECK_LENGTH);
  const check = readNumber(charsToBits(chars.slice(-CHECK_LENGTH)), 0, 10);
  if (crc10(charsToBits(body)) !== check) throw new ConnectionCodeRefused('typo');
  const head = charsToBits(body.slice(0, HEAD_LENGTH));
  if (readNumber(head, 0, 2) !== 0) throw new ConnectionCodeRefused('newer-code');
  const host = [0, 1, 2, 3].map((i) => readNumber(head, 2 + i * 8, 8)).join('.');
  const port = readNumber(head, 34, 16);
  if (port === 0) throw new ConnectionCodeRefused('typo');
  return { host, port, password: body.slice(HEAD_LENGTH) };
}

/** The postgres URL a code stands for (the password is from the code alphabet: nothing to escape). */
export function urlOfCode(code: ConnectionCode): string {
  return `postgresql://${HOTEL_DB_USER}:${code.password}@${code.host}:${code.port}/${HOTEL_DB_NAME}`;
}

export interface HotelDbTarget {
  /** postgres URL with the password: for the pool and the credential store only. */
  url: string;
  /** host:port/database, for screens and logs. */
  where: string;
  from: 'code' | 'url';
}

/**
 * What "Connect to the hotel's database" accepts: a connection code, or any postgres:// or postgresql:// URL
 * (a chain's own server, with its user, password, database and options such as sslmode). Anything else is
 * refused with a problem the screen words.
 */
export function connectionFromInput(text: string): HotelDbTarget {
  const trimmed = text.trim();
  if (trimmed === '') throw new ConnectionCodeRefused('empty');
  if (/^postgres(ql)?:\/\//i.test(trimmed)) {
    const refused = addressProblem(trimmed);
    if (refused) throw new ConnectionCodeRefused(refused.problem, refused.names);
    return { url: trimmed, where: describeDatabase(trimmed), from: 'url' };
  }
  const url = urlOfCode(decodeConnectionCode(trimmed));
  return { url, where: describeDatabase(url), from: 'code' };
}
