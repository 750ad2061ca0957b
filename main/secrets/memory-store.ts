// The last resort when neither the keychain nor safeStorage works: the password is kept in memory for this
// run only and never written anywhere, and the setup screen shows `warning` so nobody is surprised.
import type { CredentialStore } from '../kernel/core-types';

export const MEMORY_STORE_WARNING =
  'Resdesk cannot reach a password keychain on this computer, so it keeps the service password only until ' +
  'the app is closed: enter it again at each start, or ask your IT contact to set up the system keychain.';

export function memoryStore(): CredentialStore {
  const secrets = new Map<string, string>();
  return {
    kind: 'none',
    warning: MEMORY_STORE_WARNING,
    get: async (account) => secrets.get(account) ?? null,
    set: async (account, secret) => {
      secrets.set(account, secret);
    },
    delete: async (account) => secrets.delete(account),
  };
}
