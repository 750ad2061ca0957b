// A file the desk writes for the receptionist to open (a stop-sale notice, the production's CSV): into the exports
// folder, staged so it is whole or not there at all, replacing an earlier one of the same name.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { writeStaged } from '../export/staged-file';
import type { DeskContext } from './context';

/** Writes `text` as the exports folder's file `name`; its path. */
export async function writeExportFile(ctx: DeskContext, name: string, text: string): Promise<string> {
  const file = path.join(ctx.ports.dataDir, 'exports', name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeStaged(file, text, { replace: true });
  return file;
}
