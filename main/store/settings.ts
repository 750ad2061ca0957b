import { changed, first, q, run, type Op } from './engines/op';
import { prepared } from './engines/prepared';

// Settings live in a plain file anyone can copy. Secrets belong in the OS keychain, so a key
// that even looks like one is refused here rather than trusted to every caller's care.
const secretWords =
  /password|passwd|passphrase|pass(?![a-z])|pwd|token|secret|credential|api[-_]?key|private[-_]?key|cookie/i;

export class SecretSettingRefused extends Error {
  constructor(readonly key: string) {
    super(
      `The setting "${key}" looks like a password or token; those are kept in the keychain, never in the database.`,
    );
    this.name = 'SecretSettingRefused';
  }
}

const guard = (key: string): void => {
  if (secretWords.test(key)) throw new SecretSettingRefused(key);
};

const valueOf = prepared((p: { key: string }) =>
  q.selectFrom('settings').select('value').where('key', '=', p.key),
);
const put = prepared((p: { key: string; value: string }) =>
  q
    .insertInto('settings')
    .values({ key: p.key, value: p.value })
    .onConflict((c) => c.column('key').doUpdateSet({ value: (e) => e.ref('excluded.value') })),
);
// Set unless it already holds this value: a second desk's claim waits on the first's row and then finds it taken
// (PostgreSQL reads the row again once the first commits; SQLite has one writer at a time).
const claimValue = prepared((p: { key: string; value: string }) =>
  q
    .insertInto('settings')
    .values({ key: p.key, value: p.value })
    .onConflict((c) =>
      c
        .column('key')
        .doUpdateSet({ value: (e) => e.ref('excluded.value') })
        .where('settings.value', '<>', (e) => e.ref('excluded.value')),
    ),
);
const remove = prepared((p: { key: string }) => q.deleteFrom('settings').where('key', '=', p.key));

/** Settings' operations, one definition for both engines (engines/op.ts). */
export const settingsOps = {
  /** The stored value of a setting, or the fallback when it was never set. */
  *get<T>(key: string, fallback: T): Op<T> {
    guard(key);
    const row = yield* first(valueOf({ key }));
    if (row === undefined) return fallback;
    // The caller owns the shape of its setting; the table only guarantees the text is JSON.
    return JSON.parse(row.value) as T;
  },
  /** Stores a non-secret setting as JSON; undefined removes it. */
  *set(key: string, value: unknown): Op<void> {
    guard(key);
    const text = JSON.stringify(value) as string | undefined;
    if (text === undefined) {
      if ((yield* run(remove({ key }))) > 0) yield* changed('settings', 'removed', [key]);
      return;
    }
    yield* run(put({ key, value: text }));
    yield* changed('settings', 'changed', [key]);
  },
  /**
   * Sets a setting to a value it does not hold yet, in one statement: whether this call set it. Of several desks
   * claiming the same value at once, exactly one gets true (a read, then a write, let both through).
   */
  *claim(key: string, value: unknown): Op<boolean> {
    guard(key);
    const text = JSON.stringify(value) as string | undefined;
    if (text === undefined) throw new TypeError(`the setting "${key}" cannot be claimed without a value`);
    if ((yield* run(claimValue({ key, value: text }))) === 0) return false;
    yield* changed('settings', 'changed', [key]);
    return true;
  },
};
