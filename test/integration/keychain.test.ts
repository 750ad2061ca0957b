// The project's keytar store against the real OS keychain (the Secret Service on Linux). scripts/run-tests.mjs
// runs the suite inside dbus-run-session with an unlocked gnome-keyring-daemon. Never skipped: a desk that
// cannot reach its keychain must be noticed here, not at the hotel.
import { afterAll, describe, expect, it } from 'vitest';
import type { CredentialStore } from '../../main/kernel/core-types';
import { openKeytarStore } from '../../main/secrets/keytar-store';

const INSTALL_HINT =
  'Install the Secret Service and rebuild keytar: apt-get install gnome-keyring dbus libsecret-1-dev, then npm rebuild keytar (and run through npm test, which starts dbus-run-session).';
const SERVICE = `Resdesk-test-${process.pid}`;
const ACCOUNT = 'desk@practice.resdesk.test';

let store: CredentialStore | null = null;

async function keychain(): Promise<CredentialStore> {
  if (store) return store;
  const probe = await openKeytarStore(undefined, SERVICE);
  if (!probe.available) throw new Error(`${INSTALL_HINT} (${probe.reason})`);
  store = probe.store;
  return store;
}

afterAll(async () => {
  await store?.delete(ACCOUNT).catch(() => undefined);
});

describe('OS keychain through keytar', () => {
  it('stores, reads, replaces and deletes the service password', async () => {
    const chain = await keychain();
    expect(chain.kind).toBe('keychain');
    expect(await chain.get(ACCOUNT)).toBeNull();
    await chain.set(ACCOUNT, 'first pässword').catch((error: Error) => {
      // A Secret Service without an unlocked login keyring answers reads but refuses writes.
      throw new Error(
        `The Secret Service has no unlocked login keyring: start gnome-keyring-daemon --unlock with a throw-away password on stdin (${error.message})`,
      );
    });
    expect(await chain.get(ACCOUNT)).toBe('first pässword');
    await chain.set(ACCOUNT, 'second-password');
    expect(await chain.get(ACCOUNT)).toBe('second-password');
    expect(await chain.delete(ACCOUNT)).toBe(true);
    expect(await chain.get(ACCOUNT)).toBeNull();
    expect(await chain.delete(ACCOUNT)).toBe(false);
  });
});
