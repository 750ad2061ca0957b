// The sync's stand-in: its own connection, committing batch after batch until told to stop. After each
// commit it publishes how many reservations are committed, so the test knows what a backup must hold.
import { parentPort, workerData } from 'node:worker_threads';
import { Store } from '../../../main/store';
import { generateReservations } from '../../unit/store/fixtures';

interface WriterData {
  file: string;
  batch: number;
  first: number;
  /**
   * [0]: reservations committed so far (published after each commit); [1]: 1 once the test wants it
   * to stop; [2]: reservations there will be once the commit in hand lands (published before it).
   */
  shared: SharedArrayBuffer;
}

const { file, batch, first, shared } = workerData as WriterData;
const state = new Int32Array(shared);
const store = Store.open(file);
let next = first;
while (Atomics.load(state, 1) === 0) {
  Atomics.store(state, 2, next + batch);
  store.importBatch(generateReservations(batch, next, next), new Date().toISOString());
  next += batch;
  Atomics.store(state, 0, next);
}
store.close();
parentPort?.postMessage('stopped');
