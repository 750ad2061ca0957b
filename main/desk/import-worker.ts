// Worker-thread entry for the heavy part of a sync: list → decode → store → acknowledge (and the reconcile
// lists when due). Its own Store and exchange client; the password arrives in workerData, in memory only.
// It exists for SQLite alone (a second connection to the desk's file, so the window's thread never waits on
// an import); it opens the synchronous Store and runs the pull through its DeskStore form.
import { parentPort, workerData } from 'node:worker_threads';
import { createExchangeClient } from '../exchange';
import { Store } from '../store';
import { sqliteDeskStore } from '../store/engines/desk-store';
import { createMessages } from '../kernel/messages';
import { askedWait, classifyFailure, describeFailure } from '../kernel/describe-error';
import { pullInThisThread } from '../sync/cycle';
import { emptySummary } from '../sync/pull';
import { keyingImports } from '../operations/keyed-imports';
import type { PullJob, PullJobMessage, PullProgressMessage } from '../sync/worker-pull';

async function run(
  job: PullJob & { password: string },
  progress: (message: PullProgressMessage) => void,
): Promise<PullJobMessage> {
  const store = Store.open(job.dbFile);
  const client = createExchangeClient({
    baseUrl: job.serviceUrl,
    user: job.user,
    partnerId: job.partnerId,
    format: job.format,
    getPassword: async () => job.password,
    token: job.token,
    batchSize: job.batchSize,
  });
  const summary = emptySummary();
  try {
    await pullInThisThread(
      client,
      keyingImports(sqliteDeskStore(store)),
      job.window,
      job.reconcile,
      () => new Date(),
      summary,
      job.partnerId,
      job.mode,
      undefined,
      (read) => progress({ progress: read }),
    );
    return { ok: true, summary };
  } catch (error) {
    return {
      ok: false,
      summary,
      kind: classifyFailure(error),
      message: describeFailure(error, createMessages(job.language), job.partnerId),
      waitMs: askedWait(error),
    };
  } finally {
    await client.close();
    store.close();
  }
}

if (parentPort) {
  const port = parentPort;
  void run(workerData as PullJob & { password: string }, (message) => port.postMessage(message)).then(
    (message) => port.postMessage(message),
  );
}
