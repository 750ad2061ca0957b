// Fakes Electron's safeStorage: a reversible, recognisable "encryption" and a switchable availability.
import type { SafeStorage } from 'electron';

type Backend = ReturnType<SafeStorage['getSelectedStorageBackend']>;

export class FakeSafeStorage {
  available = true;
  backend: Backend = 'gnome_libsecret';
  isEncryptionAvailable(): boolean {
    return this.available;
  }
  getSelectedStorageBackend(): Backend {
    return this.backend;
  }
  encryptString(text: string): Buffer {
    return Buffer.from(`enc:${Buffer.from(text, 'utf8').reverse().toString('base64')}`, 'utf8');
  }
  decryptString(blob: Buffer): string {
    const text = blob.toString('utf8');
    if (!text.startsWith('enc:'))
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    return Buffer.from(text.slice(4), 'base64').reverse().toString('utf8');
  }
}
