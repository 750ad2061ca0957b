// The connection code: what one PC shows and another types. A code always comes back as what was
// put in; every single-character typo and every swap of two neighbours is caught; a URL passes through.
import { dbTarget } from '../../../main/cli/open-store';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  ConnectionCodeRefused,
  PASSWORD_LENGTH,
  connectionFromInput,
  decodeConnectionCode,
  encodeConnectionCode,
  type CodeProblem,
  type ConnectionCode,
} from '../../../main/hotel-db/connection-code';
import { propertyRuns } from '../../harness/property-runs';

const octet = fc.integer({ min: 0, max: 255 });
const codes: fc.Arbitrary<ConnectionCode> = fc.record({
  host: fc.tuple(octet, octet, octet, octet).map((p) => p.join('.')),
  port: fc.integer({ min: 1, max: 65_535 }),
  password: fc
    .array(fc.constantFrom(...CODE_ALPHABET), { minLength: PASSWORD_LENGTH, maxLength: PASSWORD_LENGTH })
    .map((c) => c.join('')),
});

function problemOf(text: string): CodeProblem | 'accepted' {
  try {
    decodeConnectionCode(text);
    return 'accepted';
  } catch (error) {
    if (error instanceof ConnectionCodeRefused) return error.problem;
    throw error;
  }
}

describe('the connection code', () => {
  it('reads back what it was made of, in six groups of five', () => {
    fc.assert(
      fc.property(codes, (code) => {
        const text = encodeConnectionCode(code);
        expect(text).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){5}$/);
        expect(decodeConnectionCode(text)).toEqual(code);
        // Typed in lower case, with spaces instead of dashes, and O for 0 / l for 1: still the same.
        const typed = text.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o').replace(/1/g, 'l');
        expect(decodeConnectionCode(typed)).toEqual(code);
      }),
    );
  });

  it('catches every single-character typo, at every position, with every other character', () => {
    fc.assert(
      fc.property(codes, (code) => {
        const chars = encodeConnectionCode(code).replace(/-/g, '');
        expect(chars).toHaveLength(CODE_LENGTH);
        for (let i = 0; i < chars.length; i++) {
          for (const other of CODE_ALPHABET) {
            if (other === chars[i]) continue;
            const typo = chars.slice(0, i) + other + chars.slice(i + 1);
            const problem = problemOf(typo);
            // 'newer-code' is a typo in the version bits: refused too, never read as another server.
            expect(['typo', 'newer-code']).toContain(problem);
          }
        }
      }),
      { numRuns: propertyRuns(40) },
    );
  });

  it('catches two neighbouring characters typed the other way round', () => {
    fc.assert(
      fc.property(codes, (code) => {
        const chars = encodeConnectionCode(code).replace(/-/g, '');
        for (let i = 0; i + 1 < chars.length; i++) {
          if (chars[i] === chars[i + 1]) continue;
          const swapped = chars.slice(0, i) + chars.charAt(i + 1) + chars.charAt(i) + chars.slice(i + 2);
          expect(['typo', 'newer-code']).toContain(problemOf(swapped));
        }
      }),
      { numRuns: propertyRuns(200) },
    );
  });

  it('refuses a missing or extra character, a letter outside the alphabet and an empty field', () => {
    const text = encodeConnectionCode({ host: '192.168.1.20', port: 5433, password: 'ABCDEFGHJKMNPQRSTV' });
    expect(problemOf(text.slice(0, -1))).toBe('not-a-code');
    expect(problemOf(`${text}7`)).toBe('not-a-code');
    expect(problemOf(text.replace(/^./, 'U'))).toBe('not-a-code');
    expect(problemOf('   ')).toBe('empty');
  });
});

describe('connectionFromInput', () => {
  it('takes a code as the URL of the resdesk database on that PC, and says where without the password', () => {
    const text = encodeConnectionCode({ host: '10.0.0.7', port: 5433, password: 'ZZZZZ00000YYYYY111' });
    const target = connectionFromInput(` ${text} `);
    expect(target).toEqual({
      url: 'postgresql://resdesk:ZZZZZ00000YYYYY111@10.0.0.7:5433/resdesk',
      where: '10.0.0.7:5433/resdesk',
      from: 'code',
    });
  });

  it("takes a chain's own postgres URL as it is", () => {
    const url = 'postgres://desk:s3cret@db.chain.example:6432/hotel_12?sslmode=require';
    expect(connectionFromInput(url)).toEqual({ url, where: 'db.chain.example:6432/hotel_12', from: 'url' });
    expect(connectionFromInput('POSTGRESQL://a@h/d').from).toBe('url');
  });

  it('refuses anything else with a problem the screen can word', () => {
    const problem = (text: string): CodeProblem | 'accepted' => {
      try {
        connectionFromInput(text);
        return 'accepted';
      } catch (error) {
        if (error instanceof ConnectionCodeRefused) return error.problem;
        throw error;
      }
    };
    expect(problem('mysql://root@db/hotel')).toBe('not-a-code');
    expect(problem('https://hotel.example')).toBe('not-a-code');
    expect(problem('postgres://')).toBe('url-without-host');
    expect(problem('')).toBe('empty');
    // The query part naming another server, user or database than the address before the "?".
    for (const name of ['host', 'HOST', 'hostaddr', 'port', 'user', 'password', 'dbname'])
      expect(problem(`postgres://desk@pc-1:5433/resdesk?sslmode=disable&${name}=evil.example`), name).toBe(
        'url-overrides',
      );
    expect(problem('postgres://desk@pc-1:5433/resdesk?sslmode=require&application_name=x')).toBe('accepted');
    expect(problem('postgres://desk:p@ss@word@pc-1:5433/resdesk')).toBe('accepted');
    expect(problem('postgres://desk@[::1/resdesk')).toBe('url-malformed');
    expect(problem('postgres://desk@pc-1:99999/resdesk')).toBe('url-malformed');
    expect(problem('postgres://desk@pc-1:5433')).toBe('url-without-database');
    expect(problem('postgres://desk@pc-1:5433/')).toBe('url-without-database');
  });

  it('names the refused query parts in the sentence, on the desk and on the command line', () => {
    let refused: unknown;
    try {
      connectionFromInput('postgres://desk@pc-1/resdesk?host=evil.example&password=x');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ConnectionCodeRefused);
    expect((refused as ConnectionCodeRefused).names).toEqual(['host', 'password']);
    expect(() => dbTarget('postgres://desk@pc-1/resdesk?host=evil.example', {})).toThrow(
      'names the server or the user a second time after the ? (host)',
    );
    expect(() => dbTarget(undefined, { RESDESK_DATABASE_URL: 'postgres://' })).toThrow('has no server name');
    expect(() => dbTarget('postgres://desk@[::1/resdesk', {})).toThrow('cannot be read');
    expect(dbTarget('postgres://desk@pc-1/resdesk?sslmode=require', {})).toEqual({
      kind: 'postgres',
      url: 'postgres://desk@pc-1/resdesk?sslmode=require',
    });
  });
});
