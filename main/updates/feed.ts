// Where a desk learns of updates. The address is set at build time (electron-builder.yml `publish`, which
// electron-builder writes into resources/app-update.yml); the hotel's installer can replace it with
// update-feed.json in the data folder. The placeholder address (a reserved .invalid name) means "not set":
// no check is made, and Settings says so instead of reporting a failure every day.
import { existsSync, readFileSync, statSync } from 'node:fs';

/** An address file is a line or two: anything larger is not one, and is not read into memory. */
const ADDRESS_FILE_MAX_BYTES = 65_536;
const small = (file: string): boolean => existsSync(file) && statSync(file).size <= ADDRESS_FILE_MAX_BYTES;

export type Feed =
  { kind: 'set'; url: string; fromDataFolder: boolean } | { kind: 'not-set' } | { kind: 'development' };

/** The file an installer writes to point a desk at its own feed: {"url": "https://…/"}. */
export const FEED_OVERRIDE_FILE = 'update-feed.json';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * An address updates may come from: https, or http on this computer only (a test feed). The download is
 * checked against the feed's sha512 either way, but over plain http anyone on the line could answer for
 * the feed itself.
 */
export function usableFeedUrl(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.username || url.password || url.search || url.hash) return null;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) return null;
  if (url.hostname.endsWith('.invalid')) return null;
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/** The `url:` of electron-builder's app-update.yml (a generic feed), or null. */
export function builtInFeedUrl(appUpdateYml: string): string | null {
  if (!small(appUpdateYml)) return null;
  const line = /^url:\s*['"]?([^'"\s]+)['"]?\s*$/m.exec(readFileSync(appUpdateYml, 'utf8'));
  return line?.[1] ?? null;
}

/** The feed this desk uses: the data folder's override when it holds a usable address, else the built-in one. */
export function resolveFeed(options: {
  packaged: boolean;
  overrideFile: string;
  appUpdateYml: string;
  warn: (message: string) => void;
}): Feed {
  if (!options.packaged) return { kind: 'development' };
  if (existsSync(options.overrideFile)) {
    let url: string | null = null;
    try {
      if (small(options.overrideFile))
        url = usableFeedUrl(
          (JSON.parse(readFileSync(options.overrideFile, 'utf8')) as { url?: unknown }).url,
        );
    } catch {
      url = null;
    }
    if (url) return { kind: 'set', url, fromDataFolder: true };
    options.warn(`${FEED_OVERRIDE_FILE} holds no usable https address: the built-in feed is used`);
  }
  const builtIn = usableFeedUrl(builtInFeedUrl(options.appUpdateYml));
  return builtIn ? { kind: 'set', url: builtIn, fromDataFolder: false } : { kind: 'not-set' };
}
