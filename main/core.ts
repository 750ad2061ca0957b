// createCore(ports): wires exchange client + store + sync + export + practice service into the contract's
// handlers. Imports nothing from electron. (Being written by the lead; the signature is fixed.)
import type { Core, CorePorts } from './core-types';

export function createCore(_ports: CorePorts): Core {
  throw new Error('createCore is not wired yet');
}
