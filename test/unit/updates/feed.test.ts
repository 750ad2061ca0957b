// Where a desk learns of updates: the address rules (https, or http on this computer only; no
// credentials, no query, never the .invalid placeholder) and which address wins.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtInFeedUrl, resolveFeed, usableFeedUrl } from '../../../main/updates/feed';

describe('usableFeedUrl', () => {
  it('takes https anywhere and http on this computer only, always ending in /', () => {
    expect(usableFeedUrl('https://updates.hotel.test/resdesk')).toBe('https://updates.hotel.test/resdesk/');
    expect(usableFeedUrl(' http://127.0.0.1:8080/feed/ ')).toBe('http://127.0.0.1:8080/feed/');
    expect(usableFeedUrl('http://localhost/feed')).toBe('http://localhost/feed/');
    expect(usableFeedUrl('http://updates.hotel.test/resdesk/')).toBeNull();
    expect(usableFeedUrl('ftp://updates.hotel.test/resdesk/')).toBeNull();
  });

  it('refuses credentials, a query or a fragment, the .invalid placeholder, and anything not an address', () => {
    expect(usableFeedUrl('https://user:secret@updates.hotel.test/')).toBeNull();
    expect(usableFeedUrl('https://updates.hotel.test/?key=secret')).toBeNull();
    expect(usableFeedUrl('https://updates.hotel.test/#x')).toBeNull();
    expect(usableFeedUrl('https://updates.example.invalid/resdesk/')).toBeNull();
    expect(usableFeedUrl('not an address')).toBeNull();
    expect(usableFeedUrl(42)).toBeNull();
    expect(usableFeedUrl(undefined)).toBeNull();
  });
});

describe('resolveFeed', () => {
  const folder = () => mkdtempSync(path.join(os.tmpdir(), 'resdesk-feed-'));
  const appUpdateYml = (dir: string, url: string) => {
    const file = path.join(dir, 'app-update.yml');
    writeFileSync(file, `provider: generic\nurl: ${url}\nupdaterCacheDirName: resdesk-updater\n`);
    return file;
  };

  it('an unpackaged build never updates itself', () => {
    const dir = folder();
    expect(
      resolveFeed({
        packaged: false,
        overrideFile: path.join(dir, 'update-feed.json'),
        appUpdateYml: appUpdateYml(dir, 'https://updates.hotel.test/'),
        warn: () => undefined,
      }),
    ).toEqual({ kind: 'development' });
  });

  it('uses the address built in (app-update.yml) when the data folder has none', () => {
    const dir = folder();
    const yml = appUpdateYml(dir, 'https://updates.hotel.test/resdesk/');
    expect(builtInFeedUrl(yml)).toBe('https://updates.hotel.test/resdesk/');
    expect(
      resolveFeed({
        packaged: true,
        overrideFile: path.join(dir, 'update-feed.json'),
        appUpdateYml: yml,
        warn: () => undefined,
      }),
    ).toEqual({ kind: 'set', url: 'https://updates.hotel.test/resdesk/', fromDataFolder: false });
  });

  it('the placeholder address, or no app-update.yml at all, means updates are not set up', () => {
    const dir = folder();
    const options = {
      packaged: true,
      overrideFile: path.join(dir, 'update-feed.json'),
      warn: () => undefined,
    };
    expect(
      resolveFeed({
        ...options,
        appUpdateYml: appUpdateYml(dir, 'https://updates.example.invalid/resdesk/'),
      }),
    ).toEqual({ kind: 'not-set' });
    expect(resolveFeed({ ...options, appUpdateYml: path.join(dir, 'missing.yml') })).toEqual({
      kind: 'not-set',
    });
  });

  it('the installer’s update-feed.json wins over the built-in address', () => {
    const dir = folder();
    const overrideFile = path.join(dir, 'update-feed.json');
    writeFileSync(overrideFile, JSON.stringify({ url: 'https://hotel-it.test/resdesk' }));
    expect(
      resolveFeed({
        packaged: true,
        overrideFile,
        appUpdateYml: appUpdateYml(dir, 'https://updates.example.invalid/resdesk/'),
        warn: () => undefined,
      }),
    ).toEqual({ kind: 'set', url: 'https://hotel-it.test/resdesk/', fromDataFolder: true });
  });

  it('an unusable update-feed.json is said in the log, and the built-in address is used', () => {
    const dir = folder();
    const overrideFile = path.join(dir, 'update-feed.json');
    const warnings: string[] = [];
    for (const text of ['{"url":"http://hotel-it.test/"}', 'not json', '{"address":"https://x.test/"}']) {
      writeFileSync(overrideFile, text);
      expect(
        resolveFeed({
          packaged: true,
          overrideFile,
          appUpdateYml: appUpdateYml(dir, 'https://updates.hotel.test/'),
          warn: (message) => warnings.push(message),
        }),
      ).toEqual({ kind: 'set', url: 'https://updates.hotel.test/', fromDataFolder: false });
    }
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toContain('update-feed.json');
  });
});
