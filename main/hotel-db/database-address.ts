// A postgres:// address as typed or pasted (Settings → Several desks, --db, RESDESK_DATABASE_URL), judged before
// anything connects: every screen and message names the server before the "?", so the query part must not name
// another one. The driver reads host, port, user, password and database from the query too, and they win: a
// pasted address could send this desk's traffic, and the password in it, elsewhere than it says.
export type AddressProblem = 'url-malformed' | 'url-without-host' | 'url-without-database' | 'url-overrides';

/** Query names that would reach another server, another database or log in as someone else. */
const OVERRIDING = new Set([
  'host',
  'hostaddr',
  'port',
  'user',
  'password',
  'dbname',
  'database',
  'service',
  'servicefile',
  'passfile',
]);

export interface AddressRefusal {
  problem: AddressProblem;
  /** For url-overrides: the names the query part must not carry. */
  names: string[];
}

/** Null when the address may be used as it is; otherwise what is wrong with it. */
export function addressProblem(text: string): AddressRefusal | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { problem: 'url-malformed', names: [] };
  }
  if (url.hostname === '') return { problem: 'url-without-host', names: [] };
  if (url.pathname === '' || url.pathname === '/') return { problem: 'url-without-database', names: [] };
  const names = [...new Set([...url.searchParams.keys()].map((k) => k.toLowerCase()))].filter((k) =>
    OVERRIDING.has(k),
  );
  return names.length > 0 ? { problem: 'url-overrides', names } : null;
}
