// Worker-thread bootstrap for tests and development: Node 20 does not carry the parent's TypeScript
// loader into workers, so register tsx here, then load the real worker entry (same thread, same workerData).
import { register } from 'tsx/esm/api';

register();
await import('../../main/desk/import-worker.ts');
