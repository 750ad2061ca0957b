// A process that crashes as main would: it installs the desk's crash handlers and run marker, then
// throws from a callback and leaves a promise rejected, and ends without the clean quit. Run by
// crash-run.test.ts with: node --import tsx crash-child.ts <dataDir> <logFile>.
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { noticeUncleanStop } from '../../../main/diagnostics/run-marker';
import { catchProcessCrashes } from '../../../main/shell/crashes';
import { createFileLogger } from '../../../main/shell/log';

const [dataDir, logFile] = process.argv.slice(2) as [string, string];
const logger = createFileLogger({ file: logFile });
catchProcessCrashes({
  logger,
  // Stands for the dialog (Electron's is not here): counted in a file the test reads.
  tell: () => appendFileSync(path.join(dataDir, 'told'), 'told\n'),
});
noticeUncleanStop(dataDir, logger, new Date());
setImmediate(() => {
  throw new Error('the exchange said password=hunter2 was wrong');
});
void Promise.reject(new Error('a write failed'));
