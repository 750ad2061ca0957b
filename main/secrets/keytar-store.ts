// The OS keychain through keytar: Windows Credential Manager, macOS Keychain, the Secret Service on Linux
// (GNOME Keyring / KWallet). keytar is archived upstream and an optionalDependency, so its native build
// may be missing: it is loaded lazily and the store reports itself unavailable instead of crashing.
import type { CredentialStore } from '../kernel/core-types';
import { CREDENTIAL_SERVICE } from './account';

/** The part of keytar's API the desk uses. */
export interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export type StoreProbe = { available: true; store: CredentialStore } | { available: false; reason: string };

const PROBE_ACCOUNT = 'resdesk-probe';

const loadKeytar = async (): Promise<KeytarModule> => {
  // The bundled main process is CommonJS: require() is the path keytar's unpacked native module is known to
  // load by inside app.asar. ESM callers (tests, the CLI under tsx) have no require and use import().
  const loaded: KeytarModule & { default?: KeytarModule } =
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above: CommonJS bundle only
    typeof require === 'function' ? require('keytar') : await import('keytar');
  // esbuild's and Node's ESM interop put the functions on `default`; CommonJS puts them on the module.
  return loaded.default ?? loaded;
};

export function keytarStore(keytar: KeytarModule, service = CREDENTIAL_SERVICE): CredentialStore {
  return {
    kind: 'keychain',
    warning: null,
    get: (account) => keytar.getPassword(service, account),
    set: (account, secret) => keytar.setPassword(service, account, secret),
    delete: (account) => keytar.deletePassword(service, account),
  };
}

/**
 * Loads keytar and asks the keychain once: on Linux keytar loads fine even when no Secret Service is
 * running, and only the first call tells. `reason` names the failure for the log (no secret in it).
 */
export async function openKeytarStore(
  load: () => Promise<KeytarModule> = loadKeytar,
  service = CREDENTIAL_SERVICE,
): Promise<StoreProbe> {
  let keytar: KeytarModule;
  try {
    keytar = await load();
  } catch (error) {
    return {
      available: false,
      reason: `keytar could not be loaded: ${error instanceof Error ? error.message : 'unknown error'}`,
    };
  }
  try {
    await keytar.getPassword(service, PROBE_ACCOUNT);
  } catch (error) {
    return {
      available: false,
      reason: `the keychain did not answer: ${error instanceof Error ? error.message : 'unknown error'}`,
    };
  }
  return { available: true, store: keytarStore(keytar, service) };
}
