// Every URL or file path that leaves the app for the operating system (browser, PDF viewer) or that decides
// whether a page is ours is checked here. Pure Node: values are `unknown` because they come from the
// renderer, the network or the environment, and anything that is not exactly a string is refused, never
// coerced (an object with a hostile toString must not become a URL).
import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const EXTERNAL_URL_MAX = 2048;
const PATH_MAX = 4096;
// .html: the printable arrivals list, written by the export with no script and a CSP of default-src 'none'.
const OPENABLE_EXTENSIONS = new Set(['.pdf', '.csv', '.html']);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
// Control characters and spaces are never part of a link a tour operator sends; browsers would strip them
// silently and let a different URL through than the one we checked.
const hasUnprintable = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
};

function parseUrl(value: unknown, maxLength: number): URL | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > maxLength || hasUnprintable(value)) {
    return null;
  }
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** A web link the system browser may open: http(s) only, no user:password@, bounded length. */
export function safeExternalUrl(value: unknown): string | null {
  const url = parseUrl(value, EXTERNAL_URL_MAX);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  if (url.username !== '' || url.password !== '' || url.hostname === '') return null;
  return url.href.length <= EXTERNAL_URL_MAX ? url.href : null;
}

/**
 * A file the system viewer may open: it must exist, be a regular .pdf, .csv or .html file, and lie inside dataDir
 * after `..` and symlinks are resolved, so a voucher path can never point the viewer at anything else.
 */
export function safeDataPath(value: unknown, dataDir: string): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > PATH_MAX || value.includes('\0'))
    return null;
  let root: string;
  let real: string;
  try {
    root = realpathSync.native(dataDir);
    real = realpathSync.native(path.resolve(root, value));
    if (!statSync(real).isFile()) return null;
  } catch {
    return null;
  }
  const relative = path.relative(root, real);
  if (
    relative === '' ||
    relative === '..' ||
    relative.startsWith(`..${path.sep}`) ||
    path.isAbsolute(relative)
  ) {
    return null;
  }
  return OPENABLE_EXTENSIONS.has(path.extname(real).toLowerCase()) ? real : null;
}

/** RESDESK_DEV_URL is honoured only for a Vite server on this machine, over plain http. */
export function devServerUrl(value: unknown): string | null {
  const url = parseUrl(value, 200);
  if (!url || url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname)) return null;
  if (url.username !== '' || url.password !== '') return null;
  return url.href;
}

/** Where the desk's own page lives: the bundled index.html, or the dev server's origin. */
export type AppPage = { kind: 'file'; indexPath: string } | { kind: 'dev'; url: string };

const samePath = (a: string, b: string): boolean =>
  process.platform === 'win32' ? a.toLowerCase() === b.toLowerCase() : a === b;

/** True when `value` is the desk's own page (any #route or ?query of it), nothing else. */
export function isAppPageUrl(value: unknown, page: AppPage): boolean {
  const url = parseUrl(value, PATH_MAX);
  if (!url) return false;
  if (page.kind === 'dev') return url.origin === new URL(page.url).origin;
  if (url.protocol !== 'file:' || url.host !== '') return false;
  try {
    return samePath(path.resolve(fileURLToPath(url)), path.resolve(page.indexPath));
  } catch {
    return false;
  }
}
