// Electron's safeStorage as the second choice. It encrypts with a key the OS keeps for this user (DPAPI on
// Windows, the Keychain on macOS, the Secret Service / KWallet on Linux); the encrypted blob lives in
// userData/credentials.json. That file is useless without the OS user's key, so the password is encrypted
// at rest by the OS. Electron is given as a port (main/secrets never imports electron).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CredentialStore } from '../kernel/core-types';
import type { StoreProbe } from './keytar-store';

/** The part of Electron's `safeStorage` the desk uses. */
export interface SafeStoragePort {
  isEncryptionAvailable(): boolean;
  /** Linux only in Electron; absent elsewhere. */
  getSelectedStorageBackend?: () => string;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

type Blobs = Record<string, string>;

function readBlobs(file: string): Blobs {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return Object.create(null);
    const blobs: Blobs = Object.create(null);
    for (const [account, blob] of Object.entries(parsed)) if (typeof blob === 'string') blobs[account] = blob;
    return blobs;
  } catch {
    return Object.create(null);
  }
}

function writeBlobs(file: string, blobs: Blobs): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, JSON.stringify(blobs), { encoding: 'utf8', mode: 0o600 });
  renameSync(temporary, file);
}

/**
 * Refuses the 'basic_text' backend: on a Linux desktop without a keyring Chromium "encrypts" with a
 * hard-coded key, which is plain text in all but name.
 */
export function openSafeStorageStore(safeStorage: SafeStoragePort, file: string): StoreProbe {
  if (!safeStorage.isEncryptionAvailable())
    return { available: false, reason: 'safeStorage encryption is not available' };
  const backend = safeStorage.getSelectedStorageBackend?.();
  if (backend === 'basic_text')
    return { available: false, reason: 'safeStorage would only use its plain-text backend' };
  const store: CredentialStore = {
    kind: 'safeStorage',
    warning: null,
    async get(account) {
      const blob = readBlobs(file)[account];
      return blob === undefined ? null : safeStorage.decryptString(Buffer.from(blob, 'base64'));
    },
    async set(account, secret) {
      const blobs = readBlobs(file);
      blobs[account] = safeStorage.encryptString(secret).toString('base64');
      writeBlobs(file, blobs);
    },
    async delete(account) {
      const blobs = readBlobs(file);
      if (blobs[account] === undefined) return false;
      delete blobs[account];
      writeBlobs(file, blobs);
      return true;
    },
  };
  return { available: true, store };
}
