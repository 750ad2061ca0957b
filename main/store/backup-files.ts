// Where backups live and what they are called. A name says when the copy was taken and why, so the list
// (Settings → Backups, resdesk restore) and the pruning need nothing but the folder: no index file that
// could disagree with what is on the disk.
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/** daily: the day's copy; pre-migration: taken before a new Resdesk changed the schema; manual: asked for. */
export type BackupKind = 'daily' | 'pre-migration' | 'manual';

/** How many of each kind a folder keeps; manual copies are the person's, never removed. */
export const BACKUP_KEEP: Readonly<Record<BackupKind, number>> = {
  daily: 7,
  'pre-migration': 3,
  manual: Number.POSITIVE_INFINITY,
};

/** The folder beside the database: <dataDir>/backups for the desk. */
export const backupFolderOf = (dbFile: string): string =>
  path.join(path.dirname(path.resolve(dbFile)), 'backups');

/** The setting naming the second folder the hotel chose (a USB disk, a network share), or null. */
export const SECOND_FOLDER_SETTING = 'backups.secondFolder';

export interface BackupEntry {
  file: string;
  kind: BackupKind;
  /** ISO instant, from the name. */
  takenAt: string;
  /** The schema version, from the name (the check after writing proved it). */
  version: number;
  size: number;
}

const NAME =
  /^resdesk-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-(daily|pre-migration|manual)-v(\d+)\.db$/;

/** resdesk-2026-11-24T21-03-05-123Z-daily-v10.db: sorts by time, and ':' is not allowed on Windows. */
export function backupName(kind: BackupKind, at: Date, version: number): string {
  const stamp = at.toISOString().replace(/:/g, '-').replace('.', '-');
  return `resdesk-${stamp}-${kind}-v${version}.db`;
}

function parse(dir: string, name: string): BackupEntry | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const file = path.join(dir, name);
  let size: number;
  try {
    const stats = statSync(file);
    if (!stats.isFile()) return null;
    size = stats.size;
  } catch {
    return null;
  }
  return {
    file,
    kind: m[6] as BackupKind,
    takenAt: `${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`,
    version: Number(m[7]),
    size,
  };
}

/** The backups in these folders, newest first; a folder that is missing or unreadable lists nothing. */
export function listBackups(dirs: readonly string[]): BackupEntry[] {
  const entries: BackupEntry[] = [];
  for (const dir of dirs) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const entry = parse(dir, name);
      if (entry) entries.push(entry);
    }
  }
  return entries.sort((a, b) => (a.takenAt < b.takenAt ? 1 : a.takenAt > b.takenAt ? -1 : 0));
}

/** Removes the oldest copies of `kind` in `dir` beyond what BACKUP_KEEP allows; returns what it removed. */
export function pruneBackups(dir: string, kind: BackupKind): string[] {
  const keep = BACKUP_KEEP[kind];
  const old = listBackups([dir])
    .filter((e) => e.kind === kind)
    .slice(keep);
  for (const entry of old) rmSync(entry.file, { force: true });
  return old.map((e) => e.file);
}
