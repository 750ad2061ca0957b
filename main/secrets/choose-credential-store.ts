// Picks where the password lives on this PC: the OS keychain through keytar, else Electron safeStorage,
// else memory for this run only. The reasons a better store was passed over go to the log.
import type { CredentialStore, Logger } from '../kernel/core-types';
import { openKeytarStore, type KeytarModule, type StoreProbe } from './keytar-store';
import { memoryStore } from './memory-store';
import { openSafeStorageStore, type SafeStoragePort } from './safe-storage-store';

export interface CredentialStoreChoice {
  /** Electron's safeStorage, or null outside Electron (CLI, tests). */
  safeStorage: SafeStoragePort | null;
  /** Where safeStorage keeps its encrypted blobs (userData/credentials.json). */
  safeStorageFile: string;
  logger?: Logger;
  /** Replaces the real keytar loader (tests). */
  loadKeytar?: () => Promise<KeytarModule>;
}

export async function chooseCredentialStore(choice: CredentialStoreChoice): Promise<CredentialStore> {
  const keychain = await openKeytarStore(choice.loadKeytar);
  if (keychain.available) return keychain.store;
  choice.logger?.warn('OS keychain unavailable', { reason: keychain.reason });

  let fallback: StoreProbe = { available: false, reason: 'not running inside Electron' };
  if (choice.safeStorage) {
    try {
      fallback = openSafeStorageStore(choice.safeStorage, choice.safeStorageFile);
    } catch (error) {
      fallback = { available: false, reason: error instanceof Error ? error.message : 'safeStorage failed' };
    }
  }
  if (fallback.available) return fallback.store;
  choice.logger?.warn('safeStorage unavailable; the password is kept for this run only', {
    reason: fallback.reason,
  });
  return memoryStore();
}
