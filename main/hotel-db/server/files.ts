// What the hotel's database server writes into the desk's data folder, and its access rules.
import path from 'node:path';

export interface ServerFolder {
  /** <dataDir>/hotel-database: everything of the server, nothing else. */
  folder: string;
  /** The cluster (PGDATA). */
  data: string;
  /** The server's log (no passwords: they never travel as plain text, see scram.ts). */
  log: string;
  /** initdb's password file: exists only while initdb runs. */
  passwordFile: string;
}

export function serverFolder(dataDir: string): ServerFolder {
  const folder = path.join(dataDir, 'hotel-database');
  return {
    folder,
    data: path.join(folder, 'data'),
    log: path.join(folder, 'server.log'),
    passwordFile: path.join(folder, 'initdb-password'),
  };
}

export const ADMIN_ROLE = 'resdesk_admin';

/**
 * Who may connect from where. The desks' role `resdesk` reaches only the `resdesk` database, only from this PC and
 * from private networks (a hotel's LAN; never the internet even if a router forwarded the port), only with its
 * password over SCRAM. The administrator role reaches the server only from this PC. Everything else is refused.
 */
export const PG_HBA = `# Written by Resdesk (this PC keeps the hotel's database). Changes here are overwritten at the next start.
# TYPE  DATABASE  USER            ADDRESS          METHOD
host    all       ${ADMIN_ROLE}   127.0.0.1/32     scram-sha-256
host    all       ${ADMIN_ROLE}   ::1/128          scram-sha-256
host    resdesk   resdesk         127.0.0.1/32     scram-sha-256
host    resdesk   resdesk         ::1/128          scram-sha-256
host    resdesk   resdesk         10.0.0.0/8       scram-sha-256
host    resdesk   resdesk         172.16.0.0/12    scram-sha-256
host    resdesk   resdesk         192.168.0.0/16   scram-sha-256
host    resdesk   resdesk         fc00::/7         scram-sha-256
host    resdesk   resdesk         fe80::/10        scram-sha-256
`;

/** Appended to postgresql.conf once, after initdb. The port is given at each start (-p), so it can change. */
export const SERVER_SETTINGS = [
  '',
  '# Resdesk: reachable from the hotel network; no Unix socket (nothing but TCP is used, and none clashes).',
  "listen_addresses = '*'",
  "unix_socket_directories = ''",
  "password_encryption = 'scram-sha-256'",
  'max_connections = 50',
  "log_line_prefix = '%m [%p] '",
  '',
].join('\n');
