import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileLogger, formatLine, redact, redactText } from '../../../main/shell/log';

const SECRET = 'S3cr3t-Pa55';
const TOKEN = '3f2a9c0b7d1e4f5a8b6c3d2e1f0a9b8c';

describe('redaction of free text', () => {
  it.each([
    [
      `GET https://svc.example.com/api/login?user=desk&password=${SECRET} failed`,
      'https://svc.example.com/api/login?[redacted]',
    ],
    [`login to /api/Login?userName=desk&password=${SECRET}`, '/api/Login?[redacted]'],
    [`connect https://desk:${SECRET}@svc.example.com/x`, 'https://[redacted]@svc.example.com/x'],
    [`password=${SECRET}`, 'password=[redacted]'],
    [`{"Password":"${SECRET}","user":"desk"}`, '"Password":[redacted]'],
    [`Token: ${TOKEN}`, 'Token: [redacted]'],
    [`cookie=${TOKEN}; path=/`, 'cookie=[redacted]'],
    [`Authorization: Bearer ${SECRET}`, '[redacted]'],
    [`the token was "${TOKEN}"`, 'the token was "[redacted]"'],
    ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl', '[redacted]'],
    [`access_token='${SECRET}'`, 'access_token=[redacted]'],
  ])('%s', (input, expected) => {
    const out = redactText(input);
    expect(out).toContain(expected);
    expect(out).not.toContain(SECRET);
    expect(out).not.toContain(TOKEN);
  });

  it('leaves ordinary desk messages alone', () => {
    expect(
      redactText('imported 12 reservations for partner 4417 from https://svc.example.com/api/list'),
    ).toBe('imported 12 reservations for partner 4417 from https://svc.example.com/api/list');
  });

  it('bounds huge texts', () => {
    const out = redactText(`${'x'.repeat(1_000_000)}password=${SECRET}`);
    expect(out.length).toBeLessThan(2100);
    expect(out).not.toContain(SECRET);
  });
});

describe('redaction of fields', () => {
  it('removes values of secret-named fields at any depth, whatever their type', () => {
    const out = JSON.stringify(
      redact({
        password: SECRET,
        nested: { Token: { value: TOKEN }, headers: { cookie: TOKEN, Authorization: `Bearer ${SECRET}` } },
        list: [{ apiKey: SECRET }, `https://x.example/?pw=${SECRET}`],
        user: 'desk',
      }),
    );
    expect(out).not.toContain(SECRET);
    expect(out).not.toContain(TOKEN);
    expect(out).toContain('"user":"desk"');
  });

  it('survives hostile values: cycles, throwing getters, proxies, prototype keys, errors, binary', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const throwing = Object.defineProperty({}, 'boom', {
      enumerable: true,
      get() {
        throw new Error(`getter leaked ${SECRET}`);
      },
    });
    const proxy = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no keys');
        },
      },
    );
    const polluted: unknown = JSON.parse(
      `{"__proto__":{"password":"${SECRET}","isAdmin":true},"constructor":{"prototype":{"x":1}}}`,
    );
    const fields = {
      cyclic,
      throwing,
      proxy,
      polluted,
      error: new Error(`login failed for https://svc/api/login?password=${SECRET}`),
      buffer: Buffer.from(SECRET),
      big: 10n,
      fn: () => SECRET,
      sym: Symbol(SECRET),
      date: new Date('invalid'),
      deep: { a: { b: { c: { d: { e: { f: SECRET } } } } } },
      [`https://x/?password=${SECRET}`]: 1,
    };
    const out = redact(fields);
    const text = JSON.stringify(out);
    expect(text).not.toContain(SECRET);
    expect(text).toContain('[circular]');
    expect(text).toContain('[unreadable]');
    expect(text).toContain('[binary 11 bytes]');
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(Object.getPrototypeOf(Reflect.get(out as object, 'polluted'))).toBeNull();
  });

  it('formats one JSON line with a non-text message refused', () => {
    const line = formatLine('warn', { toString: () => SECRET } as unknown as string, undefined, new Date(0));
    expect(JSON.parse(line)).toEqual({
      at: '1970-01-01T00:00:00.000Z',
      level: 'warn',
      message: '[not text]',
    });
  });
});

describe('file logger', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'resdesk-log-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes redacted JSON lines and rotates by size, keeping N old files', () => {
    const file = path.join(dir, 'logs', 'resdesk.log');
    const logger = createFileLogger({ file, maxBytes: 400, keep: 2, now: () => new Date(0) });
    for (let i = 0; i < 30; i++)
      logger.info(`poll ${i} https://svc/api/login?password=${SECRET}`, { password: SECRET, i });
    const all = [file, `${file}.1`, `${file}.2`].map((f) => readFileSync(f, 'utf8')).join('');
    expect(all).not.toContain(SECRET);
    expect(existsSync(`${file}.3`)).toBe(false);
    for (const f of [file, `${file}.1`, `${file}.2`]) expect(readFileSync(f).length).toBeLessThanOrEqual(400);
    const last = readFileSync(file, 'utf8').trim().split('\n').pop() ?? '';
    expect(JSON.parse(last)).toMatchObject({
      level: 'info',
      message: 'poll 29 https://svc/api/login?[redacted]',
      fields: { password: '[redacted]', i: 29 },
    });
  });

  it('never throws when the log cannot be written', () => {
    const blocked = path.join(dir, 'blocked');
    const logger = createFileLogger({ file: path.join(blocked, 'x.log') });
    rmSync(blocked, { force: true, recursive: true });
    writeFileSync(blocked, 'a file where the folder should be');
    expect(() => logger.error('still running')).not.toThrow();
  });
});
