// Worker bootstrap: Node 20 does not carry the parent's TypeScript loader into workers (see
// test/harness/ts-worker.mjs), so tsx is registered here before the TypeScript writer loads.
import { register } from 'tsx/esm/api';

register();
await import('./writer.ts');
