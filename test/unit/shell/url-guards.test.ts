import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devServerUrl, isAppPageUrl, safeDataPath, safeExternalUrl } from '../../../main/shell/url-guards';

describe('safeExternalUrl', () => {
  it('lets ordinary web links through, normalised', () => {
    expect(safeExternalUrl('https://www.example.com/hotel?id=5')).toBe('https://www.example.com/hotel?id=5');
    expect(safeExternalUrl('http://example.com')).toBe('http://example.com/');
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'file:///etc/passwd',
    'file://C:/Windows/System32/calc.exe',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'ms-msdt:/id PCWDiagnostic',
    'smb://attacker/share',
    'https://user:pass@example.com/',
    'https://user@example.com/',
    ' https://example.com',
    'https://exa mple.com',
    'https://example.com/\u0000',
    'java\nscript:alert(1)',
    '//example.com',
    'example.com',
    '',
    `https://example.com/${'a'.repeat(3000)}`,
  ])('refuses %s', (value) => {
    expect(safeExternalUrl(value)).toBeNull();
  });

  it.each([
    null,
    undefined,
    42,
    ['https://example.com'],
    { toString: () => 'https://example.com' },
    new URL('https://example.com'),
    Symbol('x'),
  ])('refuses non-strings (%s)', (value) => {
    expect(safeExternalUrl(value)).toBeNull();
  });
});

describe('safeDataPath', () => {
  let root: string;
  let dataDir: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'resdesk-guards-'));
    dataDir = path.join(root, 'data');
    mkdirSync(path.join(dataDir, 'vouchers'), { recursive: true });
    writeFileSync(path.join(dataDir, 'vouchers', 'V-1.pdf'), '%PDF-1.4');
    writeFileSync(path.join(dataDir, 'export.CSV'), 'a,b');
    mkdirSync(path.join(dataDir, 'exports'));
    writeFileSync(path.join(dataDir, 'exports', 'arrivals.html'), '<!doctype html>');
    writeFileSync(path.join(dataDir, 'resdesk.db'), '');
    writeFileSync(path.join(dataDir, 'run.pdf.exe'), '');
    writeFileSync(path.join(root, 'outside.pdf'), '%PDF');
    mkdirSync(path.join(dataDir, 'folder.pdf'));
    symlinkSync(path.join(root, 'outside.pdf'), path.join(dataDir, 'vouchers', 'link.pdf'));
    symlinkSync(root, path.join(dataDir, 'escape'));
    symlinkSync(path.join(dataDir, 'vouchers', 'V-1.pdf'), path.join(dataDir, 'inside-link.pdf'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('allows existing PDFs and CSVs inside the data folder, resolved to their real path', () => {
    expect(safeDataPath(path.join(dataDir, 'vouchers', 'V-1.pdf'), dataDir)).toBe(
      path.join(dataDir, 'vouchers', 'V-1.pdf'),
    );
    expect(safeDataPath('export.CSV', dataDir)).toBe(path.join(dataDir, 'export.CSV'));
    // The printable arrivals list of the export.
    expect(safeDataPath(path.join(dataDir, 'exports', 'arrivals.html'), dataDir)).toBe(
      path.join(dataDir, 'exports', 'arrivals.html'),
    );
    expect(safeDataPath(path.join(dataDir, 'inside-link.pdf'), dataDir)).toBe(
      path.join(dataDir, 'vouchers', 'V-1.pdf'),
    );
  });

  it.each([
    ['traversal', (d: string) => path.join(d, '..', 'outside.pdf')],
    ['traversal inside a relative path', () => 'vouchers/../../outside.pdf'],
    ['a symlink out of the data folder', (d: string) => path.join(d, 'vouchers', 'link.pdf')],
    ['a symlinked folder out of the data folder', (d: string) => path.join(d, 'escape', 'outside.pdf')],
    ['the database', (d: string) => path.join(d, 'resdesk.db')],
    ['an executable with a pdf-looking name', (d: string) => path.join(d, 'run.pdf.exe')],
    ['a folder named like a pdf', (d: string) => path.join(d, 'folder.pdf')],
    ['a missing file', (d: string) => path.join(d, 'vouchers', 'nope.pdf')],
    ['the data folder itself', (d: string) => d],
    ['a NUL byte', (d: string) => `${path.join(d, 'vouchers', 'V-1.pdf')}\0.txt`],
    ['a file URL', (d: string) => pathToFileURL(path.join(d, 'vouchers', 'V-1.pdf')).href],
  ])('refuses %s', (_name, make) => {
    expect(safeDataPath(make(dataDir), dataDir)).toBeNull();
  });

  it('refuses non-strings and a data folder that does not exist', () => {
    const pdf = path.join(dataDir, 'vouchers', 'V-1.pdf');
    expect(safeDataPath({ toString: () => pdf }, dataDir)).toBeNull();
    expect(safeDataPath([pdf], dataDir)).toBeNull();
    expect(safeDataPath(undefined, dataDir)).toBeNull();
    expect(safeDataPath(pdf, path.join(root, 'missing'))).toBeNull();
  });
});

describe('dev server and app page', () => {
  it('accepts only loopback http dev servers', () => {
    expect(devServerUrl('http://127.0.0.1:5173/')).toBe('http://127.0.0.1:5173/');
    expect(devServerUrl('http://localhost:5173')).toBe('http://localhost:5173/');
    for (const bad of [
      'https://127.0.0.1:5173',
      'http://192.168.1.5:5173',
      'http://evil.com',
      'http://127.0.0.1.evil.com',
      'file:///x',
      'http://u:p@localhost/',
      undefined,
      5,
    ]) {
      expect(devServerUrl(bad)).toBeNull();
    }
  });

  it('recognises the bundled index.html with any route, and nothing else', () => {
    const indexPath = path.join(os.tmpdir(), 'app', 'dist', 'renderer', 'index.html');
    const page = { kind: 'file', indexPath } as const;
    const url = pathToFileURL(indexPath).href;
    expect(isAppPageUrl(url, page)).toBe(true);
    expect(isAppPageUrl(`${url}#/reservation/7`, page)).toBe(true);
    expect(isAppPageUrl(pathToFileURL(path.join(os.tmpdir(), 'app', 'other.html')).href, page)).toBe(false);
    expect(isAppPageUrl('https://example.com/', page)).toBe(false);
    expect(isAppPageUrl('file://server/share/index.html', page)).toBe(false);
    expect(isAppPageUrl({ toString: () => url }, page)).toBe(false);
    const dev = { kind: 'dev', url: 'http://127.0.0.1:5173/' } as const;
    expect(isAppPageUrl('http://127.0.0.1:5173/src/main.tsx', dev)).toBe(true);
    expect(isAppPageUrl('http://127.0.0.1:5174/', dev)).toBe(false);
  });
});
