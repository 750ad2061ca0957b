import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { safeStorage } from 'electron';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { credentialAccount } from '../../../main/secrets/account';
import { chooseCredentialStore } from '../../../main/secrets/choose-credential-store';
import type { KeytarModule } from '../../../main/secrets/keytar-store';
import { MEMORY_STORE_WARNING } from '../../../main/secrets/memory-store';
import { openSafeStorageStore } from '../../../main/secrets/safe-storage-store';
import { fake } from '../../harness/fake-electron';

const dir = mkdtempSync(path.join(os.tmpdir(), 'resdesk-creds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(() => fake.reset());

/** An in-memory keychain with keytar's API (the real one is exercised by test/integration/keychain.test.ts). */
function keychain(): KeytarModule & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getPassword: async (s, a) => entries.get(`${s}/${a}`) ?? null,
    setPassword: async (s, a, p) => void entries.set(`${s}/${a}`, p),
    deletePassword: async (s, a) => entries.delete(`${s}/${a}`),
  };
}
const brokenKeychain = (): KeytarModule => ({
  getPassword: async () => {
    throw new Error('The name org.freedesktop.secrets was not provided by any .service files');
  },
  setPassword: async () => undefined,
  deletePassword: async () => false,
});
const missingKeytar = async (): Promise<KeytarModule> => {
  throw new Error("Cannot find module '../build/Release/keytar.node'");
};

describe('choosing where the password lives', () => {
  it('uses the OS keychain when keytar loads and answers', async () => {
    const chain = keychain();
    const store = await chooseCredentialStore({
      safeStorage,
      safeStorageFile: path.join(dir, 'a.json'),
      loadKeytar: async () => chain,
    });
    expect(store.kind).toBe('keychain');
    expect(store.warning).toBeNull();
    await store.set('desk@svc', 'pw');
    expect(chain.entries.get('Resdesk/desk@svc')).toBe('pw');
  });

  it('falls back to safeStorage when keytar is missing or the Secret Service does not answer', async () => {
    const warnings: string[] = [];
    const logger = {
      info: () => undefined,
      warn: (m: string) => void warnings.push(m),
      error: () => undefined,
    };
    for (const loadKeytar of [missingKeytar, async () => brokenKeychain()]) {
      const store = await chooseCredentialStore({
        safeStorage,
        safeStorageFile: path.join(dir, 'b.json'),
        loadKeytar,
        logger,
      });
      expect(store.kind).toBe('safeStorage');
    }
    expect(warnings).toEqual(['OS keychain unavailable', 'OS keychain unavailable']);
  });

  it("refuses safeStorage's plain-text Linux backend and unavailable encryption, ending in memory with a warning", async () => {
    fake.safeStorage.backend = 'basic_text';
    const store = await chooseCredentialStore({
      safeStorage,
      safeStorageFile: path.join(dir, 'c.json'),
      loadKeytar: missingKeytar,
    });
    expect(store.kind).toBe('none');
    expect(store.warning).toBe(MEMORY_STORE_WARNING);
    expect(store.warning).toMatch(/each start/);
    fake.safeStorage.backend = 'gnome_libsecret';
    fake.safeStorage.available = false;
    expect(
      (
        await chooseCredentialStore({
          safeStorage,
          safeStorageFile: path.join(dir, 'c.json'),
          loadKeytar: missingKeytar,
        })
      ).kind,
    ).toBe('none');
    expect(
      (
        await chooseCredentialStore({
          safeStorage: null,
          safeStorageFile: path.join(dir, 'c.json'),
          loadKeytar: missingKeytar,
        })
      ).kind,
    ).toBe('none');
  });

  it('the memory store keeps the password for this run only', async () => {
    const first = await chooseCredentialStore({
      safeStorage: null,
      safeStorageFile: '',
      loadKeytar: missingKeytar,
    });
    await first.set('desk@svc', 'pw');
    expect(await first.get('desk@svc')).toBe('pw');
    const nextRun = await chooseCredentialStore({
      safeStorage: null,
      safeStorageFile: '',
      loadKeytar: missingKeytar,
    });
    expect(await nextRun.get('desk@svc')).toBeNull();
  });
});

describe('safeStorage store', () => {
  it('keeps only encrypted blobs on disk, private to the user, and replaces and deletes them', async () => {
    const file = path.join(dir, 'credentials.json');
    const probe = openSafeStorageStore(safeStorage, file);
    if (!probe.available) throw new Error(probe.reason);
    const store = probe.store;
    await store.set('desk@svc.example.com', 'first-secret');
    await store.set('desk@svc.example.com', 'second-secret');
    await store.set('other@svc.example.com', 'other-secret');
    expect(readFileSync(file, 'utf8')).not.toMatch(/secret/);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0);
    expect(await store.get('desk@svc.example.com')).toBe('second-secret');
    expect(await store.delete('desk@svc.example.com')).toBe(true);
    expect(await store.delete('desk@svc.example.com')).toBe(false);
    expect(await store.get('desk@svc.example.com')).toBeNull();
    expect(await store.get('other@svc.example.com')).toBe('other-secret');
  });
});

it('names the account <user>@<service host>', () => {
  expect(credentialAccount(' desk ', 'https://Svc.Example.com:8443/api')).toBe('desk@svc.example.com:8443');
  expect(credentialAccount('desk', 'http://127.0.0.1:4010')).toBe('desk@127.0.0.1:4010');
});
