// A development build (`npm start`, unpackaged) keeps its own data folder, so trying things out never
// touches the reception PC's real desk (database, preferences, window state, logs), and both can run side
// by side: the single-instance lock lives in the data folder too.
import path from 'node:path';

export const DEV_DATA_FOLDER = 'Resdesk Dev';

export interface DataFolders {
  userData: string;
  logs: string;
}

/** The folders an unpackaged build uses instead of the installed app's; null for the packaged app. */
export function developmentDataFolders(packaged: boolean, appData: string): DataFolders | null {
  if (packaged) return null;
  const userData = path.join(appData, DEV_DATA_FOLDER);
  return { userData, logs: path.join(userData, 'logs') };
}
